import crypto from 'node:crypto';
import { REMINDER_HOURS } from '@therapy/contracts/constants';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import type { UserModule } from '../user/user.module.ts';
import { bookingLink, bookingReminderTexts, formatSessionTime, therapyNameIn } from './booking-mail-texts.ts';

export const REMINDER_QUEUE = 'booking.reminder';
const HOUR_MS = 3_600_000;

export interface ReminderJob {
  bookingId: string;
  hours: number;
  /** The start time the reminder was planned for (ISO); a moved booking makes the job stale. */
  startTime: string;
}

/** One job id per (booking, hours, start time): planning the same reminder again adds nothing (jobs.send `id`). */
export function reminderJobId(job: ReminderJob): string {
  const h = crypto.createHash('sha256').update(`${job.bookingId}|${job.hours}|${job.startTime}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type Deps = Pick<AppDeps, 'config' | 'mail' | 'clock' | 'jobs' | 'db'>;
type Users = Pick<UserModule, 'findActiveUser'>;

/**
 * The `booking.changed` subscriber that plans the reminders (REMINDER_HOURS before the session) of a booking that is
 * confirmed with a time, in the booking's transaction: a job per reminder, due at start - hours. A reminder whose time
 * has already passed (a session booked for within the hour) is not planned. Cancels and reschedules plan nothing to
 * remove: the job re-reads the booking when it runs.
 */
export function planReminders(deps: Deps) {
  return async (event: DomainEventMap['booking.changed'], tx: Executor): Promise<void> => {
    if (event.status !== 'confirmed' || !event.startTime) return;
    const startsAt = Date.parse(event.startTime);
    const now = deps.clock.now().getTime();
    for (const hours of REMINDER_HOURS) {
      const due = startsAt - hours * HOUR_MS;
      if (due <= now) continue;
      const job: ReminderJob = { bookingId: event.bookingId, hours, startTime: new Date(startsAt).toISOString() };
      await deps.jobs.send(REMINDER_QUEUE, job, { id: reminderJobId(job), tx, startAfter: new Date(due) });
    }
  };
}

/**
 * Runs a due reminder: it sends to client and provider only when the booking is still confirmed at the start time the
 * reminder was planned for and that start is still ahead; a moved, cancelled or past booking sends nothing stale.
 */
export function sendReminder(deps: Deps, users: Users, facts: BookingFactsSource) {
  return async (job: ReminderJob): Promise<void> => {
    const booking = await facts(job.bookingId);
    if (!booking || booking.status !== 'confirmed' || !booking.startsAt || !booking.endsAt) return;
    if (booking.startsAt.toISOString() !== job.startTime || booking.startsAt.getTime() <= deps.clock.now().getTime())
      return;
    for (const [recipient, userId] of [
      ['client', booking.clientId],
      ['provider', booking.providerId],
    ] as const) {
      const user = await users.findActiveUser(userId);
      if (!user) continue;
      const locale = user.locale === 'de' ? 'de' : 'en';
      const other =
        (recipient === 'client' ? booking.providerName : booking.clientName) ??
        (locale === 'de' ? 'ein gelöschtes Konto' : 'a deleted account');
      const content = bookingReminderTexts[locale]({
        name: user.firstName ?? (locale === 'de' ? 'zusammen' : 'there'),
        other,
        therapy: therapyNameIn(locale, booking),
        when: formatSessionTime(booking.startsAt, booking.endsAt, locale, user.timezone ?? null),
        where: booking.meetingLink ?? booking.address ?? '',
        link: bookingLink(deps.config.appOrigin, booking.identifier),
        hours: job.hours,
      });
      await deps.mail.queue(deps.db, {
        to: user.email,
        lang: locale,
        ...content,
        notification: { userId, kind: 'reminders' },
      });
    }
  };
}
