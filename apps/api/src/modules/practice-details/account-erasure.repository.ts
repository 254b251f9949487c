import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providerBookingFees, providerLicenseStates, workHistory } from '../../db/schema/practice-details.ts';

/** A deleted provider's work history, fees and licence states go (decision 0013); they hold no files. */
export async function erasePracticeDetails(db: Executor, userId: string): Promise<void> {
  await db.delete(workHistory).where(eq(workHistory.providerId, userId));
  await db.delete(providerBookingFees).where(eq(providerBookingFees.providerId, userId));
  await db.delete(providerLicenseStates).where(eq(providerLicenseStates.providerId, userId));
}
