import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providerVerifications } from '../../db/schema/verification.ts';

/** A deleted provider's verification and the operator's note about it go (issue 14, decision 0013). */
export async function eraseVerification(db: Executor, userId: string): Promise<void> {
  await db.delete(providerVerifications).where(eq(providerVerifications.providerId, userId));
}
