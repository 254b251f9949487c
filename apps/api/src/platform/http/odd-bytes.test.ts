import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de as mDe, en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { multipart, png, profileFixtures } from '../../../test/profile-test-helpers.ts';

/**
 * Text PostgreSQL refuses (a NUL) or cannot store faithfully (a lone UTF-16 surrogate), and multipart bodies busboy
 * cannot read, are client errors: one 400 envelope for every route, and nothing is written.
 */
let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
let client: SignedUp;
let provider: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
  client = await t.signUp('client');
  provider = await t.signUp('provider');
  await t.api('GET', '/provider', provider);
});
afterAll(async () => t.close());

const refused = validation(en.textInvalid);
const json = { 'content-type': 'application/json' };

/** Every table a refused request could have touched. */
async function everything() {
  const tables = [
    'users',
    'client_profiles',
    'provider_profiles',
    'emergency_contacts',
    'files',
    'sandbox_transactions',
    'auth_attempts',
  ];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = (await t.db.$client.query(`SELECT * FROM "${table}" ORDER BY 1`)).rows;
  return out;
}

async function expectRefused(opts: InjectOptions, who?: SignedUp) {
  const before = await everything();
  const res = await t.request({
    ...opts,
    headers: { ...(who?.auth ?? {}), ...(opts.headers as Record<string, string> | undefined) },
  });
  expectError(res, 400, refused);
  expect(await everything()).toEqual(before);
  return res;
}

const providerInfo = async (overrides: Record<string, unknown>) => ({
  firstName: 'Theodora',
  lastName: 'Okafor',
  phoneNumber: '(212) 555-0142',
  headline: null,
  title: null,
  officeAddress: null,
  bio: null,
  zipCode: null,
  countryIdentifier: await t.countryId('US'),
  stateIdentifier: await fx.stateId('US', 'NY'),
  dob: null,
  religionIdentifier: null,
  ethnicityIdentifier: await fx.refId('ethnicity', 'white'),
  gender: 'female',
  disciplineIdentifier: null,
  therapies: [],
  modalities: [],
  specialities: [],
  ...overrides,
});

describe('a NUL character', () => {
  it.each([
    ['first name', { firstName: 'Theo\u0000dora' }],
    ['last name', { lastName: '\u0000Okafor' }],
    ['bio', { bio: 'I help\u0000 families.' }],
    ['office address', { officeAddress: '12 Main Street\u0000' }],
  ])('in the provider %s (JSON body) is a 400 and nothing changes', async (_name, change) => {
    await expectRefused(
      { method: 'POST', url: '/api/v1/provider/update/info', payload: await providerInfo(change) },
      provider,
    );
  });

  it('in a JSON body of a public route (sign-up) is a 400, in the request locale', async () => {
    const email = 'nul.body@example.com';
    const payload = {
      userType: 'client',
      firstName: 'Ada',
      lastName: 'Nul',
      email,
      confirmEmail: email,
      countryIdentifier: await t.countryId('NG'),
      password: 'Gentle-River-42\u0000',
      confirmPassword: 'Gentle-River-42\u0000',
      acceptTerms: true,
    };
    await expectRefused({ method: 'POST', url: '/api/v1/user/register', payload });
    const de = await t.request({
      method: 'POST',
      url: '/api/v1/user/register',
      payload,
      headers: { 'x-locale': 'de' },
    });
    expectError(de, 400, validation(mDe.textInvalid));
  });

  it('in an object key of a JSON body is a 400', async () => {
    await expectRefused({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: '{"email":"a@example.com","password":"x","\\u0000":1}',
      headers: json,
    });
  });

  it('in the sandbox transfer body is a 400', async () => {
    await expectRefused({
      method: 'POST',
      url: '/api/v1/payment/sandbox/transfer',
      payload: { accountNumber: '12\u000034', amount: 100_000 },
    });
  });

  it('in a path parameter (sandbox checkout reference) is a 400', async () => {
    await expectRefused({ method: 'GET', url: '/api/v1/payment/sandbox/checkout/ref%00x' });
    await expectRefused({
      method: 'POST',
      url: '/api/v1/payment/sandbox/checkout/ref%00x/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  });

  it('in a query string is a 400', async () => {
    await expectRefused({ method: 'GET', url: '/api/v1/region/country?all=%00' });
    await expectRefused({ method: 'GET', url: '/api/v1/wallet/transactions?type=%00' }, client);
  });
});

describe('a lone UTF-16 surrogate', () => {
  it.each([
    ['high', '"Theo\\ud800dora"'],
    ['low', '"Theo\\udc00dora"'],
    ['reversed pair', '"Theo\\udc00\\ud800dora"'],
  ])('(%s) in a JSON string is a 400 and nothing changes', async (_name, name) => {
    const body = JSON.stringify(await providerInfo({})).replace('"Theodora"', name);
    await expectRefused(
      { method: 'POST', url: '/api/v1/provider/update/info', payload: body, headers: json },
      provider,
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/v1/provider/update/info',
        payload: JSON.stringify(await providerInfo({})).replace('"bio":null', `"bio":${name}`),
        headers: json,
      },
      provider,
    );
  });

  it('a proper surrogate pair (an emoji) is not refused by this check', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/provider/update/info',
      payload: JSON.stringify(await providerInfo({ bio: 'Hi \ud83d\ude00' })),
      headers: { ...json, ...provider.auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bio).toBe('Hi 😀');
  });
});

describe('multipart', () => {
  const upload = (body: { payload: Buffer; headers: Record<string, string> }) =>
    ({
      method: 'POST',
      url: '/api/v1/client/profile-picture',
      headers: body.headers,
      payload: body.payload,
    }) satisfies InjectOptions;

  it('a NUL in the file name is a 400 and nothing is stored', async () => {
    await expectRefused(upload(multipart(await png(300), { filename: 'a.png\u0000.php' })), client);
    await expectRefused(
      { ...upload(multipart(await png(300), { filename: 'a.png\u0000.php' })), url: '/api/v1/provider/update/photo' },
      provider,
    );
  });

  it('a NUL in a text field before the file is a 400', async () => {
    const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhel\u0000lo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const payload = Buffer.concat([head, await png(300), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    await expectRefused(
      upload({ payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
      client,
    );
  });

  it('a body cut off before its closing boundary is a 400', async () => {
    const body = multipart(await png(300));
    const cut = body.payload.subarray(0, body.payload.length - 40);
    const before = await everything();
    const res = await t.request({
      ...upload({ payload: cut, headers: body.headers }),
      headers: { ...client.auth, ...body.headers },
    });
    expectError(res, 400, { message: en.malformedRequest, code: 'BAD_REQUEST' });
    expect(await everything()).toEqual(before);
    // Cut inside the part headers too.
    const early = body.payload.subarray(0, 60);
    expectError(
      await t.request({
        ...upload({ payload: early, headers: body.headers }),
        headers: { ...client.auth, ...body.headers },
      }),
      400,
      { message: en.malformedRequest, code: 'BAD_REQUEST' },
    );
  });

  it('a clean upload with a non-ASCII file name still works', async () => {
    const body = multipart(await png(300), { filename: 'José.png' });
    const res = await t.request({ ...upload(body), headers: { ...client.auth, ...body.headers } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
