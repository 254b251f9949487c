import { HtmlValidate } from 'html-validate';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, insertBooking, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { parsedMailTo } from '../../../test/parsed-mail.ts';

/**
 * Issue 49, mail that renders (decision 0064): every mail has a text and an HTML part from one template, in the
 * recipient's language, with dark-mode styles; notification mails carry RFC 8058's one-click List-Unsubscribe and
 * transactional ones do not; the one-click POST works without a session, a forged token does not; a kind switched off
 * is not sent while transactional mail still is; German readers get the therapy's German name. Read over real SMTP
 * with a real MIME parser (mailparser).
 */
let t: TestApp;
let w: World;
const NOW = '2027-03-01T07:00:00.000Z';

const online = async () =>
  (
    await t.db.$client.query<{ id: string }>(
      `SELECT identifier AS id FROM reference_items WHERE list = 'modality' AND code = 'online'`,
    )
  ).rows[0]!.id;

const mailTo = (who: SignedUp, subjectStart: string, timeoutMs?: number): Promise<ParsedMail> =>
  parsedMailTo(t, who.email, subjectStart, timeoutMs);
const subjectsTo = (who: SignedUp) => t.mail.mails.filter((m) => m.to.includes(who.email.toLowerCase()));

async function clientIn(locale: 'en' | 'de'): Promise<SignedUp> {
  const client = await t.signUp('client');
  await insertBooking(w, { status: 'completed', start: '2027-02-01T10:00:00Z', client });
  await t.db.$client.query(`UPDATE users SET locale = $2, first_name = 'Sam' WHERE identifier = $1`, [
    client.userId,
    locale,
  ]);
  return client;
}

// Weekdays the provider works (the world's plan has no weekend slots).
const days = ['03', '04', '05', '08', '09', '10', '11', '12'];
const appointmentFor = async (client: SignedUp) => {
  const start = `2027-03-${days.shift()!}T15:00:00.000Z`;
  const made = await t.api('POST', '/appointment', w.provider, {
    clientIdentifier: client.userId,
    modalityIdentifier: await online(),
    therapyIdentifier: w.categoryId,
    timeslotIdentifier: await slotAt(t, w.provider.userId, start),
  });
  expect(made.statusCode, made.body).toBe(201);
};

const links = (s: string) =>
  [...new Set(s.match(/https?:\/\/[^\s<>"')]+/g) ?? [])].map((l) => l.replace(/[.,;:]+$/, ''));
const hrefs = (html: string) =>
  [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')))].filter((h) =>
    h.startsWith('http'),
  );
/** A header field as sent (mailparser folds List-* fields into a parsed `list` object; the raw line is exact). */
const headerOf = (mail: ParsedMail, name: string): string | undefined => {
  const line = mail.headerLines.find((l) => l.key === name)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
};
const oneClickUrl = (mail: ParsedMail) => /<(https?:\/\/[^>]+)>/.exec(headerOf(mail, 'list-unsubscribe') ?? '')?.[1];

let therapy: { en: string; de: string };

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await t.db.$client.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [w.provider.userId],
  );
  const fee = await t.api('POST', '/provider/booking-fee/general', w.provider, { fee: 25_000, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
  const row = (
    await t.db.$client.query<{ code: string; name: string }>(
      'SELECT code, name FROM reference_items WHERE identifier = $1',
      [w.categoryId],
    )
  ).rows[0]!;
  expect(row.code).toBe('individual');
  therapy = { en: row.name, de: 'Einzeltherapie' };
});
afterAll(async () => t?.close());

describe('mail that renders', () => {
  it('a notification mail: text and HTML alternatives, the same links, lang, dark mode, one-click unsubscribe', async () => {
    const client = await clientIn('en');
    await appointmentFor(client);
    const mail = await mailTo(client, 'Please pay for your appointment');
    expect(mail.subject).toBe(`Please pay for your appointment: ${therapy.en}`);
    expect(
      String(mail.headers.get('content-type') && (mail.headers.get('content-type') as { value: string }).value),
    ).toBe('multipart/alternative');
    expect(mail.text).toBeTruthy();
    const html = String(mail.html);
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain('<meta name="color-scheme" content="light dark"');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toMatch(/max-width:\s*600px/);
    const textLinks = links(mail.text!).sort();
    expect(textLinks.length).toBeGreaterThan(1);
    expect(hrefs(html).sort()).toEqual(textLinks);
    // RFC 8058: an https one-click address (the test app's origin is http://localhost) with the signed token, a mailto, and the POST header.
    const header = headerOf(mail, 'list-unsubscribe');
    expect(header).toMatch(/^<https?:\/\/[^>]+\/api\/v1\/mail\/unsubscribe\/bookingUpdates\.[^>]+>, <mailto:[^>]+>$/);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('one rendered mail is valid HTML', async () => {
    const client = await clientIn('en');
    await appointmentFor(client);
    const html = String((await mailTo(client, 'Please pay for your appointment')).html);
    const validator = new HtmlValidate({
      extends: ['html-validate:standard'],
      // Mail clients need the layout tables' presentational attributes (React Email writes them on purpose).
      // and React Email's render() writes the XHTML 1.0 Transitional doctype mail clients are used to.
      rules: { 'no-deprecated-attr': 'off', 'no-inline-style': 'off', 'doctype-html': 'off' },
    });
    const report = await validator.validateString(html);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it('a transactional mail (verification) has both parts and no List-Unsubscribe', async () => {
    const client = await t.signUp('client');
    const mail = await mailTo(client, 'Verify your email address');
    expect(mail.html).toBeTruthy();
    expect(mail.text).toBeTruthy();
    expect(links(mail.text!).sort()).toEqual(hrefs(String(mail.html)).sort());
    expect(headerOf(mail, 'list-unsubscribe')).toBeUndefined();
    expect(headerOf(mail, 'list-unsubscribe-post')).toBeUndefined();
  });

  it('German: the therapy has its German name in subject and body, lang="de"', async () => {
    const client = await clientIn('de');
    await appointmentFor(client);
    const mail = await mailTo(client, 'Bitte bezahle deinen Termin');
    expect(mail.subject).toBe(`Bitte bezahle deinen Termin: ${therapy.de}`);
    expect(mail.text).toContain(therapy.de);
    expect(mail.text).not.toContain(therapy.en);
    expect(String(mail.html)).toMatch(/<html[^>]* lang="de"/);
  });

  it('the one-click POST needs no session and switches the kind off; a forged token gives 404; transactional still goes', async () => {
    const client = await clientIn('en');
    await appointmentFor(client);
    const url = oneClickUrl(await mailTo(client, 'Please pay for your appointment'))!;
    const path = new URL(url).pathname;
    const token = path.split('/').at(-1)!;
    // Another account's id under this signature, or an altered signature: not found, nothing changes.
    const other = token.replace(/\.[0-9a-f-]{36}\./, `.${w.client.userId}.`);
    const forgedSig = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [other, forgedSig]) {
      const res = await t.request({
        method: 'POST',
        url: path.replace(token, bad),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(404);
    }
    const garbage = await t.request({ method: 'POST', url: '/api/v1/mail/unsubscribe/nothing', payload: {} });
    expect(garbage.statusCode).toBe(400);
    const prefsBefore = await t.api('GET', '/user/mail-preferences', client);
    expect(prefsBefore.json().data.bookingUpdates).toBe(true);

    const res = await t.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const prefs = await t.api('GET', '/user/mail-preferences', client);
    expect(prefs.json().data).toEqual({ reminders: true, messages: true, bookingUpdates: false, marketing: false });

    // The GET (a browser) goes to the preferences page and changes nothing.
    const opened = await t.request({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/\/mail-preferences\?token=/);

    // Switched off: the next "please pay" is not sent; a transactional mail (password reset) still is.
    const before = subjectsTo(client).length;
    await appointmentFor(client);
    await t.mailSettled();
    expect(subjectsTo(client).filter((m) => m.subject.startsWith('Please pay')).length).toBe(1);
    const reset = await t.api('POST', '/user/request-password-reset', undefined, { email: client.email });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    await t.mailSettled();
    expect(subjectsTo(client).length).toBe(before + 1);
    expect(subjectsTo(client).at(-1)!.subject).not.toMatch(/^Please pay/);
  });

  it('GET/PUT preferences: the signed-in user only, the zod contract, a clear 400', async () => {
    const client = await clientIn('en');
    expect((await t.api('GET', '/user/mail-preferences', undefined)).statusCode).toBe(401);
    const saved = await t.api('PUT', '/user/mail-preferences', client, {
      reminders: false,
      messages: true,
      bookingUpdates: true,
      marketing: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ reminders: false, messages: true, bookingUpdates: true, marketing: true });
    const bad = await t.api('PUT', '/user/mail-preferences', client, { reminders: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose on or off for each kind of mail');
  });
});
