import { eq, sql } from 'drizzle-orm';
import { m } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import { notes } from '../../db/schema/notes.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * A practice record became the person's account (decision 0053): the provider's notes about them follow, signed ones
 * too. A signed note's client may change only here: the merge names the record it moves (`app.merging_record`, for
 * this transaction only) and the lock trigger (migration 0041) lets exactly that change through.
 */
export async function mergeRecordNotes(ex: Executor, recordId: string, accountId: string): Promise<void> {
  await ex.execute(sql`SELECT set_config('app.merging_record', ${recordId}, true)`);
  await ex.update(notes).set({ clientId: accountId }).where(eq(notes.clientId, recordId));
}

/** A record with notes is not deleted: notes are health records and never vanish with it. */
export async function refuseRecordWithNotes(ex: Executor, recordId: string): Promise<void> {
  const [row] = await ex
    .select({ one: sql`1` })
    .from(notes)
    .where(eq(notes.clientId, recordId))
    .limit(1);
  if (row) throw AppError.conflict('CONFLICT', m.clientRecordHasHistory);
}
