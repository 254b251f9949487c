import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { demoAccounts, seedDemoData } from '../../db/seed/seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the demo provider has practice details', () => {
  it('a general fee, a fee for one therapy she offers, one work history entry and a US licence state; once', async () => {
    const seeded = await seedDemoData(t.db, { hashPassword, seal: fieldEncryptionFromConfig(t.config).seal });
    const demoId = seeded.find((a) => a.userType === 'provider')!.identifier!;
    const demo = demoAccounts.find((a) => a.userType === 'provider')!;
    const signIn = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: demo.email, password: demo.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().data.accessToken as string}` };
    const get = async (url: string) => (await t.request({ method: 'GET', url: `/api/v1${url}`, headers })).json().data;

    const fees = await get('/provider/booking-fee');
    expect(fees).toMatchObject({ currencyCode: 'EUR', general: { fee: 6000, isFree: false, currencyCode: 'EUR' } });
    expect(fees.therapies).toEqual([
      {
        therapyCategoryIdentifier: expect.any(String),
        code: 'individual',
        name: expect.any(String),
        fee: { fee: 8000, isFree: false, currencyCode: 'EUR' },
      },
    ]);
    expect(await get('/provider/experience')).toEqual([
      expect.objectContaining({ companyName: 'Praxis am Stadtpark', currentlyWorksHere: true, endDate: null }),
    ]);
    expect(await get('/provider/license-states')).toEqual([expect.objectContaining({ code: 'NY', name: 'New York' })]);

    // Start-up seeds every time: nothing is added twice.
    await seedDemoData(t.db, { hashPassword, seal: fieldEncryptionFromConfig(t.config).seal });
    expect((await get('/provider/experience')).length).toBe(1);
    expect(await t.count('provider_booking_fees', { provider_id: demoId })).toBe(2);
  });

  it('thirty more verified therapists for the directory, licensed in five states (their reviews come after start, demo-reviews.ts); once', async () => {
    const demoTherapists = async () =>
      (
        await t.db.$client.query<{ n: number; states: string[]; verified: number; reviewed: number }>(
          `SELECT count(DISTINCT u.identifier)::int AS n, array_agg(DISTINCT s.code ORDER BY s.code) AS states,
                count(DISTINCT v.provider_id)::int AS verified, count(DISTINCT r.provider_id)::int AS reviewed
           FROM users u JOIN provider_license_states l ON l.provider_id = u.identifier JOIN states s ON s.identifier = l.state_id
           LEFT JOIN provider_verifications v ON v.provider_id = u.identifier AND v.status = 'approved'
           LEFT JOIN provider_review_stats r ON r.provider_id = u.identifier
          WHERE u.email LIKE 'demo-therapist.%'`,
        )
      ).rows[0]!;
    await seedDemoData(t.db, { hashPassword, seal: fieldEncryptionFromConfig(t.config).seal });
    expect(await demoTherapists()).toEqual({
      n: 30,
      states: ['CA', 'FL', 'IL', 'NY', 'TX'],
      verified: 30,
      reviewed: 0,
    });
  });
});
