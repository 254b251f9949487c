import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 48 "Nothing lost on the way in": the page a visitor signed up from (a therapist's page with the chosen time)
 * travels in the verification link, so the link brings them back; only a path of this site is taken.
 */
let t: TestApp;
let usId: string;
beforeAll(async () => {
  t = await buildTestApp();
  usId = await t.countryId('US');
});
afterAll(async () => t.close());

const PASSWORD = 'Gentle-River-42';
const back = '/therapists/0190a0b2-0000-7000-8000-000000000001?slot=abc_DEF-1&modality=x&therapy=y';
const freshEmail = () => `wayin.${crypto.randomBytes(4).toString('hex')}@example.com`;
let ipSeq = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/v1/user${url}`,
    payload,
    headers,
    remoteAddress: `10.48.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
  });
const client = (email: string, extra: Record<string, unknown> = {}) => ({
  userType: 'client',
  firstName: 'Robin',
  lastName: 'Visitor',
  email,
  confirmEmail: email,
  countryIdentifier: usId,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
  ...extra,
});

async function verifyLink(email: string): Promise<URL> {
  await t.mailSettled();
  const mail = await t.mail.waitFor(email, (m) => m.subject === 'Verify your email address');
  const match = /^(http:\/\/localhost:5173\/verify-email\?\S+)$/m.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return new URL(match![1]!);
}

describe('the way back through e-mail verification', () => {
  it('a sign-up with a redirect mails a link that carries it, and the link still verifies', async () => {
    const email = freshEmail();
    const res = await post('/register', client(email, { redirect: back }));
    expect(res.statusCode, res.body).toBe(201);
    const link = await verifyLink(email);
    expect(link.searchParams.get('redirect')).toBe(back);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);

    const verified = await post('/register/verify', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your email is verified' });
  });

  it('a sign-up without one mails the plain link', async () => {
    const email = freshEmail();
    expect((await post('/register', client(email))).statusCode).toBe(201);
    const link = await verifyLink(email);
    expect(link.searchParams.has('redirect')).toBe(false);
    expect([...link.searchParams.keys()]).toEqual(['token']);
  });

  it('a new link asked for later keeps the way back too', async () => {
    const email = freshEmail();
    expect((await post('/register', client(email))).statusCode).toBe(201);
    await t.mailSettled();
    const asked = await post('/register/request-verification', { email, redirect: back });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.mailSettled();
    const mails = t.mail.mails.filter((m) => m.to.includes(email) && m.subject === 'Verify your email address');
    expect(mails).toHaveLength(2);
    const newest = /^(http:\/\/localhost:5173\/verify-email\?\S+)$/m.exec(mails.at(-1)!.text);
    expect(new URL(newest![1]!).searchParams.get('redirect')).toBe(back);
  });

  it('a taken address: its owner is told, with a sign-in link that leads back to the same page', async () => {
    const email = freshEmail();
    expect((await post('/register', client(email))).statusCode).toBe(201);
    expect((await post('/register', client(email, { redirect: back }))).statusCode).toBe(201);
    await t.mailSettled();
    const attempt = t.mail.mails.find((m) => m.to.includes(email) && m.subject !== 'Verify your email address');
    expect(attempt, JSON.stringify(t.mail.mails.map((m) => m.subject))).toBeDefined();
    expect(attempt!.text).toContain(`http://localhost:5173/login?redirect=${encodeURIComponent(back)}`);
  });

  const refused = [
    'https://evil.example/therapists',
    '//evil.example/therapists',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'therapists/x',
    `/${'a'.repeat(2000)}`,
  ];
  for (const redirect of refused) {
    it(`refuses an open redirect (${JSON.stringify(redirect.slice(0, 30))}) with 400 and creates no account`, async () => {
      const email = freshEmail();
      const res = await post('/register', client(email, { redirect }));
      expectError(res, 400, validation('The page to return to must be a page of this site'));
      const rows = await t.db.$client.query('SELECT 1 FROM users WHERE email = $1', [email]);
      expect(rows.rowCount).toBe(0);
    });
  }

  it('says so in German', async () => {
    const res = await post('/register', client(freshEmail(), { redirect: '//evil.example' }), {
      'accept-language': 'de',
    });
    expectError(res, 400, validation('Die Seite, zu der du zurückkehrst, muss zu dieser Website gehören'));
  });

  it('refuses one on a new link too', async () => {
    const res = await post('/register/request-verification', { email: freshEmail(), redirect: 'https://evil.example' });
    expectError(res, 400, validation('The page to return to must be a page of this site'));
  });
});
