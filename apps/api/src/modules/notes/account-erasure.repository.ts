import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notes } from '../../db/schema/notes.ts';

/**
 * A provider's notes are theirs to keep or lose: they go with the account (their sealed files go with the account's
 * files). Notes a provider wrote about a deleted client stay with that provider (the client's row is anonymised, not
 * removed). The access log stays: it holds who and when, never note text. Signed notes and addenda are refused
 * deletion by their triggers except in the erasure of their author, which names itself for this transaction.
 */
export async function eraseNotesBy(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`SELECT set_config('app.erasing_user', ${userId}, true)`);
  await db.delete(notes).where(eq(notes.authorId, userId));
}
