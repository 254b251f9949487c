import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankDetails } from '../../db/schema/bank-details.ts';

/** A deleted provider's payout details (sealed at rest) go (decision 0013). */
export async function eraseBankDetails(db: Executor, userId: string): Promise<void> {
  await db.delete(bankDetails).where(eq(bankDetails.providerId, userId));
}
