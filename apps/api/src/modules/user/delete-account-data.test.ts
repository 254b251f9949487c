import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopupResponse } from '@therapy/contracts/wallet';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { createFileStorage } from '../../platform/files/file-service.ts';
import { S3FileStorage } from '../../platform/files/s3-storage.ts';
import { multipart, png, profileFixtures } from '../../../test/profile-test-helpers.ts';
import { pdfFile, uploadDocuments } from '../../../test/credential-test-helpers.ts';

/*
 * Deleted means deleted (docs/decisions/0013-account-deletion.md): a client and a provider with every kind of data
 * delete their accounts; then each table is checked for what must be gone, what is anonymised and what stays.
 */
let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
});
afterAll(async () => t.close());

const rows = async (sql: string, params: unknown[]) => (await t.db.$client.query(sql, params)).rows;
const count = async (table: string, column: string, id: string) =>
  Number((await rows(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id]))[0].n);
const upload = (who: SignedUp, url: string, data: Buffer) => {
  const body = multipart(data);
  return t.request({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
};
const deleteAccount = (who: SignedUp) =>
  t.request({
    method: 'DELETE',
    url: '/api/v1/user/profile/delete-account',
    headers: who.auth,
    payload: { password: who.password },
  });
const storage = () => createFileStorage(t.config.storage);
const storageKeys = async (userId: string) =>
  (await rows('SELECT storage_key FROM files WHERE owner_user_id = $1', [userId])).map((r) => r.storage_key as string);
/** expect.poll works only inside a test; set-up waits for the payment job with this. */
const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 200)))
    if (await check()) return;
  throw new Error('timed out waiting for the top-up to be credited');
};
/** What a person's data looks like in text: any of these strings left anywhere in the row is a leak. */
const mentions = (row: unknown, needles: string[]) =>
  needles.filter((n) => JSON.stringify(row).toLowerCase().includes(n.toLowerCase()));

describe('deleting a client account removes or anonymises every piece of personal data', () => {
  let client: SignedUp;
  let pictureUrl: string;
  let keys: string[];
  let topupReference: string;
  const personal = [
    'Grace',
    'Hopper',
    'grace_del',
    '94105',
    '1990-05-17',
    'Mary Emergency',
    '08099990000',
    '08031112222',
  ];

  beforeAll(async () => {
    client = await t.signUp('client', { firstName: 'Grace', lastName: 'Hopper' });
    personal.push(client.email);
    const put = await t.api('PUT', '/client', client, {
      firstName: 'Grace',
      lastName: 'Hopper',
      userName: 'grace_del',
      countryIdentifier: await t.countryId('NG'),
      stateIdentifier: null,
      zipCode: '94105',
      dob: '1990-05-17',
      religionIdentifier: await fx.refId('religion', 'christianity'),
      ethnicityIdentifier: await fx.refId('ethnicity', 'white'),
      gender: 'female',
      timezone: 'Africa/Lagos',
      phoneNumber: '08031112222',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (await t.api('POST', '/client/emergency-contact', client, { name: 'Mary Emergency', phoneNumber: '08099990000' }))
        .statusCode,
    ).toBe(200);
    const prefs = await t.api('PUT', '/client/preferences', client, {
      modality: [await fx.refId('modality', 'online')],
      language: [await fx.languageId('en')],
      country: [await t.countryId('NG')],
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    // An avatar first, then an uploaded picture (which replaces it): both kinds of picture have been used.
    const [avatar] = await fx.avatars();
    expect((await t.api('POST', `/client/avatar/${avatar!.identifier}`, client)).statusCode).toBe(200);
    const uploaded = await upload(client, '/client/profile-picture', await png(256));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    pictureUrl = uploaded.json().data.photoUrl as string;
    expect((await t.request({ method: 'GET', url: pictureUrl })).statusCode).toBe(200);
    keys = await storageKeys(client.userId);
    expect(keys).toHaveLength(1);

    // A top-up paid through the sandbox checkout, and a dedicated transfer account that names the person.
    const started = (await t.api('POST', '/payment/wallet', client, { amount: 100_000 })).json().data as TopupResponse;
    topupReference = started.payment.reference;
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/payment/sandbox/checkout/${topupReference}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBeLessThan(400);
    await until(async () => (await t.api('GET', '/wallet/balance', client)).json().data.balance === 100_000);
    expect((await t.api('POST', '/virtual-accounts/generate', client)).statusCode).toBe(200);
    // The gateway assigns it asynchronously (the sandbox's assignment event comes right after the request).
    await until(
      async () => (await t.api('GET', '/virtual-accounts/account', client)).json().data.status === 'assigned',
    );

    // A pending email change and a mail in the outbox.
    expect(
      (await t.api('POST', '/user/profile/change-email', client, { email: 'grace.new@example.com' })).statusCode,
    ).toBe(200);
    personal.push('grace.new@example.com');
    await rows(
      'INSERT INTO mail_outbox (identifier, recipient, subject, text) VALUES (gen_random_uuid(), $1, $2, $3)',
      [client.email, 'Hello Grace', 'Dear Grace Hopper'],
    );
    expect(await count('email_change_codes', 'user_id', client.userId)).toBe(1);

    const res = await deleteAccount(client);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('users: the row stays, anonymised (ledger and payments point at it)', async () => {
    const [user] = await rows('SELECT * FROM users WHERE identifier = $1', [client.userId]);
    expect(user).toMatchObject({
      first_name: null,
      last_name: null,
      phone_number: null,
      timezone: null,
      password_hash: null,
      email: `deleted+${client.userId}@deleted.invalid`,
    });
    expect(mentions(user, personal)).toEqual([]);
  });

  it('client profile, emergency contact and preferences are deleted', async () => {
    expect(await count('client_profiles', 'user_id', client.userId)).toBe(0);
    expect(await count('emergency_contacts', 'user_id', client.userId)).toBe(0);
    expect(await count('client_preference_items', 'user_id', client.userId)).toBe(0);
    expect(await count('client_preference_languages', 'user_id', client.userId)).toBe(0);
    expect(await count('client_preference_countries', 'user_id', client.userId)).toBe(0);
  });

  it('files: the row and the bytes are gone; the signed URL issued before answers 404', async () => {
    expect(await count('files', 'owner_user_id', client.userId)).toBe(0);
    for (const key of keys) expect(await storage().get(key)).toBeNull();
    const res = await t.request({ method: 'GET', url: pictureUrl });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('auth rows: links and email-change codes are deleted, sessions stay revoked, identities are deleted', async () => {
    expect(await count('action_tokens', 'user_id', client.userId)).toBe(0);
    expect(await count('email_change_codes', 'user_id', client.userId)).toBe(0);
    expect(await count('user_identities', 'user_id', client.userId)).toBe(0);
    const sessions = await rows('SELECT revoked_at FROM refresh_tokens WHERE user_id = $1', [client.userId]);
    expect(sessions.every((r) => r.revoked_at instanceof Date)).toBe(true);
    expect(await count('mail_outbox', 'lower(recipient)', client.email.toLowerCase())).toBe(0);
    expect(await count('mail_outbox', 'lower(recipient)', 'grace.new@example.com')).toBe(0);
  });

  it('sessions: ended, and where and with what the person signed in is erased (address, browser)', async () => {
    const sessions = await rows('SELECT revoked_at, ip_address, user_agent FROM user_sessions WHERE user_id = $1', [
      client.userId,
    ]);
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s).toEqual({ revoked_at: expect.any(Date), ip_address: null, user_agent: null });
  });

  it('dedicated account: kept for late transfers, but no longer names the person', async () => {
    const accounts = await rows('SELECT * FROM virtual_accounts WHERE user_id = $1', [client.userId]);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ account_name: 'Deleted user' });
    expect(mentions(accounts[0], personal)).toEqual([]);
  });

  it('payments and gateway events stay for the law, without the customer details the gateway sent', async () => {
    const payments = await rows('SELECT * FROM payments WHERE user_id = $1', [client.userId]);
    expect(payments).toMatchObject([{ reference: topupReference, amount: '100000', status: 'success' }]);
    const events = await rows("SELECT payload FROM gateway_events WHERE payload->'data'->>'reference' = $1", [
      topupReference,
    ]);
    expect(events.length).toBeGreaterThan(0);
    for (const { payload } of events) {
      expect(payload).toMatchObject({ data: { reference: topupReference, amount: 100_000 } });
      expect(mentions(payload, personal)).toEqual([]);
    }
  });

  it('ledger: accounts, transactions and entries stay, and still balance; the wallet is now owed to the former user (decision 0016)', async () => {
    const byKind = await rows(
      `SELECT a.kind, coalesce(sum(e.amount), 0)::bigint AS balance FROM ledger_entries e JOIN ledger_accounts a ON a.identifier = e.account_id
        WHERE a.user_id = $1 GROUP BY a.kind ORDER BY a.kind`,
      [client.userId],
    );
    expect(byKind.map((r) => [r.kind, Number(r.balance)])).toEqual([
      ['user_wallet', 0],
      ['former_user_payable', 100_000],
    ]);
    // The top-up stays as it was; the closing transaction is added after it.
    expect(await count('ledger_transactions', 'user_id', client.userId)).toBe(2);
    const unbalanced = await rows(
      `SELECT e.transaction_id FROM ledger_entries e JOIN ledger_transactions tx ON tx.identifier = e.transaction_id
        WHERE tx.user_id = $1 GROUP BY e.transaction_id, e.currency_code HAVING sum(e.amount) <> 0`,
      [client.userId],
    );
    expect(unbalanced).toEqual([]);
  });
});

describe('deleting a provider account removes or anonymises every piece of personal data', () => {
  let provider: SignedUp;
  let photoUrl: string;
  let credentialUrl: string;
  let keys: string[];

  beforeAll(async () => {
    provider = await t.signUp('provider');
    const info = await t.api('POST', '/provider/update/info', provider, await fx.providerInfo());
    expect(info.statusCode, info.body).toBe(200);
    const photo = await upload(provider, '/provider/update/photo', await png(256));
    expect(photo.statusCode, photo.body).toBe(200);
    photoUrl = photo.json().data.photoUrl as string;
    const licence = await uploadDocuments(
      t,
      provider,
      '/provider/qualification',
      { type: 'license', body: 'State Board', credentialNumber: 'AB-12' },
      [pdfFile('licence.pdf')],
    );
    expect(licence.statusCode, licence.body).toBe(201);
    credentialUrl = licence.json().data.files[0].url as string;
    const insurance = await uploadDocuments(
      t,
      provider,
      '/provider/indemnity-insurance',
      {},
      [pdfFile('cover.pdf')],
      'file',
    );
    expect(insurance.statusCode, insurance.body).toBe(201);
    keys = await storageKeys(provider.userId);
    expect(keys).toHaveLength(3);
    const settings = await t.api('PUT', '/provider-availability/settings', provider, {
      timezone: 'America/New_York',
      sessionLengthMinutes: 60,
      bufferMinutes: 0,
      minimumNoticeHours: 0,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const plan = await t.api('POST', '/provider-availability/days/default', provider, {
      days: [
        { identifier: 'MONDAY', isAvailable: true, timeSlotsInterval: [{ startTime: '09:00', endTime: '12:00' }] },
      ],
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const custom = await t.api('POST', '/provider-availability/days/custom', provider, {
      date: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10),
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '10:00', endTime: '14:00' }],
    });
    expect(custom.statusCode, custom.body).toBe(201);
    expect(await count('availability_days', 'provider_id', provider.userId)).toBeGreaterThan(1);
    // Practice details: a work history entry, the general and a therapy fee, a licence state.
    const job = await t.api('POST', '/provider/experience', provider, {
      companyName: 'Okafor Clinic',
      jobTitle: 'Therapist',
      startDate: '2015-01',
      endDate: null,
      currentlyWorksHere: true,
      description: 'Family work',
    });
    expect(job.statusCode, job.body).toBe(201);
    expect(
      (await t.api('POST', '/provider/booking-fee/general', provider, { fee: 6000, isFree: false })).statusCode,
    ).toBe(200);
    const therapyFee = await t.api('POST', '/provider/booking-fee/therapy', provider, {
      therapyCategoryIdentifier: await fx.refId('therapy-category', 'individual'),
      fee: 7000,
      isFree: false,
    });
    expect(therapyFee.statusCode, therapyFee.body).toBe(200);
    const licenceStates = await t.api('POST', '/provider/license-states', provider, {
      stateIdentifiers: [await fx.stateId('US', 'NY')],
    });
    expect(licenceStates.statusCode, licenceStates.body).toBe(200);
    const bank = await t.api('PUT', '/provider/bank-details', provider, {
      form: 'addressed',
      accountName: 'Theodora Okafor',
      bankCode: '021000021',
      bankName: 'Chase Bank',
      accountNumber: '000123456789',
      address: '1 Main Street, Springfield',
      postalCode: '62701',
      accountType: 'checking',
      accountOwnership: 'personal',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(await count('bank_details', 'provider_id', provider.userId)).toBe(1);
    // A rejected verification with the operator's note about the practice (issue 14).
    await t.db.$client.query(
      "INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at, note) VALUES ($1, 'rejected', now(), now(), 'Licence unreadable')",
      [provider.userId],
    );

    const res = await deleteAccount(provider);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('users: anonymised; provider profile and its lists are deleted', async () => {
    const [user] = await rows('SELECT * FROM users WHERE identifier = $1', [provider.userId]);
    expect(mentions(user, ['Theodora', 'Okafor', '08012345678', provider.email])).toEqual([]);
    expect(await count('provider_profiles', 'user_id', provider.userId)).toBe(0);
    expect(await count('provider_profile_items', 'user_id', provider.userId)).toBe(0);
  });

  it('availability settings, weekly plan and custom days (with their intervals) are deleted', async () => {
    expect(await count('availability_settings', 'provider_id', provider.userId)).toBe(0);
    expect(await count('availability_days', 'provider_id', provider.userId)).toBe(0);
    expect(await count('bank_details', 'provider_id', provider.userId)).toBe(0);
    const intervals = await rows(
      'SELECT count(*)::int AS n FROM availability_intervals i LEFT JOIN availability_days d ON d.identifier = i.day_id WHERE d.identifier IS NULL',
      [],
    );
    expect(intervals[0].n).toBe(0);
  });

  it('work history, booking fees and licence states are deleted', async () => {
    expect(await count('work_history', 'provider_id', provider.userId)).toBe(0);
    expect(await count('provider_booking_fees', 'provider_id', provider.userId)).toBe(0);
    expect(await count('provider_license_states', 'provider_id', provider.userId)).toBe(0);
  });

  it("the practice's verification and the operator's note are deleted", async () => {
    expect(await count('provider_verifications', 'provider_id', provider.userId)).toBe(0);
  });

  it('the photo: row and bytes gone, the URL issued before answers 404', async () => {
    expect(await count('files', 'owner_user_id', provider.userId)).toBe(0);
    for (const key of keys) expect(await storage().get(key)).toBeNull();
    expect((await t.request({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
  });

  it('credentials and insurance: rows deleted, their files (rows and bytes) gone, the URL issued before answers 404', async () => {
    expect(await count('qualifications', 'provider_id', provider.userId)).toBe(0);
    expect(await count('insurance_files', 'provider_id', provider.userId)).toBe(0);
    expect(keys.filter((k) => k.startsWith('credential/') || k.startsWith('insurance/'))).toHaveLength(2);
    expect((await t.request({ method: 'GET', url: credentialUrl })).statusCode).toBe(404);
  });
});

describe('with S3 storage, the bytes go from the bucket too', () => {
  const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-delete-s3-'));
  const s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3dir,
    silent: true,
    configureBuckets: [{ name: 'therapy-delete' }],
  });
  let s3app: TestApp;
  let bucket: S3FileStorage;
  beforeAll(async () => {
    const { port } = await s3server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    s3app = await buildTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'therapy-delete',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    });
    bucket = new S3FileStorage({
      endpoint,
      bucket: 'therapy-delete',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    bucket.destroy();
    await s3app.close();
    await s3server.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  });

  it('a client picture stored in S3 is gone after deletion, and its URL answers 404', async () => {
    expect(s3app.config.storage.kind).toBe('s3');
    const client = await s3app.signUp('client');
    const body = multipart(await png(256));
    const uploaded = await s3app.request({
      method: 'POST',
      url: '/api/v1/client/profile-picture',
      headers: { ...client.auth, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().data.photoUrl as string;
    const { rows: stored } = await s3app.db.$client.query('SELECT storage_key FROM files WHERE owner_user_id = $1', [
      client.userId,
    ]);
    const key = stored[0].storage_key as string;
    expect(await bucket.get(key)).not.toBeNull();

    const res = await s3app.request({
      method: 'DELETE',
      url: '/api/v1/user/profile/delete-account',
      headers: client.auth,
      payload: { password: client.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bucket.get(key)).toBeNull();
    expect(await s3app.count('files', { owner_user_id: client.userId })).toBe(0);
    expect((await s3app.request({ method: 'GET', url })).statusCode).toBe(404);
  });
});
