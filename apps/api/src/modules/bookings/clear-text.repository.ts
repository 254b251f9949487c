import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingReschedules, bookingStatusHistory, bookings } from '../../db/schema/bookings.ts';

/**
 * The one-time backfill's reads and writes (clear-text.ts): rows that still hold a note in the legacy clear columns,
 * a batch at a time, locked and skipped by a second instance doing the same; each written back sealed with its clear
 * column emptied.
 */
export const clearTextRepository = {
  bookings(tx: Executor, limit: number) {
    return tx
      .select({
        identifier: bookings.identifier,
        clearNote: bookings.clearNote,
        noteSealed: bookings.noteSealed,
        clearCancelNote: bookings.clearCancelNote,
        cancelNoteSealed: bookings.cancelNoteSealed,
      })
      .from(bookings)
      .where(or(isNotNull(bookings.clearNote), isNotNull(bookings.clearCancelNote)))
      .orderBy(asc(bookings.identifier))
      .limit(limit)
      .for('update', { skipLocked: true });
  },
  async sealBooking(tx: Executor, id: string, sealed: { noteSealed: string | null; cancelNoteSealed: string | null }) {
    await tx
      .update(bookings)
      .set({ ...sealed, clearNote: null, clearCancelNote: null })
      .where(eq(bookings.identifier, id));
  },

  reschedules(tx: Executor, limit: number) {
    return tx
      .select({
        identifier: bookingReschedules.identifier,
        clearNote: bookingReschedules.clearNote,
        noteSealed: bookingReschedules.noteSealed,
      })
      .from(bookingReschedules)
      .where(isNotNull(bookingReschedules.clearNote))
      .orderBy(asc(bookingReschedules.identifier))
      .limit(limit)
      .for('update', { skipLocked: true });
  },
  async sealReschedule(tx: Executor, id: string, noteSealed: string | null) {
    await tx
      .update(bookingReschedules)
      .set({ noteSealed, clearNote: null })
      .where(eq(bookingReschedules.identifier, id));
  },

  historyLines(tx: Executor, limit: number) {
    return tx
      .select({
        identifier: bookingStatusHistory.identifier,
        clearNote: bookingStatusHistory.clearNote,
        noteSealed: bookingStatusHistory.noteSealed,
      })
      .from(bookingStatusHistory)
      .where(isNotNull(bookingStatusHistory.clearNote))
      .orderBy(asc(bookingStatusHistory.identifier))
      .limit(limit)
      .for('update', { skipLocked: true });
  },
  async sealHistoryLine(tx: Executor, id: string, noteSealed: string | null) {
    await tx
      .update(bookingStatusHistory)
      .set({ noteSealed, clearNote: null })
      .where(eq(bookingStatusHistory.identifier, id));
  },
};
