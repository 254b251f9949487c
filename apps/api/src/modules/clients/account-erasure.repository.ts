import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clientImports } from '../../db/schema/clients.ts';

/**
 * A provider's imported clients (names and addresses they entered) go with the provider; a client who leaves is
 * unlinked from the imports that named them (the provider's own record of the address stays theirs).
 */
export async function eraseClientImports(db: Executor, userId: string): Promise<void> {
  await db.delete(clientImports).where(eq(clientImports.providerId, userId));
  await db
    .update(clientImports)
    .set({ clientId: null, inviteTokenHash: null })
    .where(eq(clientImports.clientId, userId));
}
