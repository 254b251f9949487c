import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  clientPreferenceCountries,
  clientPreferenceItems,
  clientPreferenceLanguages,
  clientProfiles,
  emergencyContacts,
} from '../../db/schema/client-profile.ts';

/** A deleted client's profile, emergency contact and preferences go (decision 0013); their picture file goes with the account's files. */
export async function eraseClientProfile(db: Executor, userId: string): Promise<void> {
  await db.delete(clientProfiles).where(eq(clientProfiles.userId, userId));
  await db.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
  await db.delete(clientPreferenceItems).where(eq(clientPreferenceItems.userId, userId));
  await db.delete(clientPreferenceLanguages).where(eq(clientPreferenceLanguages.userId, userId));
  await db.delete(clientPreferenceCountries).where(eq(clientPreferenceCountries.userId, userId));
}
