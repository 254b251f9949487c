import { eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingReschedules, bookingStatusHistory, bookings } from '../../db/schema/bookings.ts';

/**
 * A deleted account's bookings stay (the ledger and the other party's history refer to them: decision 0013), but the
 * health text on them goes: the client's note to the therapist, cancellation and reschedule notes and the status
 * lines that repeat them, on every booking the person was a party to (client or provider), sealed or, before the
 * backfill, in clear. Times, statuses and amounts stay.
 */
export async function eraseBookingTexts(db: Executor, userId: string): Promise<void> {
  const theirs = or(eq(bookings.clientId, userId), eq(bookings.providerId, userId));
  const ids = db.select({ id: bookings.identifier }).from(bookings).where(theirs);
  await db
    .update(bookingReschedules)
    .set({ noteSealed: null, clearNote: null })
    .where(inArray(bookingReschedules.bookingId, ids));
  await db
    .update(bookingStatusHistory)
    .set({ noteSealed: null, clearNote: null })
    .where(inArray(bookingStatusHistory.bookingId, ids));
  await db
    .update(bookings)
    .set({ noteSealed: null, cancelNoteSealed: null, clearNote: null, clearCancelNote: null })
    .where(theirs);
}
