import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providerLanguages, providerProfileItems, providerProfiles } from '../../db/schema/provider-profile.ts';

/** A deleted provider's practice profile, offerings and languages go (decision 0013). */
export async function eraseProviderProfile(db: Executor, userId: string): Promise<void> {
  await db.delete(providerProfiles).where(eq(providerProfiles.userId, userId));
  await db.delete(providerProfileItems).where(eq(providerProfileItems.userId, userId));
  await db.delete(providerLanguages).where(eq(providerLanguages.userId, userId));
}
