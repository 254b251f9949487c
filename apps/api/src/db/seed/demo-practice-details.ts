import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { providerProfileItems } from '../schema/provider-profile.ts';
import { providerBookingFees, providerLicenseStates, workHistory } from '../schema/practice-details.ts';
import { countries, referenceItems, states } from '../schema/reference.ts';

/**
 * The demo provider's practice details (issue 14): a general fee of 60.00 and 80.00 for individual therapy (in EUR, her
 * country's currency: she is in Germany), one work history entry and a licence in New York. Added once: a provider
 * who already has a general fee is left alone, so what the demo user changes stays.
 */
export async function seedDemoPracticeDetails(
  db: Database,
  accounts: ReadonlyArray<{ userType: string; identifier?: string }>,
): Promise<void> {
  const providerId = accounts.find((a) => a.userType === 'provider')?.identifier;
  if (!providerId) return;
  const [existing] = await db
    .select({ id: providerBookingFees.identifier })
    .from(providerBookingFees)
    .where(eq(providerBookingFees.providerId, providerId))
    .limit(1);
  if (existing) return;
  const [individual] = await db
    .select({ id: referenceItems.identifier })
    .from(referenceItems)
    .where(and(eq(referenceItems.list, 'therapy-category'), eq(referenceItems.code, 'individual')))
    .limit(1);
  const [newYork] = await db
    .select({ id: states.identifier })
    .from(states)
    .innerJoin(countries, eq(countries.identifier, states.countryId))
    .where(and(eq(countries.code, 'US'), eq(states.code, 'NY')))
    .limit(1);
  await db.transaction(async (tx) => {
    await tx
      .insert(providerBookingFees)
      .values({ providerId, therapyCategoryId: null, fee: 6000, isFree: false, currencyCode: 'EUR' })
      .onConflictDoNothing();
    if (individual) {
      // The therapy fee needs the therapy in her practice profile.
      await tx
        .insert(providerProfileItems)
        .values({ userId: providerId, list: 'therapy-category', itemId: individual.id })
        .onConflictDoNothing();
      await tx
        .insert(providerBookingFees)
        .values({ providerId, therapyCategoryId: individual.id, fee: 8000, isFree: false, currencyCode: 'EUR' })
        .onConflictDoNothing();
    }
    await tx.insert(workHistory).values({
      providerId,
      companyName: 'Praxis am Stadtpark',
      jobTitle: 'Psychological psychotherapist',
      startDate: '2018-04',
      endDate: null,
      currentlyWorksHere: true,
      description: 'Cognitive behavioural therapy for adults with anxiety and depression.',
    });
    if (newYork)
      await tx.insert(providerLicenseStates).values({ providerId, stateId: newYork.id }).onConflictDoNothing();
  });
}
