import type { Database } from '../client.ts';
import { insertDemoBankDetails } from './demo-bank-details.ts';
import { seedDemoDirectory } from './demo-directory.ts';
import { seedDemoCredentials, type StoreFile } from './demo-credentials.ts';
import { findUserByEmail, insertDemoAvailability, insertDemoUser } from './demo.repository.ts';
import { seedDemoPracticeDetails } from './demo-practice-details.ts';
import { seedDemoProviderProfile } from './demo-provider-profile.ts';
import { demoOperator, seedDemoOperator } from './demo-operator.ts';

export interface DemoAccount {
  userType: 'client' | 'provider' | 'operator';
  email: string;
  password: string;
  /** Filled in by the seed: the account's id (the provider's public page is /therapists/{id}/). */
  identifier?: string;
}

/** The accounts the README and the start-up banner name; created once, left alone afterwards. */
export const demoAccounts: Array<DemoAccount & { userType: 'client' | 'provider' }> = [
  { userType: 'client', email: 'client@demo.therapy.local', password: 'CalmHarbor#2026' },
  { userType: 'provider', email: 'provider@demo.therapy.local', password: 'QuietMeadow#2026' },
];

const names = { client: ['Amara', 'Okafor', 'NG'], provider: ['Lena', 'Hoffmann', 'DE'] } as const;

const timezones = { client: 'Africa/Lagos', provider: 'Europe/Berlin' } as const;
/** The demo client's phone (a Lagos mobile number): the sandbox's bank-transfer account needs one (README). */
const phoneNumbers = { client: '08035550142', provider: null } as const;

/**
 * `hashPassword`: the platform's (platform/auth/passwords.ts); `seal`: its field encryption (platform/field-encryption.ts);
 * `storeFile`: the file storage's writer (the demo documents); passed in because db/ imports no platform code.
 */
export async function seedDemoData(
  db: Database,
  {
    hashPassword,
    seal,
    storeFile,
  }: {
    hashPassword: (password: string) => Promise<string>;
    seal: (plaintext: string, context: string) => string;
    storeFile?: StoreFile;
  },
): Promise<DemoAccount[]> {
  const seeded: DemoAccount[] = [];
  for (const account of demoAccounts) {
    const existing = await findUserByEmail(db, account.email);
    if (existing) {
      seeded.push({ ...account, identifier: existing.id });
      continue;
    }
    const [firstName, lastName, countryCode] = names[account.userType];
    const id = await insertDemoUser(db, {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      userType: account.userType,
      firstName,
      lastName,
      countryCode,
      timezone: timezones[account.userType],
      phoneNumber: phoneNumbers[account.userType],
      emailVerifiedAt: new Date(),
    });
    // The demo therapist works Monday to Friday, 09:00-12:00 and 13:00-17:00 in Berlin, so the calendar has slots.
    if (id && account.userType === 'provider')
      await insertDemoAvailability(db, id, timezones.provider, [
        [540, 720],
        [780, 1020],
      ]);
    if (id && account.userType === 'provider') await insertDemoBankDetails(db, id, seal);
    seeded.push({ ...account, identifier: id });
  }
  const provider = seeded.find((a) => a.userType === 'provider')?.identifier;
  if (provider) await seedDemoProviderProfile(db, provider);
  await seedDemoPracticeDetails(db, seeded);
  if (provider && storeFile) await seedDemoCredentials(db, provider, storeFile);
  seeded.push({
    ...demoOperator,
    ...(await seedDemoOperator(db, {
      hashPassword,
      providerId: seeded.find((a) => a.userType === 'provider')?.identifier,
    })),
  });
  await seedDemoDirectory(db, storeFile);
  return seeded;
}
