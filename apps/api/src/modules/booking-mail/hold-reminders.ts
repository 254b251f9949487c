import crypto from 'node:crypto';
import { HOLD_REMINDER_HOURS } from '@therapy/contracts/constants';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import type { UserModule } from '../user/user.module.ts';
import {
  bookingLink,
  formatInstant,
  formatSessionTime,
  holdReminderTexts,
  therapyNameIn,
} from './booking-mail-texts.ts';
import { holdRemindersRepository } from './hold-reminders.repository.ts';

export const HOLD_REMINDER_QUEUE = 'booking.hold-reminder';
const HOUR_MS = 3_600_000;

export interface HoldReminderJob {
  bookingId: string;
  /** The hold end the reminder was planned for (ISO); a paid, moved or renewed hold makes the job stale. */
  holdExpiresAt: string;
}

const jobIdOf = (job: HoldReminderJob) => {
  const h = crypto.createHash('sha256').update(`hold|${job.bookingId}|${job.holdExpiresAt}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

type Deps = Pick<AppDeps, 'config' | 'mail' | 'clock' | 'jobs' | 'events'>;
type Users = Pick<UserModule, 'findActiveUser'>;

/**
 * Issue 47: an unpaid booking with a time whose hold ends more than HOLD_REMINDER_HOURS ahead (a provider's
 * appointment, an accepted request: a day to pay) gets one reminder that many hours before the end, planned in the
 * booking's transaction. A client's own 30-minute hold (they are paying now) plans none.
 */
export function planHoldReminder(deps: Pick<Deps, 'clock' | 'jobs'>) {
  return async (event: DomainEventMap['booking.changed'], tx: Executor): Promise<void> => {
    if (event.status !== 'pending' || !event.startTime || !event.holdExpiresAt) return;
    const due = Date.parse(event.holdExpiresAt) - HOLD_REMINDER_HOURS * HOUR_MS;
    if (due <= deps.clock.now().getTime()) return;
    const job: HoldReminderJob = { bookingId: event.bookingId, holdExpiresAt: event.holdExpiresAt };
    await deps.jobs.send(HOLD_REMINDER_QUEUE, job, { id: jobIdOf(job), tx, startAfter: new Date(due) });
  };
}

/**
 * Runs a due hold reminder: only for a booking still unpaid with the hold it was planned for, still ahead. It claims
 * the reminder (once per booking and hold), queues the client's mail and publishes `booking.hold-expiring` (the
 * notification) in one transaction, so a retried job sends nothing twice.
 */
export function sendHoldReminder(deps: Deps, users: Users, facts: BookingFactsSource) {
  return async (job: HoldReminderJob): Promise<void> => {
    const booking = await facts(job.bookingId);
    if (!booking || booking.status !== 'pending' || !booking.holdExpiresAt || !booking.startsAt || !booking.endsAt)
      return;
    if (booking.holdExpiresAt.toISOString() !== new Date(job.holdExpiresAt).toISOString()) return;
    if (booking.holdExpiresAt.getTime() <= deps.clock.now().getTime()) return;
    const { startsAt, endsAt, holdExpiresAt } = booking;
    await deps.events.transaction(async (tx) => {
      if (!(await holdRemindersRepository.claim(tx, booking.identifier, holdExpiresAt))) return;
      const user = await users.findActiveUser(booking.clientId, tx);
      if (user) {
        const locale = user.locale === 'de' ? 'de' : 'en';
        const content = holdReminderTexts[locale]({
          name: user.firstName ?? (locale === 'de' ? 'zusammen' : 'there'),
          other: booking.providerName ?? (locale === 'de' ? 'ein gelöschtes Konto' : 'a deleted account'),
          therapy: therapyNameIn(locale, booking),
          when: formatSessionTime(startsAt, endsAt, locale, user.timezone ?? null),
          where: booking.meetingLink ?? booking.address ?? '',
          link: bookingLink(deps.config.appOrigin, booking.identifier),
          due: formatInstant(holdExpiresAt, locale, user.timezone ?? null),
        });
        await deps.mail.queue(tx, {
          to: user.email,
          lang: locale,
          ...content,
          notification: { userId: booking.clientId, kind: 'reminders' },
        });
      }
      await deps.events.publish(tx, 'booking.hold-expiring', {
        bookingId: booking.identifier,
        clientId: booking.clientId,
        providerId: booking.providerId,
        startTime: startsAt.toISOString(),
        holdExpiresAt: holdExpiresAt.toISOString(),
      });
    });
  };
}
