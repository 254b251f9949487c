import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { expectError } from '../../../test/assertions.ts';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/**
 * A provider's clients and client import (issue 17): who booked them, whom they imported by hand, by mail or from a
 * CSV file; an invitation accepted makes the person their client (client notes, the client's profile).
 */
let t: TestApp;
let w: World;

const csv = (who: SignedUp, text: string | Buffer, commit = false, locale?: 'de') =>
  uploadDocuments(
    t,
    locale ? ({ ...who, auth: { ...who.auth, 'x-locale': locale } } as SignedUp) : who,
    '/clients/import/csv',
    { commit: String(commit) },
    [{ filename: 'clients.csv', data: Buffer.isBuffer(text) ? text : Buffer.from(text) }],
    'file',
  );
type Entry = {
  identifier: string | null;
  email: string | null;
  firstName: string | null;
  status: string;
  sources: string[];
};
const listOf = async (who: SignedUp, query = '') => {
  const res = await t.api('GET', `/clients${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Entry[]; meta: { total: number; totalPages: number } };
};

/** Follows the sign-up mail's verification link, as the person would. */
const verifyEmail = async (who: SignedUp) => {
  await t.mailSettled();
  const mail = await t.mail.waitFor(who.email, (m) => m.subject === 'Verify your email address');
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const res = await t.request({ method: 'POST', url: '/api/v1/user/register/verify', payload: { token } });
  expect(res.statusCode, res.body).toBe(200);
};
/** The invitation mailed to `address` by `provider`: its link's token. */
const invite = async (provider: SignedUp, address: string) => {
  const res = await t.api('POST', '/clients/import/email', provider, { email: address, firstName: 'Ina' });
  expect(res.statusCode, res.body).toBe(201);
  await t.mailSettled();
  const mail = await t.mail.waitFor(address, (m) => m.text.includes('/invitation/'));
  return /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
};
const importRow = async (address: string) =>
  (
    await t.db.$client.query(
      'SELECT client_id, accepted_at, invite_token_hash, invite_expires_at FROM client_imports WHERE email = $1',
      [address],
    )
  ).rows[0] as Record<string, unknown>;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' });
});
afterAll(async () => t.close());

describe('the client list and manual entry', () => {
  it('lists who booked, and a client added by hand ("Details Saved Successfully")', async () => {
    const res = await t.api('POST', '/clients/import/manual', w.provider, {
      firstName: 'Mara',
      lastName: 'Stein',
      email: 'Mara.Stein@example.com',
      phoneNumber: '08012345678',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(en.clientImportSaved);
    expect(res.json().data).toMatchObject({
      // The practice record's id (decision 0053): the client page, notes and appointments use it before they join.
      identifier: expect.any(String),
      email: 'mara.stein@example.com',
      status: 'added',
      sources: ['import'],
    });
    const list = await listOf(w.provider);
    expect(list.data.map((e) => [e.firstName, e.status])).toEqual([
      ['Mara', 'added'],
      ['Ada', 'active'],
    ]);
    expect(list.data[1]).toMatchObject({ identifier: w.client.userId, sources: ['booking'], email: null });
    expect((await listOf(w.provider, '?search=stein')).data.map((e) => e.firstName)).toEqual(['Mara']);
    expect((await listOf(w.provider, '?search=MARA.STEIN@')).data.map((e) => e.firstName)).toEqual(['Mara']);
    expect((await listOf(w.provider, '?pageSize=1&page=2')).data.map((e) => e.firstName)).toEqual(['Ada']);
    expect((await listOf(w.provider, '?pageSize=1')).meta).toMatchObject({ total: 2, totalPages: 2 });
  });

  it('refuses a bad entry, the same address twice (in any case) and the provider themself; nothing stored', async () => {
    const before = await t.count('client_imports');
    const cases: Array<[object, string]> = [
      [{ firstName: 'Mara', lastName: 'Stein', email: 'MARA.STEIN@example.com' }, en.clientImportDuplicate],
      [{ firstName: 'Me', lastName: 'Myself', email: w.provider.email }, en.clientImportIsSelf],
      [{ firstName: 'Al', lastName: 'Bert', email: 'not-an-email' }, en.emailInvalid],
      [{ firstName: '', lastName: 'Bert', email: 'al@example.com' }, en.nameRequired],
      [{ firstName: 'Al', lastName: 'Bert', email: 'al@example.com', phoneNumber: '123' }, en.phoneMin],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('POST', '/clients/import/manual', w.provider, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.count('client_imports')).toBe(before);
  });

  it("a provider without a relation gets 404 for the client's relation and profile; the provider with one reads both", async () => {
    const stranger = await t.signUp('provider', {}, { verified: true });
    expect((await t.api('GET', `/clients/relation/${w.client.userId}`, stranger)).statusCode).toBe(404);
    expect((await t.api('GET', `/client/profile/${w.client.userId}`, stranger)).statusCode).toBe(404);
    const relation = await t.api('GET', `/clients/relation/${w.client.userId}`, w.provider);
    expect(relation.json().data).toEqual({
      clientIdentifier: w.client.userId,
      sources: ['booking'],
      status: 'active',
      record: null,
    });
    const profile = await t.api('GET', `/client/profile/${w.client.userId}`, w.provider);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.firstName).toBe('Ada');
    // A provider is nobody's client: their id is not found either.
    expect((await t.api('GET', `/client/profile/${stranger.userId}`, w.provider)).statusCode).toBe(404);
  });
});

describe('invitation by mail', () => {
  it('mails an invitation; the person signs up, accepts and becomes the client (notes and profile open up)', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const address = `invitee.${Date.now()}@example.com`;
    const res = await t.api('POST', '/clients/import/email', provider, { email: address, firstName: 'Ina' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(en.mailSent);
    expect(res.json().data).toMatchObject({ status: 'invited', email: address });
    await t.mailSettled();
    const mail = await t.mail.waitFor(address, (m) => m.text.includes('/invitation/'));
    expect(mail.subject).toContain('invites you');
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    const client = await t.signUp('client', { email: address, confirmEmail: address });
    await verifyEmail(client);
    expect((await t.api('POST', '/clients/invitations/accept', provider, { token })).statusCode).toBe(403);
    const accepted = await t.api('POST', '/clients/invitations/accept', client, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: en.clientInviteAccepted,
      data: { providerIdentifier: provider.userId },
    });
    expect((await listOf(provider)).data[0]).toMatchObject({
      identifier: client.userId,
      status: 'active',
      sources: ['import'],
    });
    expect((await t.api('GET', `/clients/relation/${client.userId}`, provider)).json().data.sources).toEqual([
      'import',
    ]);
    expect((await t.api('GET', `/client/profile/${client.userId}`, provider)).statusCode).toBe(200);
    const note = await uploadDocuments(
      t,
      provider,
      '/note',
      { type: 'client', reference: client.userId, title: 'Welcome', content: 'First contact' },
      [],
      'file',
    );
    expect(note.statusCode, note.body).toBe(201);

    // The link works once.
    const again = await t.api('POST', '/clients/invitations/accept', await t.signUp('client'), { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(en.clientInviteInvalid);
  });

  it('refuses a client signed in with another address (en and de); nothing changes, and its owner accepts it later', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const address = `owner.${Date.now()}@example.com`;
    const token = await invite(provider, address);
    const other = await t.signUp('client');
    await verifyEmail(other);
    const before = await importRow(address);
    const accept = (who: SignedUp, locale?: 'de') =>
      t.request({
        method: 'POST',
        url: '/api/v1/clients/invitations/accept',
        headers: { ...who.auth, ...(locale ? { 'x-locale': locale } : {}) },
        payload: { token },
      });
    expectError(await accept(other), 403, { message: en.clientInviteOtherEmail, code: 'FORBIDDEN' });
    expectError(await accept(other, 'de'), 403, { message: de.clientInviteOtherEmail, code: 'FORBIDDEN' });
    expect(de.clientInviteOtherEmail).not.toBe(en.clientInviteOtherEmail);
    expect(await importRow(address)).toEqual(before);
    expect(before).toMatchObject({ client_id: null, accepted_at: null });
    // The provider gained nothing: the other client's profile and relation stay not found.
    expect((await t.api('GET', `/client/profile/${other.userId}`, provider)).statusCode).toBe(404);
    expect((await t.api('GET', `/clients/relation/${other.userId}`, provider)).statusCode).toBe(404);
    // The person it was sent to (their address in another case) still accepts it.
    const upper = address.toUpperCase();
    const owner = await t.signUp('client', { email: upper, confirmEmail: upper });
    await verifyEmail(owner);
    const accepted = await accept(owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await importRow(address)).toMatchObject({ client_id: owner.userId });
  });

  it("refuses an unverified account with the invitation's address until it is verified (en and de)", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const address = `unverified.${Date.now()}@example.com`;
    const token = await invite(provider, address);
    const client = await t.signUp('client', { email: address, confirmEmail: address });
    const before = await importRow(address);
    const accept = (locale?: 'de') =>
      t.request({
        method: 'POST',
        url: '/api/v1/clients/invitations/accept',
        headers: { ...client.auth, ...(locale ? { 'x-locale': locale } : {}) },
        payload: { token },
      });
    expectError(await accept(), 403, { message: en.clientInviteVerifyFirst, code: 'EMAIL_NOT_VERIFIED' });
    expectError(await accept('de'), 403, { message: de.clientInviteVerifyFirst, code: 'EMAIL_NOT_VERIFIED' });
    expect(await importRow(address)).toEqual(before);
    expect((await t.api('GET', `/client/profile/${client.userId}`, provider)).statusCode).toBe(404);
    await verifyEmail(client);
    const accepted = await accept();
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await t.api('GET', `/client/profile/${client.userId}`, provider)).statusCode).toBe(200);
  });

  it('refuses an expired or made-up invitation', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const address = `late.${Date.now()}@example.com`;
    expect((await t.api('POST', '/clients/import/email', provider, { email: address })).statusCode).toBe(201);
    await t.mailSettled();
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(
      (await t.mail.waitFor(address, (m) => m.text.includes('/invitation/'))).text,
    )![1]!;
    await t.db.$client.query(`UPDATE client_imports SET invite_expires_at = '2026-05-04T07:59:00Z' WHERE email = $1`, [
      address,
    ]);
    const client = await t.signUp('client');
    expect((await t.api('POST', '/clients/invitations/accept', client, { token })).json().message).toBe(
      en.clientInviteInvalid,
    );
    expect((await t.api('POST', '/clients/invitations/accept', client, { token: 'x'.repeat(43) })).json().message).toBe(
      en.clientInviteInvalid,
    );
    expect(await t.count('client_imports', { client_id: client.userId })).toBe(0);
  });
});

describe('CSV import', () => {
  const header = 'firstName;lastName;email;phoneNumber\n';

  it("previews a file (BOM, semicolons, quoted fields) with each row's errors and stores nothing; commits every row or none", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const file = `\uFEFF${header}Lena;"Berg";lena@example.com;08012345678\n"Tom";Ray;not-an-email;\nUma;Lind;LENA@example.com;\n"Kai; Jr";Bo;kai@example.com;\nOle;Sand;ole@example.com;\n`;
    const preview = await csv(provider, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data.rows).toHaveLength(5);
    expect(data).toMatchObject({ committed: false, validRows: 2, invalidRows: 3 });
    expect(data.rows[0]).toMatchObject({
      row: 2,
      firstName: 'Lena',
      lastName: 'Berg',
      email: 'lena@example.com',
      phoneNumber: '08012345678',
      errors: [],
    });
    expect(data.rows[1]).toMatchObject({ row: 3, errors: [en.emailInvalid] });
    expect(data.rows[2]).toMatchObject({ row: 4, errors: ['This email is already in the file (row 2)'] });
    // The quoted semicolon stays in its field (and a name may not hold one).
    expect(data.rows[3]).toMatchObject({ row: 5, firstName: 'Kai; Jr', lastName: 'Bo', errors: [en.namePattern] });
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(0);

    const refused = await csv(provider, file, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(en.csvHasErrors);
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(0);

    const fixed = `${header}Lena;"Berg";lena@example.com;08012345678\nTom;Ray;tom@example.com;\nOle;Sand;ole@example.com;\n`;
    const committed = await csv(provider, fixed, true);
    expect(committed.statusCode, committed.body).toBe(201);
    expect(committed.json()).toMatchObject({ message: '3 clients imported', data: { committed: true, validRows: 3 } });
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(3);
    // Importing the same file again: every row is already in the list ("Already in your list", not an error).
    const twice = await csv(provider, fixed);
    expect(twice.json().data.rows.map((r: { alreadyInList: boolean }) => r.alreadyInList)).toEqual([true, true, true]);
    expect(twice.json().data).toMatchObject({ validRows: 0, invalidRows: 0, alreadyInList: 3 });
  });

  it("reads commas too, and says the row errors in the request's language", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const res = await csv(provider, 'First Name,Last Name,Email\nJo,Ko,jo-at-example\n', false, 'de');
    expect(res.json().data.rows[0].errors).toEqual([de.emailInvalid]);
  });

  it('refuses what is not a CSV of clients: a wrong header, 1,001 rows, an image, an empty file', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const rows = Array.from({ length: 1001 }, (_, i) => `A${i};B;a${i}@example.com;`).join('\n');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2210f6d0000000049454e44ae426082',
      'hex',
    );
    const cases: Array<[string | Buffer, string]> = [
      ['name;mail\nJo;jo@example.com\n', en.csvHeaderInvalid],
      ['firstName;lastName;email;notes\nJo;Ko;jo@example.com;x\n', en.csvHeaderInvalid],
      [`${header}${rows}\n`, 'A file may hold at most 1000 clients'],
      [png, en.csvNotCsv],
      [header, en.csvEmpty],
      ['firstName;lastName;email\n"Jo;Ko;jo@example.com\n', en.csvNotCsv],
    ];
    for (const [file, message] of cases) {
      const res = await csv(provider, file, true);
      expect(res.statusCode, String(file).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(0);
  });
});
