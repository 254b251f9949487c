import { eq, sql } from 'drizzle-orm';
import { m } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import { bookingParticipants, bookingReschedules, bookingStatusHistory, bookings } from '../../db/schema/bookings.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * A practice record became the person's account (decision 0053): its appointments follow, with their participants
 * and the history lines and reschedules the record is named in. A pending one is now theirs to see and pay.
 */
export async function mergeRecordBookings(ex: Executor, recordId: string, accountId: string): Promise<void> {
  await ex.update(bookings).set({ clientId: accountId }).where(eq(bookings.clientId, recordId));
  await ex.update(bookingParticipants).set({ clientId: accountId }).where(eq(bookingParticipants.clientId, recordId));
  await ex.update(bookingStatusHistory).set({ actorId: accountId }).where(eq(bookingStatusHistory.actorId, recordId));
  await ex
    .update(bookingReschedules)
    .set({ requestedById: accountId })
    .where(eq(bookingReschedules.requestedById, recordId));
}

/** A record with appointments is not deleted: they are health records (and may carry money). */
export async function refuseRecordWithBookings(ex: Executor, recordId: string): Promise<void> {
  const [row] = await ex
    .select({ one: sql`1` })
    .from(bookings)
    .where(eq(bookings.clientId, recordId))
    .limit(1);
  if (row) throw AppError.conflict('CONFLICT', m.clientRecordHasHistory);
}
