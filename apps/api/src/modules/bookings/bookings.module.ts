import { onRecordDeletion, onRecordMerge } from '../../platform/client-records.ts';
import { mergeRecordBookings, refuseRecordWithBookings } from './record-merge.repository.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import type { BookingFacts, BookingFactsSource } from '../../platform/booking-facts.ts';
import type { AvailabilityModule } from '../availability/availability.module.ts';
import type { PracticeDetailsModule } from '../practice-details/practice-details.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { eraseBookingTexts } from './account-erasure.repository.ts';
import { createBookingJobs } from './booking-jobs.ts';
import { bookingsRepository } from './bookings.repository.ts';
import { earningReference } from './earning-references.ts';
import { earningSessionsRepository } from './earning-sessions.repository.ts';
import { bookingsRoutes } from './bookings.routes.ts';
import { type BookingsPorts, createBookingsService } from './bookings.service.ts';
import { calendarViewRoutes } from './calendar-view/calendar-view.routes.ts';
import { createCalendarViewService } from './calendar-view/calendar-view.service.ts';
import { bookingChangesRoutes } from './changes/changes.routes.ts';
import { createBookingChangesService } from './changes/changes.service.ts';
import { overviewRoutes } from './overview/overview.routes.ts';
import { createOverviewService } from './overview/overview.service.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';
import { createWaitlistService } from './waitlist/waitlist.service.ts';
import type { UserModule } from '../user/user.module.ts';

const WAITLIST_SWEEP_QUEUE = 'waitlist.sweep';

/**
 * The bookings module's public face (issue 15): booking, paying, scheduling and reading bookings, their changes
 * (`changes/`: cancel, reschedule, answers), the /overview dashboards (`overview/`), and the jobs that expire holds and complete sessions. It registers the
 * bookings' busy times with availability (so offered slots leave out booked ones) and offers `factsOf` (the
 * BookingFacts port) to the mail and payout work.
 */
/**
 * A user's active bookings that have not ended (account deletion waits for none). A query with no module state, so the
 * user module, created before this one, gets it at its creation (no late binding).
 */
export const upcomingSessionCount = (ex: Executor, userId: string, now: Date): Promise<number> =>
  bookingsRepository.upcomingCount(ex, userId, now);

/** The start-up backfill that seals notes kept in clear before issue 45 (run by the migration step, db/migrate.ts). */
export { sealClearBookingTexts } from './clear-text.ts';

export function createBookingsModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'config' | 'jobs' | 'files' | 'mail'>,
  faces: {
    availability: Pick<
      AvailabilityModule,
      'verifyTimeslot' | 'timeslotOf' | 'weeklyRepeats' | 'bookableBetween' | 'blockedDaysOf'
    >;
    users: Pick<UserModule, 'findActiveUser'>;
    wallet: Pick<WalletModule, 'debit' | 'refund' | 'transfer' | 'earnedBetween'>;
    practiceDetails: Pick<PracticeDetailsModule, 'listedStatesOf'>;
    isVerified: (providerId: string, ex?: Executor) => Promise<boolean>;
    records: BookingsPorts['records'];
  },
) {
  // Deleting an account erases the health text on the person's bookings, in the deletion's transaction.
  onAccountErasure(deps.events, eraseBookingTexts);
  // A practice record's appointments follow the person who joins, and keep the record (decision 0053).
  onRecordMerge(deps.events, mergeRecordBookings);
  onRecordDeletion(deps.events, refuseRecordWithBookings);
  const bookings = createBookingsService(deps, faces);
  const changes = createBookingChangesService(deps, faces);
  const jobs = createBookingJobs(deps, faces);
  const overview = createOverviewService(deps, faces);
  const calendarView = createCalendarViewService(deps, faces);
  // The waitlist (issue 19): a freed slot (a cancel, an expired hold, a declined request) goes to the line at once;
  // new availability and offers that ran out are the minute's sweep.
  const waitlist = createWaitlistService(deps, {
    users: faces.users,
    availability: faces.availability,
    bookOffered: bookings.bookOffered,
    terms: bookings.terms,
  });
  // A booking taken from a waitlist offer that ends unpaid or declined puts its place back in line, with the change.
  deps.events.subscribeInTransaction('booking.changed', async ({ bookingId, status }, tx) => {
    if (status === 'expired' || status === 'rejected') await waitlist.returnToLine(tx, bookingId);
  });
  // After the commit; the event bus awaits the scan and logs a failure (the minute's sweep tries again).
  deps.events.subscribe('booking.changed', async ({ providerId, status }) => {
    if (status === 'cancelled' || status === 'expired' || status === 'rejected') await waitlist.scan(providerId);
  });

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(bookingsRoutes, { bookings });
    await app.register(bookingChangesRoutes, { changes });
    await app.register(overviewRoutes, { overview });
    await app.register(calendarViewRoutes, { calendarView });
    await app.register(waitlistRoutes, { waitlist });
    await jobs.start();
    await deps.jobs.schedule(WAITLIST_SWEEP_QUEUE, '* * * * *', async () => void (await waitlist.sweep()));
  };

  return {
    name: 'bookings' as const,
    plugin,
    factsOf: bookings.factsOf satisfies BookingFactsSource,
    /** For the calendar feed (issue 19): the facts of the user's active (and recently held) bookings, earliest first. */
    calendarOf: async (userId: string, since: Date): Promise<BookingFacts[]> => {
      const ids = await bookingsRepository.calendarIds(deps.db, userId, since, deps.clock.now(), 500);
      const facts = await Promise.all(ids.map((id) => bookings.factsOf(id)));
      return facts.filter((f) => f !== undefined);
    },
    /** For notes (issue 17): whether the client has booked the provider (any booking, whatever became of it). */
    hasBookedWith: (providerId: string, clientId: string, ex: Executor = deps.db): Promise<boolean> =>
      bookingsRepository.hasBookedWith(ex, providerId, clientId),
    /** For reviews (issue 16): a participant booking's parties and the booking's status. */
    participantFacts: (participantId: string, ex: Executor = deps.db) =>
      bookingsRepository.participantFacts(ex, participantId),
    /** For reviews: the participant has reviewed the session (`feedbackProvided`), in the review's transaction. */
    markFeedbackProvided: (participantId: string, tx: Executor) =>
      bookingsRepository.setFeedbackProvided(tx, participantId),
    /**
     * For the earnings page (issue 46): the provider's paid sessions, every confirmed one (money held) and the latest
     * `limit` whose money was released to them, each with the ledger reference of that release (null while held).
     */
    earningSessionsOf: async (providerId: string, limit: number, ex: Executor = deps.db) =>
      (await earningSessionsRepository.ofProvider(ex, providerId, limit)).map((row) => ({
        ...row,
        earningReference:
          row.status === 'completed'
            ? earningReference.completed(row.identifier)
            : row.status === 'cancelled'
              ? earningReference.lateCancel(row.identifier)
              : null,
      })),
    /** For tests: the waitlist's minute's work, and one provider's scan. */
    waitlist,
    /** For tests and the bench: run the clock work now. */
    expireHolds: jobs.expireHolds,
    completeEnded: jobs.completeEnded,
  };
}
export type BookingsModule = ReturnType<typeof createBookingsModule>;
