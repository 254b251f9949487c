import { TZDate } from '@date-fns/tz';
import type { CalendarEventKind, CalendarView, CalendarViewQuery } from '@therapy/contracts/calendar-view';
import type { AppDeps } from '../../../deps.ts';
import { requireRole, type Actor } from '../../../platform/auth/access.ts';
import type { AvailabilityModule } from '../../availability/availability.module.ts';
import { calendarViewRepository as repo, type CalendarEventRow } from './calendar-view.repository.ts';

const kindOf: Record<CalendarEventRow['status'], CalendarEventKind> = {
  confirmed: 'booking',
  requested: 'request',
  pending: 'hold',
};

/** The instant a date starts in a zone (a DST day's midnight too). */
const midnightIn = (zone: string, date: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, zone).getTime());
};

const nameOf = (row: CalendarEventRow): string =>
  [row.clientFirstName, row.clientLastName].filter((part) => part && part.trim() !== '').join(' ');

/**
 * The provider's calendar to look at (issue 47): one read for a date range of the week, day or month view. The range
 * is in the provider's own zone (the plan's), so a week from Monday is their Monday; only their own bookings are read.
 */
export function createCalendarViewService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ports: { availability: Pick<AvailabilityModule, 'blockedDaysOf'> },
) {
  return {
    async view(actor: Actor, query: CalendarViewQuery): Promise<CalendarView> {
      const providerId = requireRole(actor, 'provider').userId;
      const { timezone, blocked } = await ports.availability.blockedDaysOf(providerId, query.from, query.to);
      // Midnight of each end date in the provider's zone (a DST day's midnight too).
      const from = midnightIn(timezone, query.from);
      const to = midnightIn(timezone, query.to);
      const rows = await repo.eventsBetween(deps.db, providerId, from, to, deps.clock.now());
      return {
        timezone,
        from: query.from,
        to: query.to,
        events: rows.map((row) => ({
          identifier: row.identifier,
          kind: kindOf[row.status],
          startTime: row.startsAt.toISOString(),
          endTime: row.endsAt.toISOString(),
          clientName: nameOf(row),
          therapy: { identifier: row.therapyId, code: row.therapyCode, name: row.therapyName },
          reschedulePending: row.reschedulePending,
          remainingProviderReschedule: row.providerReschedulesLeft,
        })),
        blocked,
      };
    },
  };
}
export type CalendarViewService = ReturnType<typeof createCalendarViewService>;
