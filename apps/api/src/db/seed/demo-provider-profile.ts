import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { providerLanguages, providerProfileItems, providerProfiles } from '../schema/provider-profile.ts';
import { countries, languages, referenceItems, states } from '../schema/reference.ts';

/**
 * The demo provider's practice profile with its first set-up done (the checklist's "profile" step, issue 14): a Berlin
 * office, a headline and bio, online CBT for anxiety, in German and English. Added once: a provider whose set-up is already complete is
 * left alone, so what the demo user changes stays.
 */
export async function seedDemoProviderProfile(db: Database, providerId: string): Promise<void> {
  const [profile] = await db
    .select({ done: providerProfiles.setupCompletedAt })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId))
    .limit(1);
  if (profile?.done) return;
  const [berlin] = await db
    .select({ id: states.identifier })
    .from(states)
    .innerJoin(countries, eq(countries.identifier, states.countryId))
    .where(and(eq(countries.code, 'DE'), eq(states.code, 'BE')))
    .limit(1);
  const items = await db
    .select({ id: referenceItems.identifier, list: referenceItems.list, code: referenceItems.code })
    .from(referenceItems)
    .where(inArray(referenceItems.code, ['psychologist', 'white', 'online', 'anxiety', 'depression', 'individual']));
  const item = (list: string, code: string) => items.find((i) => i.list === list && i.code === code)?.id ?? null;
  const values = {
    headline: 'Anxiety and depression (CBT)',
    title: 'Dr',
    officeAddress: 'Parkstraße 12, 10115 Berlin',
    bio: 'I work with adults facing anxiety, low mood and burnout, in person in Berlin and online, using cognitive behavioural therapy.',
    zipCode: '10115',
    stateId: berlin?.id ?? null,
    gender: 'female',
    ethnicityId: item('ethnicity', 'white'),
    disciplineId: item('discipline', 'psychologist'),
    setupCompletedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(providerProfiles)
      .values({ userId: providerId, ...values })
      .onConflictDoUpdate({ target: providerProfiles.userId, set: values });
    const lists = [
      ['therapy-category', 'individual'],
      ['modality', 'online'],
      ['speciality', 'anxiety'],
      ['speciality', 'depression'],
    ] as const;
    for (const [list, code] of lists) {
      const itemId = item(list, code);
      if (itemId)
        await tx.insert(providerProfileItems).values({ userId: providerId, list, itemId }).onConflictDoNothing();
    }
    // She holds sessions in German and English.
    for (const { id } of await tx
      .select({ id: languages.identifier })
      .from(languages)
      .where(inArray(languages.code, ['de', 'en']))) {
      await tx.insert(providerLanguages).values({ userId: providerId, languageId: id }).onConflictDoNothing();
    }
  });
}
