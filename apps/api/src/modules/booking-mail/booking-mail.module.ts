import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import type { UserModule } from '../user/user.module.ts';
import { bookingMail } from './booking-mail.ts';
import { shareBookingRoutes } from './share-booking.routes.ts';
import { createShareBookingService } from './share-booking.service.ts';
import { planReminders, REMINDER_QUEUE, sendReminder, type ReminderJob } from './reminders.ts';
import { HOLD_REMINDER_QUEUE, planHoldReminder, sendHoldReminder, type HoldReminderJob } from './hold-reminders.ts';

/**
 * Booking mails (issue 15): on every `booking.changed` the mails of the change, queued in the booking's transaction
 * (decision 0020), with the .ics where the session enters, moves in or leaves the calendar; and the reminders
 * REMINDER_HOURS before a confirmed session (jobs due then, re-checking the booking when they run). `facts` is the
 * bookings module's `factsOf` (the BookingFacts port), handed over in app.ts.
 */
export function createBookingMailModule(
  deps: AppDeps,
  faces: { users: Pick<UserModule, 'findActiveUser'>; facts: BookingFactsSource },
) {
  deps.events.subscribeInTransaction('booking.changed', bookingMail(deps, faces.users, faces.facts));
  deps.events.subscribeInTransaction('booking.changed', planReminders(deps));
  deps.events.subscribeInTransaction('booking.changed', planHoldReminder(deps));
  const shares = createShareBookingService(deps, faces.users, faces.facts);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(shareBookingRoutes, { shares });
    await deps.jobs.work<ReminderJob>(
      REMINDER_QUEUE,
      { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 60, deleteAfterSeconds: 24 * 3600 },
      sendReminder(deps, faces.users, faces.facts),
    );
    await deps.jobs.work<HoldReminderJob>(
      HOLD_REMINDER_QUEUE,
      { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 60, deleteAfterSeconds: 24 * 3600 },
      sendHoldReminder(deps, faces.users, faces.facts),
    );
  };
  return { plugin };
}
export type BookingMailModule = ReturnType<typeof createBookingMailModule>;
