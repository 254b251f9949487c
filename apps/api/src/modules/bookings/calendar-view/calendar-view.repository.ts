import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { bookingReschedules, bookings } from '../../../db/schema/bookings.ts';
import { referenceItems } from '../../../db/schema/reference.ts';
import { people } from '../../../db/schema/users.ts';

export interface CalendarEventRow {
  identifier: string;
  status: 'requested' | 'pending' | 'confirmed';
  startsAt: Date;
  endsAt: Date;
  clientFirstName: string | null;
  clientLastName: string | null;
  therapyId: string;
  therapyCode: string;
  therapyName: string;
  reschedulePending: boolean;
  providerReschedulesLeft: number;
}

/** The provider's calendar to look at (issue 47): Drizzle only. */
export const calendarViewRepository = {
  /**
   * The provider's bookings that hold time in [from, to): confirmed ones, requests, and holds whose payment time has
   * not run out (an expired hold frees its slot even before the minute's job marks it). Earliest first.
   */
  async eventsBetween(ex: Executor, providerId: string, from: Date, to: Date, now: Date): Promise<CalendarEventRow[]> {
    const rows = await ex
      .select({
        identifier: bookings.identifier,
        status: bookings.status,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        clientFirstName: people.firstName,
        clientLastName: people.lastName,
        therapyId: referenceItems.identifier,
        therapyCode: referenceItems.code,
        therapyName: referenceItems.name,
        reschedulePending: sql<boolean>`EXISTS (SELECT 1 FROM ${bookingReschedules} WHERE ${bookingReschedules.bookingId} = ${bookings.identifier} AND ${bookingReschedules.status} = 'pending')`,
        providerReschedulesLeft: bookings.providerReschedulesLeft,
      })
      .from(bookings)
      .innerJoin(people, eq(people.identifier, bookings.clientId))
      .innerJoin(referenceItems, eq(referenceItems.identifier, bookings.therapyCategoryId))
      .where(
        and(
          eq(bookings.providerId, providerId),
          or(
            inArray(bookings.status, ['requested', 'confirmed']),
            and(eq(bookings.status, 'pending'), or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now))),
          ),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
        ),
      )
      .orderBy(bookings.startsAt);
    return rows as CalendarEventRow[];
  },
};
