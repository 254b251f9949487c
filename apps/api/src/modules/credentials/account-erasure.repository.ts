import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insuranceFiles, qualifications } from '../../db/schema/credentials.ts';

/**
 * A deleted provider's qualifications (their file links go with them, ON DELETE CASCADE) and insurance go (decision
 * 0013); the files themselves are the person's own and go with the account's files.
 */
export async function eraseCredentials(db: Executor, userId: string): Promise<void> {
  await db.delete(qualifications).where(eq(qualifications.providerId, userId));
  await db.delete(insuranceFiles).where(eq(insuranceFiles.providerId, userId));
}
