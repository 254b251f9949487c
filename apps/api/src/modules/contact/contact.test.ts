import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_PAGE_SIZE } from '@therapy/contracts/contact';
import { de, en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { contactLimits } from './contact.service.ts';

let t: TestApp;
let operator: SignedUp;
let client: SignedUp;
let provider: SignedUp;
let seq = 0;

const good = (overrides: Record<string, unknown> = {}) => ({
  email: `writer${++seq}@example.com`,
  firstName: 'Ada',
  lastName: "O'Brien",
  phone: '+1 (212) 555-0142'.replaceAll(' ', ''),
  message: 'I would like to know how the first session works.',
  ...overrides,
});

/** Each sender its own address, so the per-address limit only bites where a test means it to. */
let address = 0;
const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `198.51.100.${++address}`) =>
  t.request({ method: 'POST', url: '/api/v1/contact', payload: payload as object, headers, remoteAddress });

async function mailsTo(to: string, subject: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const parsed = await Promise.all(
      t.mail.mails.filter((m) => m.to.includes(to.toLowerCase())).map((m) => simpleParser(m.raw)),
    );
    const found = parsed.filter((p) => p.subject === subject);
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  t = await buildTestApp({ SUPPORT_EMAIL: 'help-desk@therapy.example' });
  operator = await t.signUpOperator();
  client = await t.signUp('client');
  provider = await t.signUp('provider');
});
afterAll(async () => t?.close());

describe('POST /contact', () => {
  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['no email', { email: undefined }, en.contactRequired],
    ['a blank email', { email: '  ' }, en.contactRequired],
    ['a malformed email', { email: 'not-an-address' }, en.emailInvalid],
    ['no first name', { firstName: undefined }, en.contactRequired],
    ['an empty last name', { lastName: '' }, en.contactRequired],
    ['a name with digits', { firstName: 'Ada2' }, en.namePattern],
    ['a name over 32 characters', { lastName: 'A'.repeat(33) }, en.nameMax],
    ['no message', { message: undefined }, en.contactRequired],
    ['a blank message', { message: '   ' }, en.contactRequired],
    ['a message of 29 characters', { message: 'x'.repeat(29) }, en.contactTextMin],
    ['a message of 1001 characters', { message: 'x'.repeat(1001) }, en.contactTextMax],
    ['a phone with letters', { phone: '0170 555 1234' }, en.contactPhoneCharacters],
    ['a phone of 9 characters', { phone: '123456789' }, en.contactPhoneLength],
    ['a phone of 33 characters', { phone: '1'.repeat(33) }, en.contactPhoneLength],
    ['a phone that is no text', { phone: 1234567890 }, en.contactPhoneCharacters],
  ];
  it.each(bad)('%s: 400 with the exact text, nothing stored or mailed', async (_what, overrides, text) => {
    const payload = good(overrides);
    const res = await send(payload);
    expectError(res, 400, validation(text));
    expect(await t.count('contact_messages')).toBe(0);
    expect(t.mail.mails.filter((m) => m.to.includes(payload.email as string))).toEqual([]);
  });

  it('an unknown field is refused', async () => {
    const res = await send({ ...good(), userId: 'x' });
    expect(res.statusCode).toBe(400);
    expect(await t.count('contact_messages')).toBe(0);
  });

  it('the texts in German', async () => {
    const res = await send(good({ message: 'kurz' }), { 'accept-language': 'de' });
    expectError(res, 400, validation(de.contactTextMin));
    const missing = await send(good({ email: '' }), { 'accept-language': 'de' });
    expectError(missing, 400, validation(de.contactRequired));
  });

  it('boundaries pass: 30 and 1000 characters, phone 10 and 32 characters, no phone', async () => {
    for (const payload of [
      good({ message: 'y'.repeat(30), phone: '(0)1234567' }),
      good({ message: 'z'.repeat(1000), phone: '+'.concat('1'.repeat(31)) }),
      good({ phone: undefined }),
      good({ phone: '' }),
    ]) {
      const res = await send(payload);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await t.count('contact_messages')).toBe(4);
  });

  it('stores the message sealed, mails support (not each operator) and a receipt to the sender in their language', async () => {
    const payload = good({ firstName: 'Zelda', message: 'Ich möchte wissen, wie die erste Sitzung abläuft.' });
    const res = await send(payload, { 'accept-language': 'de' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: de.contactSent });

    const { rows } = await t.db.$client.query(
      'SELECT email, first_name, last_name, phone, message_sealed, locale FROM contact_messages WHERE email = $1',
      [payload.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: 'Zelda',
      last_name: "O'Brien",
      phone: '+1(212)555-0142',
      locale: 'de',
    });
    expect(rows[0].message_sealed).not.toContain('Sitzung');

    const receipt = await mailsTo(payload.email, 'Wir haben deine Nachricht erhalten');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain('Hallo Zelda');

    // SUPPORT_EMAIL gets the mail, in English whatever the sender's language, greeting the team.
    const toSupport = await mailsTo('help-desk@therapy.example', `New contact message from Zelda O'Brien`);
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.text).toContain('Hello team');
    expect(toSupport[0]!.text).toContain(payload.email);
    expect(toSupport[0]!.text).toContain('http://localhost:5173/operator/contact');
    // The mail only points to the inbox: the message is not copied into the outbox.
    expect(toSupport[0]!.text).not.toContain('Sitzung');
    // Operators read it on the inbox page: their own addresses get no copy.
    await t.mailSettled();
    expect(t.mail.mails.filter((m) => m.to.includes(operator.email.toLowerCase()))).toHaveLength(0);
  });

  it('answers the same for the address of an account as for any other (no enumeration)', async () => {
    const known = await send(good({ email: client.email }));
    const unknown = await send(good());
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: en.contactSent });
  });

  it('is limited per address: the next one gives 429 and is not stored', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < contactLimits.perAddress; i++) expect((await send(good(), {}, ip)).statusCode).toBe(201);
    const before = await t.count('contact_messages');
    const over = await send(good(), {}, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.count('contact_messages')).toBe(before);
    // Another address still gets through.
    expect((await send(good())).statusCode).toBe(201);
  });

  it('is limited per recipient of the receipt, from any address', async () => {
    const target = `victim${seq}@example.com`;
    for (let i = 0; i < contactLimits.perRecipient; i++)
      expect((await send(good({ email: target }))).statusCode).toBe(201);
    expect((await send(good({ email: target.toUpperCase() }))).statusCode).toBe(429);
  });
});

describe('the operators inbox', () => {
  it('401 for visitors, 403 for clients and providers', async () => {
    expect((await t.api('GET', '/operator/contact-messages', undefined)).statusCode).toBe(401);
    expect((await t.api('GET', '/operator/contact-messages', client)).statusCode).toBe(403);
    expect((await t.api('GET', '/operator/contact-messages', provider)).statusCode).toBe(403);
    const id = '01900000-0000-7000-8000-000000000000';
    expect((await t.api('POST', `/operator/contact-messages/${id}/answered`, undefined)).statusCode).toBe(401);
    expect((await t.api('POST', `/operator/contact-messages/${id}/answered`, client)).statusCode).toBe(403);
    expect((await t.api('POST', `/operator/contact-messages/${id}/answered`, provider)).statusCode).toBe(403);
  });

  it('lists newest first, a page at a time, opened; marks answered once', async () => {
    while ((await t.count('contact_messages')) <= CONTACT_PAGE_SIZE + 2)
      expect((await send(good())).statusCode).toBe(201);
    const newest = good({ message: 'This is the newest message of them all, surely.' });
    t.clock.advance(60_000);
    expect((await send(newest)).statusCode).toBe(201);

    const first = await t.api('GET', '/operator/contact-messages', operator);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    const total = await t.count('contact_messages');
    expect(body.meta).toEqual({
      page: 1,
      pageSize: CONTACT_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / CONTACT_PAGE_SIZE),
    });
    expect(body.data).toHaveLength(Math.min(total, CONTACT_PAGE_SIZE));
    expect(body.data[0]).toMatchObject({ email: newest.email, message: newest.message, answeredAt: null });
    const times = body.data.map((d: { receivedAt: string }) => d.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);

    const second = (await t.api('GET', '/operator/contact-messages?page=2', operator)).json();
    expect(second.data).toHaveLength(total - CONTACT_PAGE_SIZE);
    const ids = new Set(body.data.map((d: { identifier: string }) => d.identifier));
    expect(second.data.some((d: { identifier: string }) => ids.has(d.identifier))).toBe(false);

    expectError(await t.api('GET', '/operator/contact-messages?page=0', operator), 400, validation(en.pageInvalid));

    const id = body.data[0].identifier;
    const before = t.clock.now().getTime();
    const marked = await t.api('POST', `/operator/contact-messages/${id}/answered`, operator);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().message).toBe(en.contactAnswered);
    const answeredAt = marked.json().data.answeredAt;
    expect(Date.parse(answeredAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(answeredAt)).toBeLessThanOrEqual(t.clock.now().getTime());
    t.clock.advance(60_000);
    const again = await t.api('POST', `/operator/contact-messages/${id}/answered`, operator);
    expect(again.json().data.answeredAt).toBe(answeredAt);

    const unknown = await t.api(
      'POST',
      '/operator/contact-messages/01900000-0000-7000-8000-000000000000/answered',
      operator,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
