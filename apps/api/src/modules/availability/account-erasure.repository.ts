import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { availabilityDays, availabilitySettings } from '../../db/schema/availability.ts';

/** A deleted provider's plan goes (decision 0013); intervals go with their days (ON DELETE CASCADE). */
export async function eraseAvailability(db: Executor, userId: string): Promise<void> {
  await db.delete(availabilityDays).where(eq(availabilityDays.providerId, userId));
  await db.delete(availabilitySettings).where(eq(availabilitySettings.providerId, userId));
}
