import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Database } from '../client.ts';
import { findUserByEmail, insertDemoUser } from './demo.repository.ts';

export interface DemoAccount {
  userType: 'client' | 'provider';
  email: string;
  password: string;
}

/** The accounts the README and the start-up banner name; created once, left alone afterwards. */
export const demoAccounts: DemoAccount[] = [
  { userType: 'client', email: 'client@demo.therapy.local', password: 'CalmHarbor#2026' },
  { userType: 'provider', email: 'provider@demo.therapy.local', password: 'QuietMeadow#2026' },
];

const names = { client: ['Amara', 'Okafor', 'NG'], provider: ['Lena', 'Hoffmann', 'DE'] } as const;

export async function seedDemoData(db: Database): Promise<DemoAccount[]> {
  for (const account of demoAccounts) {
    if (await findUserByEmail(db, account.email)) continue;
    const [firstName, lastName, countryCode] = names[account.userType];
    await insertDemoUser(db, {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      userType: account.userType,
      firstName,
      lastName,
      countryCode,
      emailVerifiedAt: new Date(),
    });
  }
  return demoAccounts;
}
