import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { profileFixtures } from '../../../test/profile-test-helpers.ts';
import { normaliseStoredPhones } from './phone-backfill.ts';
import { pdfFile, uploadDocuments } from '../../../test/credential-test-helpers.ts';

/** Issue 47: the names and numbers of real people pass sign-up, manual entry and the profiles, and are stored alike. */
let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
let deId: string;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
  deId = await t.countryId('DE');
});
afterAll(async () => t.close());

const PASSWORD = 'Gentle-River-42';
let ipSeq = 0;
const register = (payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/v1/user/register',
    payload,
    remoteAddress: `10.47.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
  });
const freshEmail = () => `real.${crypto.randomBytes(4).toString('hex')}@example.com`;
const clientBody = (overrides: Record<string, unknown>) => {
  const email = freshEmail();
  return {
    userType: 'client',
    firstName: 'Siobhán',
    lastName: "O'Connor-Müller",
    email,
    confirmEmail: email,
    countryIdentifier: deId,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
};
const userByEmail = async (email: string) =>
  (await t.db.$client.query('SELECT first_name, last_name, phone_number FROM users WHERE email = $1', [email])).rows[0];

describe('sign-up', () => {
  it.each([
    ['Siobhán', "O'Connor-Müller", '+49 170 5551234', '+491705551234'],
    ['Chidi', 'Okonkwo-Brandt', '+1 (212) 555-0142', '+12125550142'],
    ['Seán', 'O\u2019Brien', '0170 5551234', '+491705551234'],
  ])('a client %s %s with %j is signed up, the number stored as E.164', async (first, last, phone, e164) => {
    const body = clientBody({ firstName: first, lastName: last, phoneNumber: phone });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(await userByEmail(body.email)).toEqual({ first_name: first, last_name: last, phone_number: e164 });
  });

  it('a provider "Okonkwo-Brandt" with "+1 (212) 555-0142"', async () => {
    const email = freshEmail();
    const res = await register({
      userType: 'provider',
      firstName: 'Ngozi',
      lastName: 'Okonkwo-Brandt',
      email,
      phoneNumber: '+1 (212) 555-0142',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await userByEmail(email)).toMatchObject({ last_name: 'Okonkwo-Brandt', phone_number: '+12125550142' });
  });

  it.each([
    ['a digit in a name', { lastName: 'Müller2' }, en.namePattern],
    ['markup as a name', { firstName: '<script>' }, en.namePattern],
    ['a name of spaces', { firstName: '   ' }, en.nameRequired],
    ['a number of no country', { phoneNumber: '+49 000 0000000' }, en.phoneInvalid],
    ['a national number that is none in Germany', { phoneNumber: '0000000000' }, en.phoneInvalid],
  ])('refuses %s with its message and creates nothing', async (_what, overrides, message) => {
    const users = await t.count('users');
    const res = await register(clientBody(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.count('users')).toBe(users);
  });
});

describe('manual client entry', () => {
  it('adds "O\'Brien" with "+1 (212) 555-0142", the number as E.164', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const res = await t.api('POST', '/clients/import/manual', provider, {
      firstName: 'Siobhán',
      lastName: "O'Brien",
      email: `obrien.${crypto.randomBytes(3).toString('hex')}@example.com`,
      phoneNumber: '+1 (212) 555-0142',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ lastName: "O'Brien", phoneNumber: '+12125550142' });
  });

  it('refuses a digit in a name', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const res = await t.api('POST', '/clients/import/manual', provider, {
      firstName: 'R2D2',
      lastName: 'Droid',
      email: 'r2d2@example.com',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(en.namePattern);
  });
});

describe('profiles', () => {
  it('the provider profile takes a 40-character headline, "O\'Connor-Müller" and a national number in its country', async () => {
    const provider = await t.signUp('provider');
    const headline = 'Trauma-informed therapy for adults (CBT)';
    const res = await t.api(
      'POST',
      '/provider/update/info',
      provider,
      await fx.providerInfo({ lastName: "O'Connor-Müller", headline, phoneNumber: '(212) 555-0142' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lastName: "O'Connor-Müller", headline, phoneNumber: '+12125550142' });
  });

  it('refuses a national number that is none in the profile country, and changes nothing', async () => {
    const provider = await t.signUp('provider');
    const before = await t.userRow(provider.userId);
    const res = await t.api(
      'POST',
      '/provider/update/info',
      provider,
      await fx.providerInfo({ phoneNumber: '0000000000' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(en.phoneInvalid);
    expect(await t.userRow(provider.userId)).toEqual(before);
  });

  it('the emergency contact takes "Seán O\'Brien" with "+353 85 123 4567"', async () => {
    const client = await t.signUp('client');
    const res = await t.api('POST', '/client/emergency-contact', client, {
      name: "Seán O'Brien",
      phoneNumber: '+353 85 123 4567',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json().data).toMatchObject({ name: "Seán O'Brien", phoneNumber: '+353851234567' });
  });
});

describe('the start-up backfill of stored numbers', () => {
  it('rewrites numbers stored as digits as E.164 in the account country, and keeps what does not parse', async () => {
    const ng = await t.signUp('client');
    const de = await t.signUp('client');
    const noCountry = await t.signUp('provider');
    const set = (id: string, phone: string, country: string | null) =>
      t.db.$client.query('UPDATE users SET phone_number = $2, country_code = $3 WHERE identifier = $1', [
        id,
        phone,
        country,
      ]);
    await set(ng.userId, '08031234567', 'NG');
    await set(de.userId, '0000000000', 'DE');
    await set(noCountry.userId, '2125550142', null);
    const result = await normaliseStoredPhones(t.db);
    expect(result.normalised).toBeGreaterThanOrEqual(1);
    expect((await t.userRow(ng.userId)).phone_number).toBe('+2348031234567');
    expect((await t.userRow(de.userId)).phone_number).toBe('0000000000');
    expect((await t.userRow(noCountry.userId)).phone_number).toBe('2125550142');
    // Once done, the rewritten row is not read again.
    const again = await normaliseStoredPhones(t.db);
    expect(again.normalised).toBe(0);
  });
});

describe('licence numbers', () => {
  it.each([['LMHC 012345'], ['PP-12/345'], ['Nr. 12.345']])('a licence numbered %j is stored', async (number) => {
    const provider = await t.signUp('provider');
    const res = await uploadDocuments(
      t,
      provider,
      '/provider/qualification',
      { type: 'license', body: 'New York State Board', credentialNumber: number },
      [pdfFile('licence.pdf')],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.details.credentialNumber).toBe(number);
  });

  it('refuses "<script>" as a licence number and stores nothing', async () => {
    const provider = await t.signUp('provider');
    const res = await uploadDocuments(
      t,
      provider,
      '/provider/qualification',
      { type: 'license', body: 'Board', credentialNumber: '<script>' },
      [pdfFile('licence.pdf')],
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(en.credentialNumberPattern);
    expect(await t.count('qualifications', { provider_id: provider.userId })).toBe(0);
  });
});
