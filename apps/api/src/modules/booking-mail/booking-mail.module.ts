import type { AppDeps } from '../../deps.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import type { UserModule } from '../user/user.module.ts';
import { bookingMail } from './booking-mail.ts';

/**
 * Booking mails (issue 15): on every `booking.changed` the mails of the change, queued in the booking's transaction
 * (decision 0020), with the .ics where the session enters, moves in or leaves the calendar. `facts` is the bookings
 * module's `factsOf` (the BookingFacts port), handed over in app.ts.
 */
export function createBookingMailModule(deps: AppDeps, faces: { users: Pick<UserModule, 'findActiveUser'>; facts: BookingFactsSource }) {
  deps.events.subscribeInTransaction('booking.changed', bookingMail(deps, faces.users, faces.facts));
  return {};
}
export type BookingMailModule = ReturnType<typeof createBookingMailModule>;
