import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { expectError } from '../../../test/assertions.ts';
import { bookingWorld, moveClock, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';

/**
 * Practice records (issue 47; decision 0053): a client the provider added has a record from the start (page, edit,
 * delete, invitation, appointment, note, questionnaire), visible to that provider alone and unable to sign in; the
 * person's acceptance moves everything of the record to their account, once.
 */
let t: TestApp;
let w: World;
let currency: string;
const FEE = 25_000;
const NOW = '2027-03-01T07:00:00.000Z';
const at = (day: number, hour: number) => new Date(Date.UTC(2027, 2, day, hour)).toISOString();

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.db.$client.query(text, values)).rows as T[];
const ledgerCount = async () => Number((await q<{ n: string }>('SELECT count(*) AS n FROM ledger_entries'))[0]!.n);
const online = async () =>
  (
    await q<{ id: string }>(`SELECT identifier AS id FROM reference_items WHERE list = 'modality' AND code = 'online'`)
  )[0]!.id;

/** Adds a client by hand; answers the record's id. */
const addClient = async (provider: SignedUp, email: string, firstName = 'Mara') => {
  const res = await t.api('POST', '/clients/import/manual', provider, { firstName, lastName: 'Stein', email });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.identifier as string;
  expect(id).toBeTruthy();
  return id;
};
const verifyEmail = async (who: SignedUp) => {
  await t.mailSettled();
  const mail = await t.mail.waitFor(who.email, (m) => m.subject === 'Verify your email address');
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(
    (await t.request({ method: 'POST', url: '/api/v1/user/register/verify', payload: { token } })).statusCode,
  ).toBe(200);
};
const latestInvitation = async (address: string, not?: string) => {
  await t.mailSettled();
  const mail = await t.mail.waitFor(address, (m) => m.text.includes('/invitation/') && (!not || !m.text.includes(not)));
  return /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
};
const note = (provider: SignedUp, clientId: string, title = 'Intake') =>
  uploadDocuments(
    t,
    provider,
    '/note',
    { type: 'client', reference: clientId, title, content: 'First contact' },
    [],
    'file',
  );
const appointment = (provider: SignedUp, clientId: string, start: string | null, payment?: 'outside' | 'platform') =>
  (async () =>
    t.api('POST', '/appointment', provider, {
      clientIdentifier: clientId,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      ...(start ? { timeslotIdentifier: await slotAt(t, provider.userId, start) } : {}),
      ...(payment ? { payment } : {}),
    }))();

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await moveClock(w, NOW);
  await q(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [w.provider.userId],
  );
  const fee = await t.api('POST', '/provider/booking-fee/general', w.provider, { fee: FEE, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
  currency = fee.json().data.currencyCode as string;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a practice record', () => {
  it('is made with the import; it cannot sign in, and its address stays free for the person to sign up with', async () => {
    const address = `record.${Date.now()}@example.com`;
    const id = await addClient(w.provider, address);
    const [row] = await q('SELECT user_type, record_of, password_hash, email FROM users WHERE identifier = $1', [id]);
    expect(row).toMatchObject({
      user_type: 'client',
      record_of: w.provider.userId,
      password_hash: null,
      email: address,
    });
    const list = (await t.api('GET', '/clients', w.provider)).json().data as Array<{
      identifier: string;
      status: string;
    }>;
    expect(list.find((e) => e.identifier === id)?.status).toBe('added');
    // No sign-in and no reset for the record's address; sign-up with it makes a new account.
    const login = await t.api('POST', '/user/login', undefined, { email: address, password: 'Whatever-123!' });
    expect(login.statusCode).toBe(401);
    const person = await t.signUp('client', { email: address, confirmEmail: address });
    expect(person.userId).not.toBe(id);
    const relation = await t.api('GET', `/clients/relation/${id}`, w.provider);
    expect(relation.statusCode, relation.body).toBe(200);
    expect(relation.json().data).toMatchObject({
      clientIdentifier: id,
      status: 'added',
      record: { email: address, firstName: 'Mara', lastName: 'Stein' },
    });
  });

  it("another provider's record id gives 404 on every record route, and changes nothing", async () => {
    const id = await addClient(w.provider, `theirs.${Date.now()}@example.com`);
    const stranger = await t.signUp('provider', {}, { verified: true });
    const body = { firstName: 'Eve', lastName: 'Vale', email: 'eve@example.com' };
    expect((await t.api('GET', `/clients/relation/${id}`, stranger)).statusCode).toBe(404);
    expect((await t.api('PUT', `/clients/records/${id}`, stranger, body)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/clients/records/${id}`, stranger)).statusCode).toBe(404);
    expect((await t.api('POST', `/clients/records/${id}/invitation`, stranger)).statusCode).toBe(404);
    expect((await note(stranger, id)).statusCode).toBe(404);
    expect((await t.api('GET', `/note/client/${id}`, stranger)).statusCode).toBe(404);
    expect((await q('SELECT first_name FROM users WHERE identifier = $1', [id]))[0]).toEqual({ first_name: 'Mara' });
  });

  it('is edited with the manual entry rules (en and de); a bad value or a taken address changes nothing', async () => {
    const id = await addClient(w.provider, `edit.${Date.now()}@example.com`);
    const taken = `taken.${Date.now()}@example.com`;
    await addClient(w.provider, taken);
    const before = await q('SELECT first_name, last_name, email FROM client_imports WHERE record_id = $1', [id]);
    const cases: Array<[object, string]> = [
      [{ firstName: '', lastName: 'Stein', email: 'a@example.com' }, en.nameRequired],
      [{ firstName: 'Mara', lastName: 'Stein', email: 'nope' }, en.emailInvalid],
      [{ firstName: 'Mara', lastName: 'Stein', email: taken.toUpperCase() }, en.clientImportDuplicate],
      [{ firstName: 'Mara', lastName: 'Stein', email: w.provider.email }, en.clientImportIsSelf],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('PUT', `/clients/records/${id}`, w.provider, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const german = await t.request({
      method: 'PUT',
      url: `/api/v1/clients/records/${id}`,
      headers: { ...w.provider.auth, 'x-locale': 'de' },
      payload: { firstName: 'Mara', lastName: 'Stein', email: 'nope' },
    });
    expect(german.json().message).toBe(de.emailInvalid);
    expect(await q('SELECT first_name, last_name, email FROM client_imports WHERE record_id = $1', [id])).toEqual(
      before,
    );
    const ok = await t.api('PUT', `/clients/records/${id}`, w.provider, {
      firstName: 'Annalena',
      lastName: 'Okonkwo',
      email: 'new.address@example.com',
      phoneNumber: '08012345678',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: en.clientRecordSaved, data: { identifier: id, firstName: 'Annalena' } });
    expect((await q('SELECT first_name, email FROM users WHERE identifier = $1', [id]))[0]).toEqual({
      first_name: 'Annalena',
      email: 'new.address@example.com',
    });
  });

  it('is deleted when nothing names it; with a note it is refused, with a clear message, and stays', async () => {
    const empty = await addClient(w.provider, `empty.${Date.now()}@example.com`);
    const del = await t.api('DELETE', `/clients/records/${empty}`, w.provider);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe(en.clientRecordDeleted);
    expect(await q('SELECT 1 FROM users WHERE identifier = $1', [empty])).toHaveLength(0);
    expect(await q('SELECT 1 FROM client_imports WHERE record_id = $1', [empty])).toHaveLength(0);

    const noted = await addClient(w.provider, `noted.${Date.now()}@example.com`);
    const written = await note(w.provider, noted);
    expect(written.statusCode, written.body).toBe(201);
    expectError(await t.api('DELETE', `/clients/records/${noted}`, w.provider), 409, {
      message: en.clientRecordHasHistory,
      code: 'CONFLICT',
    });
    expect(await q('SELECT 1 FROM users WHERE identifier = $1', [noted])).toHaveLength(1);
    expect(await q('SELECT 1 FROM notes WHERE client_id = $1', [noted])).toHaveLength(1);
  });

  it('is invited and invited again: the new link works, the old one no longer does', async () => {
    const address = `invite.${Date.now()}@example.com`;
    const id = await addClient(w.provider, address);
    const sent = await t.api('POST', `/clients/records/${id}/invitation`, w.provider);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: en.clientInvitationSent, data: { status: 'invited' } });
    const first = await latestInvitation(address);
    const again = await t.api('POST', `/clients/records/${id}/invitation`, w.provider);
    expect(again.statusCode).toBe(200);
    const second = await latestInvitation(address, first);
    expect(second).not.toBe(first);
    const person = await t.signUp('client', { email: address, confirmEmail: address });
    await verifyEmail(person);
    expect((await t.api('POST', '/clients/invitations/accept', person, { token: first })).json().message).toBe(
      en.clientInviteInvalid,
    );
    expect((await t.api('POST', '/clients/invitations/accept', person, { token: second })).statusCode).toBe(200);
    // Joined: the record is gone, and the details are the person's now.
    expect((await t.api('DELETE', `/clients/records/${id}`, w.provider)).statusCode).toBe(404);
    expectError(
      await t.api('PUT', `/clients/records/${person.userId}`, w.provider, {
        firstName: 'Xena',
        lastName: 'Young',
        email: address,
      }),
      409,
      { message: en.clientRecordJoined, code: 'CONFLICT' },
    );
  });
});

describe('appointments for a record', () => {
  it('paid outside the platform: confirmed at once, price 0, and no money moves on create, completion or cancel', async () => {
    const id = await addClient(w.provider, `outside.${Date.now()}@example.com`);
    const noTime = await t.api('POST', '/appointment', w.provider, {
      clientIdentifier: id,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      payment: 'outside',
    });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().message).toBe(en.outsidePaymentNeedsTime);

    const ledger = await ledgerCount();
    const made = await appointment(w.provider, id, at(3, 9), 'outside');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ status: 'confirmed', startTime: at(3, 9), paymentMethod: 'outside' });
    // Lists and the detail page name the way it was paid (the web shows "Paid outside the platform", not 0.00).
    const shown = await t.api('GET', `/appointment/${made.json().data.identifier}`, w.provider);
    expect(shown.json().data).toMatchObject({ paymentMethod: 'outside', price: { amount: 0 } });
    const [row] = await q('SELECT payment_method, price_amount, paid_at FROM bookings WHERE identifier = $1', [
      made.json().data.identifier,
    ]);
    expect(row).toMatchObject({ payment_method: 'outside', price_amount: '0' });
    expect(row!.paid_at).not.toBeNull();
    // The database refuses money on an outside-paid booking.
    await expect(
      q('UPDATE bookings SET price_amount = 100 WHERE identifier = $1', [made.json().data.identifier]),
    ).rejects.toThrow(/bookings_outside_no_money/);

    const second = await appointment(w.provider, id, at(4, 9), 'outside');
    expect(second.statusCode, second.body).toBe(201);
    const cancel = await t.api('POST', `/appointment/${second.json().data.identifier}/cancel`, w.provider, {
      note: 'Ill',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await moveClock(w, at(3, 11));
    await t.completeEndedSessions();
    expect((await q('SELECT status FROM bookings WHERE identifier = $1', [made.json().data.identifier]))[0]).toEqual({
      status: 'completed',
    });
    expect(await ledgerCount()).toBe(ledger);
    // The appointment list for the create-appointment form offers the record.
    const offered = (await t.api('GET', '/appointment/clients', w.provider)).json().data as Array<{
      identifier: string;
    }>;
    expect(offered.map((c) => c.identifier)).toContain(id);
  });

  it('paid on the platform once they join: pending, the invitation goes; after accepting they see it and pay', async () => {
    await moveClock(w, at(5, 7));
    const address = `joins.${Date.now()}@example.com`;
    const id = await addClient(w.provider, address);
    const offered = (await t.api('GET', '/appointment/clients', w.provider)).json().data as Array<{
      identifier: string;
      withoutAccount: boolean;
    }>;
    expect(offered.find((c) => c.identifier === id)).toMatchObject({ withoutAccount: true });
    const made = await appointment(w.provider, id, at(8, 9), 'platform');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.status).toBe('pending');
    const token = await latestInvitation(address);
    expect(await q('SELECT invited_at FROM client_imports WHERE record_id = $1', [id])).not.toEqual([
      { invited_at: null },
    ]);
    expect((await note(w.provider, id, 'Private')).statusCode).toBe(201);
    const measure = await t.api('POST', '/measures', w.provider, { clientIdentifier: id, kind: 'PHQ9' });
    expect(measure.statusCode, measure.body).toBe(201);

    const person = await t.signUp('client', { email: address, confirmEmail: address });
    await verifyEmail(person);
    // Before accepting the person sees nothing of the record.
    expect((await t.api('GET', '/booking', person)).json().data).toHaveLength(0);

    // Two accepts at once: one wins, the other finds the link used; nothing is lost or doubled.
    const [a, b] = await Promise.all([
      t.api('POST', '/clients/invitations/accept', person, { token }),
      t.api('POST', '/clients/invitations/accept', person, { token }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await q('SELECT 1 FROM users WHERE identifier = $1', [id])).toHaveLength(0);
    expect(await q('SELECT 1 FROM bookings WHERE client_id = $1', [person.userId])).toHaveLength(1);
    expect(await q('SELECT 1 FROM notes WHERE client_id = $1', [person.userId])).toHaveLength(1);
    expect(await q('SELECT 1 FROM measures WHERE client_id = $1', [person.userId])).toHaveLength(1);
    expect(
      await q('SELECT 1 FROM client_imports WHERE client_id = $1 AND record_id IS NULL', [person.userId]),
    ).toHaveLength(1);

    const theirs = (await t.api('GET', '/booking', person)).json().data as Array<{ identifier: string }>;
    expect(theirs.map((x) => x.identifier)).toEqual([made.json().data.identifier]);
    // Never the provider's notes.
    expect([403, 404]).toContain((await t.api('GET', `/note/client/${person.userId}`, person)).statusCode);
    await createWalletModule({ db: t.db, clock: t.clock }).creditTopup({
      userId: person.userId,
      amount: FEE,
      currencyCode: currency,
      reference: `test-topup-${crypto.randomUUID()}`,
      description: 'Test top-up',
    });
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/booking/${made.json().data.identifier}/pay`,
      headers: { ...person.auth, 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('confirmed');
    // The provider's list shows one active client, not a record and an account.
    const list = (await t.api('GET', '/clients?search=joins', w.provider)).json().data as Array<{
      identifier: string;
      status: string;
    }>;
    expect(list).toEqual([expect.objectContaining({ identifier: person.userId, status: 'active' })]);
  });

  it('an existing account of the person gains the record history on accepting', async () => {
    const address = `existing.${Date.now()}@example.com`;
    const person = await t.signUp('client', { email: address, confirmEmail: address });
    await verifyEmail(person);
    const id = await addClient(w.provider, address);
    expect((await note(w.provider, id)).statusCode).toBe(201);
    await t.api('POST', `/clients/records/${id}/invitation`, w.provider);
    const token = await latestInvitation(address);
    expect((await t.api('POST', '/clients/invitations/accept', person, { token })).statusCode).toBe(200);
    expect(await q('SELECT 1 FROM notes WHERE client_id = $1', [person.userId])).toHaveLength(1);
    const notes = await t.api('GET', `/note/client/${person.userId}`, w.provider);
    expect(notes.statusCode, notes.body).toBe(200);
  });
});

describe('a signed note about a record', () => {
  it('follows the person who joins and stays signed; nothing else can move it', async () => {
    const address = `signed.${Date.now()}@example.com`;
    const person = await t.signUp('client', { email: address, confirmEmail: address });
    await verifyEmail(person);
    const id = await addClient(w.provider, address);
    const written = await note(w.provider, id, 'Signed intake');
    expect(written.statusCode, written.body).toBe(201);
    const noteId = written.json().data.identifier as string;
    const signed = await t.api('POST', `/note/${noteId}/sign`, w.provider);
    expect(signed.statusCode, signed.body).toBe(200);
    // Outside a merge the lock holds, even for the database's own user.
    await expect(q('UPDATE notes SET client_id = $1 WHERE identifier = $2', [person.userId, noteId])).rejects.toThrow(
      /signed and locked/,
    );
    await t.api('POST', `/clients/records/${id}/invitation`, w.provider);
    const token = await latestInvitation(address);
    const accepted = await t.api('POST', '/clients/invitations/accept', person, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await q<{ client_id: string; signed_at: Date | null }>(
      'SELECT client_id, signed_at FROM notes WHERE identifier = $1',
      [noteId],
    );
    expect(row?.client_id).toBe(person.userId);
    expect(row?.signed_at).not.toBeNull();
    expect(await q('SELECT 1 FROM users WHERE identifier = $1', [id])).toHaveLength(0);
  });
});

describe('questionnaires for a record go by a one-time mailed link', () => {
  it('the link opens the questionnaire without signing in, is answered once, and the provider sees the result', async () => {
    const address = `phq.${Date.now()}@example.com`;
    const id = await addClient(w.provider, address);
    const sent = await t.api('POST', '/measures', w.provider, { clientIdentifier: id, kind: 'PHQ9' });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.mailSettled();
    const mail = await t.mail.waitFor(address, (m) => m.text.includes('/questionnaire/'));
    const token = /\/questionnaire\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    // Only the hash is stored.
    expect(await q('SELECT 1 FROM measure_links WHERE token_hash = $1', [token])).toHaveLength(0);
    expect(
      await q('SELECT 1 FROM measure_links WHERE token_hash = $1', [
        crypto.createHash('sha256').update(token).digest('hex'),
      ]),
    ).toHaveLength(1);

    const view = await t.api('GET', `/measures/links/${token}`, undefined);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({ kind: 'PHQ9' });
    const bad = await t.api('POST', `/measures/links/${token}/answers`, undefined, { answers: [0, 1] });
    expect(bad.statusCode).toBe(400);
    const answered = await t.api('POST', `/measures/links/${token}/answers`, undefined, {
      answers: [1, 1, 1, 1, 1, 1, 1, 1, 0],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().message).toBe(en.measureAnswered);
    // Single use.
    for (const res of [
      await t.api('GET', `/measures/links/${token}`, undefined),
      await t.api('POST', `/measures/links/${token}/answers`, undefined, { answers: [0, 0, 0, 0, 0, 0, 0, 0, 0] }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(en.measureLinkInvalid);
    }
    const list = await t.api('GET', `/measures?clientIdentifier=${id}`, w.provider);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({ status: 'answered' });
    expect(list.json().data[0].result.score).toBe(8);
  });

  it('an expired link says so, in German too', async () => {
    const address = `late.phq.${Date.now()}@example.com`;
    const id = await addClient(w.provider, address);
    expect((await t.api('POST', '/measures', w.provider, { clientIdentifier: id, kind: 'GAD7' })).statusCode).toBe(201);
    await t.mailSettled();
    const token = /\/questionnaire\/([A-Za-z0-9_-]+)/.exec(
      (await t.mail.waitFor(address, (m) => m.text.includes('/questionnaire/'))).text,
    )![1]!;
    await q(`UPDATE measure_links SET expires_at = $2 WHERE token_hash = $1`, [
      crypto.createHash('sha256').update(token).digest('hex'),
      new Date(t.clock.now().getTime() - 1000).toISOString(),
    ]);
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/measures/links/${token}`,
      headers: { 'x-locale': 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(de.measureLinkInvalid);
  });
});

describe('CSV import keeps the good rows', () => {
  it('5 good, 2 bad and one already in the list: preview, refuse the whole file, import the 5 valid rows once', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const stamp = Date.now();
    const known = `known.${stamp}@example.com`;
    await addClient(provider, known, 'Known');
    const good = Array.from({ length: 5 }, (_, i) => `Good${'abcde'[i]};Row;good${i}.${stamp}@example.com;`);
    const file = [
      'firstName;lastName;email;phoneNumber',
      ...good.slice(0, 3),
      `Bad;Row;not-an-email;`,
      `Known;Stein;${known.toUpperCase()};`,
      ...good.slice(3),
      `;Row;empty.${stamp}@example.com;`,
    ].join('\n');
    const send = (fields: Record<string, string>) =>
      uploadDocuments(
        t,
        provider,
        '/clients/import/csv',
        fields,
        [{ filename: 'c.csv', data: Buffer.from(file) }],
        'file',
      );
    const preview = await send({ commit: 'false' });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({ committed: false, validRows: 5, invalidRows: 2, alreadyInList: 1 });
    expect(data.rows[4]).toMatchObject({ row: 6, errors: [], alreadyInList: true });
    expect(data.rows[3]).toMatchObject({ errors: [en.emailInvalid], alreadyInList: false });

    const whole = await send({ commit: 'true' });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().message).toBe(en.csvHasErrors);
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(1);

    const valid = await send({ commit: 'true', validOnly: 'true' });
    expect(valid.statusCode, valid.body).toBe(201);
    expect(valid.json()).toMatchObject({ message: '5 clients imported', data: { committed: true, validRows: 5 } });
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(6);
    expect(await q('SELECT 1 FROM users WHERE record_of = $1', [provider.userId])).toHaveLength(6);
    // Again: everything good is in the list now; nothing new to import.
    const again = await send({ commit: 'true', validOnly: 'true' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(en.csvNothingToImport);
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(6);
  });
});

describe("a practice's phone numbers (decision 0057)", () => {
  it("a national number, typed by hand, in an edit or in a CSV, is read in the provider's country and stored as E.164", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    await q(`UPDATE users SET country_code = 'DE' WHERE identifier = $1`, [provider.userId]);
    const stamp = Date.now();
    const stored = async (recordId: string) =>
      q<{ imported: string | null; record: string | null }>(
        `SELECT ci.phone_number AS imported, u.phone_number AS record
           FROM client_imports ci JOIN users u ON u.identifier = ci.record_id WHERE ci.record_id = $1`,
        [recordId],
      );
    const details = { firstName: 'Jonas', lastName: 'Weber', email: `jonas.${stamp}@example.com` };
    const made = await t.api('POST', '/clients/import/manual', provider, { ...details, phoneNumber: '0170 5551234' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.identifier as string;
    expect(made.json().data.phoneNumber).toBe('+491705551234');
    expect(await stored(id)).toEqual([{ imported: '+491705551234', record: '+491705551234' }]);

    const edited = await t.api('PUT', `/clients/records/${id}`, provider, { ...details, phoneNumber: '0170 5551235' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stored(id)).toEqual([{ imported: '+491705551235', record: '+491705551235' }]);
    // No number of the practice's country: refused with the field's message, and nothing changes.
    const wrong = await t.api('PUT', `/clients/records/${id}`, provider, { ...details, phoneNumber: '0000 000 0000' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().message).toBe(en.phoneInvalid);
    const wrongNew = await t.api('POST', '/clients/import/manual', provider, {
      ...details,
      email: `other.${stamp}@example.com`,
      phoneNumber: '0000 000 0000',
    });
    expect(wrongNew.statusCode).toBe(400);
    expect(wrongNew.json().message).toBe(en.phoneInvalid);
    expect(await stored(id)).toEqual([{ imported: '+491705551235', record: '+491705551235' }]);
    expect(await t.count('client_imports', { provider_id: provider.userId })).toBe(1);

    const file = [
      'firstName;lastName;email;phoneNumber',
      `Lea;Roth;lea.${stamp}@example.com;0170 5551236`,
      `Max;Roth;max.${stamp}@example.com;0000 000 0000`,
      `Ines;Roth;ines.${stamp}@example.com;+1 (212) 555-0142`,
    ].join('\n');
    const send = (fields: Record<string, string>) =>
      uploadDocuments(
        t,
        provider,
        '/clients/import/csv',
        fields,
        [{ filename: 'c.csv', data: Buffer.from(file) }],
        'file',
      );
    const preview = await send({ commit: 'false' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ validRows: 2, invalidRows: 1 });
    expect(preview.json().data.rows[1]).toMatchObject({ row: 3, errors: [en.phoneInvalid] });
    const valid = await send({ commit: 'true', validOnly: 'true' });
    expect(valid.statusCode, valid.body).toBe(201);
    const numbers = await q<{ email: string; phone_number: string }>(
      `SELECT email::text AS email, phone_number FROM users WHERE record_of = $1 ORDER BY email`,
      [provider.userId],
    );
    expect(numbers).toEqual([
      { email: `ines.${stamp}@example.com`, phone_number: '+12125550142' },
      { email: `jonas.${stamp}@example.com`, phone_number: '+491705551235' },
      { email: `lea.${stamp}@example.com`, phone_number: '+491705551236' },
    ]);
  });
});

describe('writing for a record while the person accepts', () => {
  /** Waits until `n` backends wait on a lock (the writes have reached their insert and queue behind the acceptance). */
  const lockWaiters = async (n: number) => {
    for (let i = 0; i < 100; i += 1) {
      const [row] = await q<{ n: string }>(`SELECT count(*) AS n FROM pg_locks WHERE NOT granted`);
      if (Number(row!.n) >= n) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`fewer than ${n} writes waited on the record`);
  };

  it('a booking and a note that waited on the acceptance get 409 with a clear message, and nothing names the gone record', async () => {
    const id = await addClient(w.provider, `waiting.${Date.now()}@example.com`);
    const acceptance = await t.db.$client.connect();
    try {
      // What the acceptance does first: lock the record; its rows then move, and the record goes.
      await acceptance.query('BEGIN');
      await acceptance.query('SELECT 1 FROM users WHERE identifier = $1 FOR UPDATE', [id]);
      const writes = Promise.all([appointment(w.provider, id, at(15, 9), 'outside'), note(w.provider, id, 'Waiting')]);
      await lockWaiters(2);
      await acceptance.query('DELETE FROM users WHERE identifier = $1', [id]);
      await acceptance.query('COMMIT');
      for (const res of await writes) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(en.clientRecordJustJoined);
      }
    } finally {
      acceptance.release();
    }
    expect(await q('SELECT 1 FROM bookings WHERE client_id = $1', [id])).toHaveLength(0);
    expect(await q('SELECT 1 FROM notes WHERE client_id = $1', [id])).toHaveLength(0);
  });

  it('under real concurrent accepts, appointments and notes: never a 5xx; what was written belongs to the person', async () => {
    for (const day of [16, 17, 18]) {
      const address = `race${day}.${Date.now()}@example.com`;
      const person = await t.signUp('client', { email: address, confirmEmail: address });
      await verifyEmail(person);
      const id = await addClient(w.provider, address);
      expect((await t.api('POST', `/clients/records/${id}/invitation`, w.provider)).statusCode).toBe(200);
      const token = await latestInvitation(address);
      const slots = await Promise.all([9, 10, 11].map((h) => slotAt(t, w.provider.userId, at(day, h))));
      const modality = await online();
      const results = await Promise.all([
        t.api('POST', '/clients/invitations/accept', person, { token }),
        ...slots.map((timeslotIdentifier) =>
          t.api('POST', '/appointment', w.provider, {
            clientIdentifier: id,
            modalityIdentifier: modality,
            therapyIdentifier: w.categoryId,
            timeslotIdentifier,
            payment: 'outside',
          }),
        ),
        note(w.provider, id, 'Race one'),
        note(w.provider, id, 'Race two'),
      ]);
      const [accepted, ...writes] = results;
      expect(accepted!.statusCode, accepted!.body).toBe(200);
      for (const res of writes) {
        expect([201, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json().message).toBe(en.clientRecordJustJoined);
      }
      const made = writes.filter((r) => r.statusCode === 201).map((r) => r.json().data.identifier as string);
      const owners = await q<{ client_id: string }>(
        `SELECT client_id FROM bookings WHERE identifier = ANY($1) UNION ALL SELECT client_id FROM notes WHERE identifier = ANY($1)`,
        [made],
      );
      expect(owners).toHaveLength(made.length);
      expect(new Set(owners.map((o) => o.client_id))).toEqual(made.length ? new Set([person.userId]) : new Set());
      expect(await q('SELECT 1 FROM users WHERE identifier = $1', [id])).toHaveLength(0);
    }
  });
});
