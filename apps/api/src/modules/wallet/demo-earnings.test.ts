import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoData } from '../../db/seed/seed-demo.ts';
import { seedDemoBookings } from '../../demo-bookings.ts';
import { seedDemoEarnings } from '../../demo-earnings.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it('the demo therapist has two completed sessions in her earnings, the first paid out by the EUR batch (seeded once)', async () => {
  const accounts = await seedDemoData(t.db, { hashPassword, seal: fieldEncryptionFromConfig(t.config).seal });
  const warnings: string[] = [];
  const log = { warn: (obj: object, msg: string) => void warnings.push(`${msg} ${JSON.stringify(obj)}`) };
  await seedDemoBookings(t.app, accounts, log);
  await seedDemoEarnings({ config: t.config, db: t.db }, accounts, log);
  await seedDemoEarnings({ config: t.config, db: t.db }, accounts, log);
  expect(warnings).toEqual([]);

  const provider = accounts.find((a) => a.userType === 'provider')!;
  const client = accounts.find((a) => a.userType === 'client')!;
  const completed = await t.db.$client.query<{ price_amount: number; ends_at: Date }>(
    `SELECT price_amount, ends_at FROM bookings WHERE provider_id = $1 AND status = 'completed' ORDER BY ends_at`,
    [provider.identifier],
  );
  expect(completed.rows).toHaveLength(2);
  for (const b of completed.rows) expect(b.ends_at.getTime()).toBeLessThan(Date.now());
  const fee = completed.rows[0]!.price_amount;

  // One payout, paid, of the first session's earnings; the second session's are available for the next one.
  const payouts = await t.db.$client.query<{ status: string; amount: number; currency_code: string }>(
    `SELECT status, amount, currency_code FROM payouts WHERE provider_id = $1`,
    [provider.identifier],
  );
  expect(payouts.rows).toHaveLength(1);
  expect(payouts.rows[0]).toMatchObject({ status: 'paid', currency_code: 'EUR' });
  const login = await t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: provider.email, password: provider.password },
  });
  const auth = { authorization: `Bearer ${login.json().data.accessToken as string}` };
  const earnings = (await t.request({ method: 'GET', url: '/api/v1/wallet/earnings', headers: auth })).json()
    .data as Array<{
    currency: string;
    available: number;
  }>;
  const available = earnings.find((e) => e.currency === 'EUR')!.available;
  expect(available).toBe(Number(payouts.rows[0]!.amount));
  expect(available).toBeGreaterThan(0);
  expect(available).toBeLessThanOrEqual(Number(fee));

  // The README's sandbox transfer needs the demo client's phone number.
  expect(
    (await t.db.$client.query('SELECT phone_number FROM users WHERE identifier = $1', [client.identifier])).rows[0]
      .phone_number,
  ).toMatch(/^\d{10,13}$/);
});
