import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { de, en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { pdfFile, uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { zipEntries } from '../../../test/zip-entries.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { createFileService, createFileStorage } from '../../platform/files/file-service.ts';
import { EXPORT_BATCH, dataExportRepository } from './data-export.repository.ts';
import { PURGE_EXPORTS_QUEUE, purgeExpiredExports } from './data-export.service.ts';

/**
 * The user's own data export (issue 20; decision 0035): a client and a provider with bookings, wallet lines, a
 * review, messages (with an attachment, an edit and a delete), an answered questionnaire and notes ask for their data;
 * the job writes a sealed ZIP, the mail brings the signed link, and the ZIP opened here holds every part, in JSON and
 * CSV, with sealed values opened and no secret of the account. Then what must not work: someone else with the link,
 * a tampered or expired link, a second request while one is pending, and many at once.
 */
let t: TestApp;
let w: World;
let completedBookingId: string;
let measureId: string;

const HOUR = 3600_000;

/** The CSV as records by header, read with csv-parse (the byte-order mark dropped). */
const csvRecords = (text: string) =>
  parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;

const linkIn = (text: string) => {
  const found =
    /http:\/\/localhost:5173\/account\/export\/([0-9a-f-]{36})\?expires=(\d+)&signature=([A-Za-z0-9_%-]+)/.exec(text);
  if (!found) throw new Error(`no export link in: ${text}`);
  return {
    id: found[1]!,
    query: `expires=${found[2]}&signature=${found[3]}`,
    expires: found[2]!,
    signature: decodeURIComponent(found[3]!),
  };
};
const download = (who: SignedUp | undefined, id: string, query: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'GET',
    url: `/api/v1/user/export/${id}/download?${query}`,
    headers: { ...(who?.auth ?? {}), ...headers },
  });

/** Asks for an export, waits for its mail, and returns the link and the opened ZIP. */
async function exportOf(who: SignedUp, timeoutMs = 30_000) {
  const before = t.mail.mails.length;
  const res = await t.api('POST', '/user/export', who);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().message).toBe(en.dataExportRequested);
  expect(res.json().data.status).toBe('pending');
  const mail = await t.mail.waitFor(
    who.email,
    (m) => m.subject === 'Your data is ready' && t.mail.mails.indexOf(m) >= before,
    timeoutMs,
  );
  const link = linkIn(mail.text);
  expect(link.id).toBe(res.json().data.identifier);
  const got = await download(who, link.id, link.query);
  expect(got.statusCode, got.body.slice(0, 300)).toBe(200);
  expect(got.headers['content-type']).toBe('application/zip');
  expect(got.headers['cache-control']).toBe('private, no-store');
  expect(Number(got.headers['content-length'])).toBe(got.rawPayload.length);
  return { link, mail, zip: await zipEntries(got.rawPayload), raw: got.rawPayload };
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  // Bookings: one confirmed (paid through the wallet: top-up and payment lines), one completed (reviewed), one
  // cancelled by the client with its note.
  await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z', price: 30_000 });
  const completed = await insertBooking(w, { status: 'completed', start: '2026-05-01T10:00:00Z' });
  completedBookingId = completed.bookingId;
  await insertBooking(w, { status: 'cancelled', start: '2026-05-08T10:00:00Z' });
  await t.db.$client.query(
    `INSERT INTO reviews (identifier, participant_id, booking_id, client_id, provider_id, half_stars, comment, is_anonymous)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, 9, 'Kind and clear, thank you.', false)`,
    [completed.participantId, completed.bookingId, w.client.userId, w.provider.userId],
  );
  // Messages through the app: one with a pdf, one edited, one deleted, one from the provider.
  const opened = await t.api('POST', '/messages/conversations', w.client, { participantIdentifier: w.provider.userId });
  expect(opened.statusCode, opened.body).toBe(201);
  const conversationIdentifier = opened.json().data.identifier as string;
  const withFile = await uploadDocuments(
    t,
    w.client,
    '/messages/store',
    { conversationIdentifier, content: 'Here is my letter' },
    [pdfFile('referral letter.pdf')],
    'files',
  );
  const edited = await uploadDocuments(
    t,
    w.client,
    '/messages/store',
    { conversationIdentifier, content: 'See you on Wensday' },
    [],
    'files',
  );
  const deleted = await uploadDocuments(
    t,
    w.client,
    '/messages/store',
    { conversationIdentifier, content: 'Sent by mistake' },
    [],
    'files',
  );
  const reply = await uploadDocuments(
    t,
    w.provider,
    '/messages/store',
    { conversationIdentifier, content: '=SUM(A1:A2) is not a formula here' },
    [],
    'files',
  );
  for (const res of [withFile, edited, deleted, reply]) expect(res.statusCode, res.body).toBe(201);
  expect(
    (
      await t.api('PUT', `/messages/${edited.json().data.identifier}/update`, w.client, {
        content: 'See you on Wednesday',
      })
    ).statusCode,
  ).toBe(200);
  expect((await t.api('DELETE', `/messages/${deleted.json().data.identifier}`, w.client)).statusCode).toBe(200);
  // An answered PHQ-9, sealed as the measures module seals it (bound to the measure's id).
  measureId = crypto.randomUUID();
  const sealedResult = fieldEncryptionFromConfig(t.config).seal(
    JSON.stringify({ answers: [1, 2, 0, 1, 3, 0, 1, 2, 1], score: 11, severity: 'moderate', selfHarmAlert: true }),
    `measure:${measureId}:result`,
  );
  await t.db.$client.query(
    `INSERT INTO measures (identifier, provider_id, client_id, kind, booking_id, key_id, result_sealed, answered_at) VALUES ($1, $2, $3, 'PHQ9', $4, 1, $5, now())`,
    [measureId, w.provider.userId, w.client.userId, completed.bookingId, sealedResult],
  );
  // The provider's notes: a typed session note and a file note about the client.
  const typed = await uploadDocuments(
    t,
    w.provider,
    '/note',
    {
      type: 'booking',
      reference: completed.bookingId,
      title: 'First session',
      content: 'Sleep is better; work stress remains.',
    },
    [],
    'file',
  );
  const filed = await uploadDocuments(
    t,
    w.provider,
    '/note',
    { type: 'client', reference: w.client.userId, title: 'Intake form', content: '' },
    [pdfFile('intake form.pdf')],
    'file',
  );
  for (const res of [typed, filed]) expect(res.statusCode, res.body).toBe(201);
  // Issue 49: the client's mail settings (marketing allowed) and her device's consent to analytics; the provider
  // allowed analytics and then withdrew it, which leaves no row.
  const saved = await t.api('PUT', '/user/mail-preferences', w.client, {
    reminders: false,
    messages: true,
    bookingUpdates: true,
    marketing: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const consented = await t.request({
    method: 'PUT',
    url: '/api/v1/user/cookie-consent',
    headers: { ...w.client.auth, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    payload: { consent: { analytics: true, advertising: false, personalization: false } },
  });
  expect(consented.statusCode, consented.body).toBe(200);
  for (const analytics of [true, false]) {
    const res = await t.api('PUT', '/user/cookie-consent', w.provider, {
      consent: { analytics, advertising: false, personalization: false },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 60_000);
afterAll(async () => t.close());

describe('a client exports their data', () => {
  let exported: Awaited<ReturnType<typeof exportOf>>;
  beforeAll(async () => {
    exported = await exportOf(w.client);
  }, 60_000);

  it('is mailed a signed link to the web page, valid for 24 hours, and the account screen shows it ready', async () => {
    expect(exported.mail.text).toContain('/account/export/');
    const state = await t.api('GET', '/user/export', w.client);
    expect(state.statusCode).toBe(200);
    const data = state.json().data;
    expect(data).toMatchObject({ identifier: exported.link.id, status: 'ready' });
    expect(Date.parse(data.expiresAt) - Date.parse(data.readyAt)).toBe(24 * HOUR);
    expect(Number(exported.link.expires)).toBe(Math.floor(Date.parse(data.expiresAt) / 1000));
    expect(data.sizeBytes).toBe(exported.raw.length);
  });

  it('holds README.txt and every part of a client as JSON and CSV (no notes)', () => {
    expect([...exported.zip.keys()].sort()).toEqual(
      [
        'README.txt',
        // Issue 48: therapist preferences, the waitlist and every other table of the person's (`records`) too.
        ...[
          'bookings',
          'messages',
          'profile',
          'questionnaires',
          'records',
          'reviews',
          'therapist-preferences',
          'waitlist',
          'wallet',
        ].flatMap((p) => [`${p}.csv`, `${p}.json`]),
      ].sort(),
    );
    expect(exported.zip.get('README.txt')).toContain('messages    Messages you sent or received');
    expect(exported.zip.get('README.txt')).not.toContain('notes ');
  });

  it('profile: the account fields, never a password hash or token', () => {
    const profile = JSON.parse(exported.zip.get('profile.json')!);
    expect(profile).toMatchObject({
      identifier: w.client.userId,
      email: w.client.email,
      userType: 'client',
      firstName: 'Ada',
      lastName: 'Client',
      countryCode: 'NG',
      language: 'en',
    });
    expect(profile).not.toHaveProperty('passwordHash');
    const [csv] = csvRecords(exported.zip.get('profile.csv')!);
    expect(csv).toMatchObject({ email: w.client.email, userType: 'client' });
    for (const [name, text] of exported.zip) {
      expect(text, name).not.toMatch(/argon2|passwordHash|password_hash|refresh|tokenHash/i);
      expect(text, name).not.toContain(w.client.session.accessToken);
    }
  });

  it('bookings: times, status, price and the cancellation', () => {
    const bookings = JSON.parse(exported.zip.get('bookings.json')!) as Array<Record<string, unknown>>;
    expect(bookings).toHaveLength(3);
    expect(bookings.map((b) => b.status).sort()).toEqual(['cancelled', 'completed', 'confirmed']);
    const confirmed = bookings.find((b) => b.status === 'confirmed')!;
    expect(confirmed).toMatchObject({
      role: 'client',
      providerId: w.provider.userId,
      providerName: 'Theo Provider',
      startsAt: '2026-05-06T10:00:00.000Z',
      endsAt: '2026-05-06T11:00:00.000Z',
      priceMinor: 30_000,
      currencyCode: 'NGN',
    });
    expect(typeof confirmed.modality).toBe('string');
    expect(bookings.find((b) => b.status === 'cancelled')).toMatchObject({
      cancelledBy: 'client',
      cancelNote: 'Earlier cancel',
      refundMinor: 0,
    });
    const csv = csvRecords(exported.zip.get('bookings.csv')!);
    expect(csv).toHaveLength(3);
    expect(csv.find((b) => b.status === 'confirmed')).toMatchObject({
      priceMinor: '30000',
      startsAt: '2026-05-06T10:00:00.000Z',
    });
  });

  it('wallet: the ledger lines of the wallet (top-ups and payments), signed amounts', () => {
    const lines = JSON.parse(exported.zip.get('wallet.json')!) as Array<Record<string, unknown>>;
    // Two paid bookings (confirmed, completed): a top-up and a payment each.
    expect(lines.map((l) => `${l.type} ${l.amountMinor}`).sort()).toEqual([
      'booking_payment -25000',
      'booking_payment -30000',
      'topup 25000',
      'topup 30000',
    ]);
    expect(lines.every((l) => l.account === 'user_wallet' && l.currencyCode === 'NGN')).toBe(true);
    expect(csvRecords(exported.zip.get('wallet.csv')!)).toHaveLength(4);
  });

  it('reviews: the one they wrote', () => {
    const reviews = JSON.parse(exported.zip.get('reviews.json')!);
    expect(reviews).toEqual([
      expect.objectContaining({
        bookingId: completedBookingId,
        role: 'author',
        rating: 4.5,
        comment: 'Kind and clear, thank you.',
        isAnonymous: false,
      }),
    ]);
    expect(csvRecords(exported.zip.get('reviews.csv')!)[0]).toMatchObject({
      rating: '4.5',
      comment: 'Kind and clear, thank you.',
    });
  });

  it('messages: sent and received, opened, with edited/deleted flags and attachment names', () => {
    const messages = JSON.parse(exported.zip.get('messages.json')!) as Array<Record<string, unknown>>;
    expect(messages).toHaveLength(4);
    const [withFile, edited, deleted, reply] = messages;
    expect(withFile).toMatchObject({
      senderId: w.client.userId,
      recipientId: w.provider.userId,
      recipientName: 'Theo Provider',
      text: 'Here is my letter',
      attachmentNames: ['referral letter.pdf'],
      edited: false,
      deleted: false,
    });
    expect(edited).toMatchObject({ text: 'See you on Wednesday', edited: true, deleted: false });
    expect(deleted).toMatchObject({ text: null, deleted: true, attachmentNames: [] });
    expect(reply).toMatchObject({
      senderId: w.provider.userId,
      recipientId: w.client.userId,
      text: '=SUM(A1:A2) is not a formula here',
    });
    const csv = csvRecords(exported.zip.get('messages.csv')!);
    expect(csv.map((m) => m.text)).toEqual([
      'Here is my letter',
      'See you on Wednesday',
      '',
      "'=SUM(A1:A2) is not a formula here",
    ]);
    expect(csv[0]).toMatchObject({ attachmentNames: 'referral letter.pdf', edited: 'false' });
  });

  it('questionnaires: the one sent to them, its sealed result opened', () => {
    const measures = JSON.parse(exported.zip.get('questionnaires.json')!);
    expect(measures).toEqual([
      expect.objectContaining({
        identifier: measureId,
        kind: 'PHQ9',
        role: 'sent-to-you',
        providerName: 'Theo Provider',
        answers: [1, 2, 0, 1, 3, 0, 1, 2, 1],
        score: 11,
        severity: 'moderate',
        selfHarmAlert: true,
      }),
    ]);
    expect(csvRecords(exported.zip.get('questionnaires.csv')!)[0]).toMatchObject({
      kind: 'PHQ9',
      answers: '1; 2; 0; 1; 3; 0; 1; 2; 1',
      score: '11',
      severity: 'moderate',
    });
  });

  it('records: the mail settings as saved, and the analytics consent of her device (issue 49)', () => {
    const records = JSON.parse(exported.zip.get('records.json')!) as Array<{
      section: string;
      key: string;
      details: Record<string, unknown>;
    }>;
    const mail = records.filter((r) => r.section === 'mail-settings');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.key).toBe(w.client.userId);
    expect(mail[0]!.details).toMatchObject({
      reminders: false,
      messages: true,
      booking_updates: true,
      marketing: true,
      marketing_consented_at: expect.any(String),
    });
    const consent = records.filter((r) => r.section === 'analytics-consent');
    expect(consent).toHaveLength(1);
    expect(consent[0]!.details).toMatchObject({
      user_id: w.client.userId,
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      granted_at: expect.any(String),
    });
    // The CSV has them too, one row each.
    const csv = csvRecords(exported.zip.get('records.csv')!);
    expect(csv.filter((r) => r.section === 'mail-settings').map((r) => r.key)).toEqual([w.client.userId]);
    expect(csv.filter((r) => r.section === 'analytics-consent').map((r) => r.key)).toEqual([w.client.userId]);
    expect(exported.zip.get('README.txt')).toContain('your mail settings (mail-settings)');
  });

  it('is sealed at rest: the stored object is no ZIP and shows no plain text', async () => {
    const { rows } = await t.db.$client.query<{ storage_key: string; purpose: string; size_bytes: string }>(
      'SELECT f.storage_key, f.purpose, f.size_bytes FROM data_exports e JOIN files f ON f.identifier = e.file_id WHERE e.identifier = $1',
      [exported.link.id],
    );
    expect(rows[0]!.purpose).toBe('export');
    const stored = await createFileStorage(t.config.storage).get(rows[0]!.storage_key);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 4).toString()).toBe('TPX1');
    expect(bytes.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(bytes.includes(Buffer.from('README'))).toBe(false);
    expect(bytes.length).toBeGreaterThan(exported.raw.length);
  });
});

describe('a provider exports their data', () => {
  it('holds their notes (title, content, file name opened), the questionnaire they sent and the review about them', async () => {
    const { zip } = await exportOf(w.provider);
    expect(zip.has('notes.json') && zip.has('notes.csv')).toBe(true);
    expect(zip.get('README.txt')).toContain('notes       Your session and client notes');
    const notes = JSON.parse(zip.get('notes.json')!) as Array<Record<string, unknown>>;
    expect(
      notes
        .map((n) => ({
          type: n.type,
          title: n.title,
          content: n.content,
          fileName: n.fileName,
          clientName: n.clientName,
        }))
        .sort((a, b) => String(a.title).localeCompare(String(b.title))),
    ).toEqual([
      {
        type: 'booking',
        title: 'First session',
        content: 'Sleep is better; work stress remains.',
        fileName: null,
        clientName: 'Ada Client',
      },
      { type: 'client', title: 'Intake form', content: '', fileName: 'intake form.pdf', clientName: 'Ada Client' },
    ]);
    expect(
      csvRecords(zip.get('notes.csv')!)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['First session', 'Intake form']);
    expect(JSON.parse(zip.get('questionnaires.json')!)).toEqual([
      expect.objectContaining({ identifier: measureId, role: 'sent-by-you', clientName: 'Ada Client', score: 11 }),
    ]);
    expect(JSON.parse(zip.get('reviews.json')!)).toEqual([
      expect.objectContaining({ role: 'about-you', clientName: 'Ada Client', rating: 4.5 }),
    ]);
    const profile = JSON.parse(zip.get('profile.json')!);
    expect(profile).toMatchObject({ userType: 'provider', phoneNumber: expect.any(String) });
    expect(profile).toHaveProperty('headline');
    expect(JSON.parse(zip.get('bookings.json')!).every((b: { role: string }) => b.role === 'provider')).toBe(true);
    expect(JSON.parse(zip.get('messages.json')!)).toHaveLength(4);
    // A withdrawn consent to analytics is not kept, so there is none to export; mail settings never changed: none.
    const sections = (JSON.parse(zip.get('records.json')!) as Array<{ section: string }>).map((r) => r.section);
    expect(sections).not.toContain('analytics-consent');
    expect(sections).not.toContain('mail-settings');
  }, 60_000);
});

describe('what must not work', () => {
  it('another user with the valid link: 404, and nothing of the export leaks', async () => {
    const { link } = await exportOf(w.client);
    const other = await t.signUp('client');
    for (const who of [other, w.provider]) {
      const res = await download(who, link.id, link.query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: en.notFound });
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.body).not.toContain(link.id);
    }
    // Signed out: 401.
    expect((await download(undefined, link.id, link.query)).statusCode).toBe(401);
    // A made-up export id: 404 too.
    expect((await download(w.client, crypto.randomUUID(), link.query)).statusCode).toBe(404);
  }, 60_000);

  it('a tampered, cut or missing signature, or a moved expiry: 400 with the clear message, in the request language', async () => {
    const { link } = await exportOf(w.client);
    const flipped = link.signature.slice(0, -1) + (link.signature.endsWith('A') ? 'B' : 'A');
    const queries = [
      `expires=${link.expires}&signature=${flipped}`,
      `expires=${link.expires}&signature=${link.signature.slice(0, 10)}`,
      `expires=${link.expires}`,
      '',
      `expires=${Number(link.expires) + 3600}&signature=${link.signature}`,
      `expires=abc&signature=${link.signature}`,
    ];
    for (const q of queries) {
      const res = await download(w.client, link.id, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ code: 'BAD_REQUEST', message: en.dataExportLinkInvalid });
    }
    const german = await download(w.client, link.id, queries[0]!, { 'x-locale': 'de' });
    expect(german.json().message).toBe(de.dataExportLinkInvalid);
  }, 60_000);

  it('an expired link (24 hours later): 410 with the clear message; the account screen says expired; the purge removes the file', async () => {
    const { link } = await exportOf(w.client);
    const { rows } = await t.db.$client.query<{ file_id: string; storage_key: string }>(
      'SELECT e.file_id, f.storage_key FROM data_exports e JOIN files f ON f.identifier = e.file_id WHERE e.identifier = $1',
      [link.id],
    );
    const files = createFileService({ db: t.db, config: t.config, clock: t.clock });
    // The purge runs every hour, once across all instances.
    expect(
      (await t.db.$client.query('SELECT cron FROM pgboss.schedule WHERE name = $1', [PURGE_EXPORTS_QUEUE])).rows,
    ).toEqual([{ cron: '23 * * * *' }]);
    // Not yet expired: the purge leaves it.
    await purgeExpiredExports({ db: t.db, clock: t.clock, files });
    expect(await t.count('files', { identifier: rows[0]!.file_id })).toBe(1);
    t.clock.advance(24 * HOUR + 60_000);
    try {
      // A day later the client signs in anew (access tokens last 15 minutes).
      const signIn = await t.request({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: w.client.email, password: w.client.password },
        remoteAddress: '10.200.0.1',
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const client = { ...w.client, auth: { authorization: `Bearer ${signIn.json().data.accessToken}` } };
      const res = await download(client, link.id, link.query);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'LINK_EXPIRED', message: en.dataExportLinkExpired });
      expect((await download(client, link.id, link.query, { 'x-locale': 'de' })).json().message).toBe(
        de.dataExportLinkExpired,
      );
      expect((await t.api('GET', '/user/export', client)).json().data).toMatchObject({
        identifier: link.id,
        status: 'expired',
      });
      expect(await purgeExpiredExports({ db: t.db, clock: t.clock, files })).toBeGreaterThanOrEqual(1);
      expect(await t.count('files', { identifier: rows[0]!.file_id })).toBe(0);
      expect(await createFileStorage(t.config.storage).get(rows[0]!.storage_key)).toBeNull();
      const { rows: after } = await t.db.$client.query(
        'SELECT status, file_id FROM data_exports WHERE identifier = $1',
        [link.id],
      );
      expect(after[0]).toEqual({ status: 'ready', file_id: null });
      // Still 410 (not a 5xx) once the file is gone.
      expect((await download(client, link.id, link.query)).statusCode).toBe(410);
    } finally {
      t.clock.advance(-(24 * HOUR + 60_000));
    }
  }, 60_000);

  /**
   * Holds the job back while `work` runs: a transaction that locks the files table against writes (SHARE mode: the job's
   * insert of its ZIP's row waits; the requests' foreign-key checks do not), so the export stays pending however fast the job is. Released after, and the export completes.
   */
  async function whilePending(user: SignedUp, work: () => Promise<void>) {
    const hold = await t.db.$client.connect();
    try {
      await hold.query('BEGIN');
      await hold.query('LOCK TABLE files IN SHARE MODE');
      await work();
      expect((await t.api('GET', '/user/export', user)).json().data.status).toBe('pending');
    } finally {
      await hold.query('ROLLBACK');
      hold.release();
    }
    await t.mail.waitFor(user.email, (m) => m.subject === 'Your data is ready', 30_000);
  }

  it('a second request while one is pending: the rule message in the request language, and nothing is added', async () => {
    const user = await t.signUp('client');
    await whilePending(user, async () => {
      expect((await t.api('POST', '/user/export', user)).statusCode).toBe(202);
      const second = await t.request({
        method: 'POST',
        url: '/api/v1/user/export',
        headers: { ...user.auth, 'x-locale': 'de' },
      });
      expect(second.statusCode, second.body).toBe(400);
      expect(second.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: de.dataExportInProgress,
        errors: [de.dataExportInProgress],
      });
      expect(await t.count('data_exports', { user_id: user.userId })).toBe(1);
    });
    // Once it is ready, a new one may be asked for.
    expect((await t.api('POST', '/user/export', user)).statusCode).toBe(202);
    expect(await t.count('data_exports', { user_id: user.userId })).toBe(2);
  }, 60_000);

  it('many requests at once make one export', async () => {
    const user = await t.signUp('client');
    await whilePending(user, async () => {
      const answers = await Promise.all(Array.from({ length: 25 }, () => t.api('POST', '/user/export', user)));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 202)).toHaveLength(1);
      expect(codes.filter((c) => c === 400)).toHaveLength(24);
      for (const a of answers.filter((x) => x.statusCode === 400))
        expect(a.json().message).toBe(en.dataExportInProgress);
      expect(await t.count('data_exports', { user_id: user.userId })).toBe(1);
      const made = answers.find((a) => a.statusCode === 202)!.json().data.identifier as string;
      const { rows } = await t.db.$client.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'data-export.prepare' AND data->>'exportId' = $1`,
        [made],
      );
      expect(rows[0]).toEqual({ n: 1 });
    });
  }, 60_000);

  it('a pending export whose job was lost for two hours no longer blocks: it shows failed, and a new one is made', async () => {
    const user = await t.signUp('client');
    const lost = crypto.randomUUID();
    await t.db.$client.query(
      `INSERT INTO data_exports (identifier, user_id, status, created_at) VALUES ($1, $2, 'pending', $3)`,
      [lost, user.userId, new Date(t.clock.now().getTime() - 2 * HOUR - 1000)],
    );
    expect((await t.api('GET', '/user/export', user)).json().data).toMatchObject({
      identifier: lost,
      status: 'failed',
    });
    const res = await t.api('POST', '/user/export', user);
    expect(res.statusCode, res.body).toBe(202);
    const { rows } = await t.db.$client.query('SELECT status, failure FROM data_exports WHERE identifier = $1', [lost]);
    expect(rows[0]).toEqual({ status: 'failed', failure: 'its job did not finish in time' });
    await t.mail.waitFor(user.email, (m) => m.subject === 'Your data is ready', 30_000);
  }, 60_000);

  it('an export that cannot be written (a sealed value that does not open) is marked failed: no file, no mail', async () => {
    const provider = await t.signUp('provider');
    const client = await t.signUp('client');
    await t.db.$client.query(
      `INSERT INTO notes (identifier, author_id, type, client_id, key_id, title_sealed, content_sealed) VALUES (gen_random_uuid(), $1, 'client', $2, 1, $3, $3)`,
      [provider.userId, client.userId, Buffer.alloc(40, 1).toString('base64')],
    );
    expect((await t.api('POST', '/user/export', provider)).statusCode).toBe(202);
    let status = 'pending';
    for (let waited = 0; status === 'pending' && waited < 20_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await t.api('GET', '/user/export', provider)).json().data.status as string;
    }
    expect(status).toBe('failed');
    expect(await t.count('files', { owner_user_id: provider.userId, purpose: 'export' })).toBe(0);
    await t.mailSettled();
    expect(
      t.mail.mails.filter((m) => m.to.includes(provider.email.toLowerCase()) && m.subject === 'Your data is ready'),
    ).toHaveLength(0);
    // And the user may ask again at once.
    const again = await t.api('POST', '/user/export', provider);
    expect(again.statusCode).toBe(202);
  }, 60_000);

  it('GET /user/export is null for someone who never asked', async () => {
    const user = await t.signUp('provider');
    expect((await t.api('GET', '/user/export', user)).json()).toEqual({ data: null });
  });
});

describe('a user with 10,000 messages', () => {
  it('gets all 10,000 in the messages part, JSON and CSV, each opened', async () => {
    const world = await bookingWorld(t);
    await insertBooking(world, { status: 'confirmed', start: '2026-05-12T10:00:00Z' });
    const opened = await t.api('POST', '/messages/conversations', world.client, {
      participantIdentifier: world.provider.userId,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const conversationId = opened.json().data.identifier as string;
    const crypt = fieldEncryptionFromConfig(t.config);
    const ids = Array.from({ length: 10_000 }, () => crypto.randomUUID());
    const sealed = ids.map((id, i) => crypt.seal(`Message number ${i + 1}`, `message:${id}:content`));
    await t.db.$client.query(
      `INSERT INTO chat_messages (identifier, conversation_id, sender_id, key_id, content_sealed, created_at)
       SELECT ($3::uuid[])[i], $1, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $5::uuid END, 1, ($4::text[])[i], timestamptz '2026-01-01T00:00:00Z' + i * interval '1 second'
         FROM generate_series(1, 10000) AS i`,
      [conversationId, world.client.userId, ids, sealed, world.provider.userId],
    );
    // The rows come a page at a time (keyset pages of 500), never all at once.
    const sizes: number[] = [];
    for await (const batch of dataExportRepository.messages(t.db, world.client.userId)) sizes.push(batch.length);
    expect(sizes).toEqual(Array.from({ length: 10_000 / EXPORT_BATCH }, () => EXPORT_BATCH));
    const { zip } = await exportOf(world.client, 90_000);
    const messages = JSON.parse(zip.get('messages.json')!) as Array<{ text: string; senderId: string }>;
    expect(messages).toHaveLength(10_000);
    expect(messages[0]!.text).toBe('Message number 1');
    expect(messages[9_999]!.text).toBe('Message number 10000');
    expect(new Set(messages.map((m) => m.text)).size).toBe(10_000);
    expect(messages.filter((m) => m.senderId === world.client.userId)).toHaveLength(5_000);
    const csv = csvRecords(zip.get('messages.csv')!);
    expect(csv).toHaveLength(10_000);
    expect(csv[4_999]!.text).toBe('Message number 5000');
  }, 120_000);
});
