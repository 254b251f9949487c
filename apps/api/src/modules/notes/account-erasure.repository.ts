import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notes } from '../../db/schema/notes.ts';

/**
 * A provider's notes are theirs to keep or lose: they go with the account (their sealed files go with the account's
 * files). Notes a provider wrote about a deleted client stay with that provider (the client's row is anonymised, not
 * removed). The access log stays: it holds who and when, never note text.
 */
export async function eraseNotesBy(db: Executor, userId: string): Promise<void> {
  await db.delete(notes).where(eq(notes.authorId, userId));
}
