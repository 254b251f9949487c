import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;

const invalidCode = {
  message: 'The code is invalid or has expired',
  code: 'INVALID_CODE',
  errors: ['The code is invalid or has expired'],
};

const newAddress = () => `moved.${crypto.randomBytes(4).toString('hex')}@example.com`;
const requestChange = (u: { auth: { authorization: string } }, email: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/v1/user/profile/change-email',
    headers: { ...u.auth, ...headers },
    payload: { email },
  });
const confirm = (u: { auth: { authorization: string } }, code: string) =>
  t.request({ method: 'POST', url: '/api/v1/user/profile/validate-email-change', headers: u.auth, payload: { code } });
/** The mails to `email` so far, once every queued mail has gone out. */
const mailsTo = async (email: string) => {
  await t.mailSettled();
  return t.mail.mails.filter((m) => m.to.includes(email.toLowerCase()));
};
async function codeFor(email: string): Promise<string> {
  await t.mailSettled();
  const mail = await t.mail.waitFor(email, (m) => m.subject === 'Your code to change your email');
  const match = /Your code to change your email address is: (\d{6})$/m.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}
/** A 6-digit code that is surely not `code`. */
const wrongFor = (code: string, shift = 1) => code.slice(0, 5) + String((Number(code[5]) + shift) % 10);
async function emailOf(id: string): Promise<string> {
  const { rows } = await t.db.$client.query('SELECT email FROM users WHERE identifier = $1', [id]);
  return rows[0].email;
}
async function relogin(u: SignedUp, email = u.email) {
  const res = await t.request({ method: 'POST', url: '/api/v1/user/login', payload: { email, password: u.password } });
  expect(res.statusCode).toBe(200);
  return { auth: { authorization: `Bearer ${res.json().data.accessToken}` } };
}

describe('change email', () => {
  it('mails a 6-digit code to the new address; the right code changes the email and tells the old address', async () => {
    const user = await t.signUp('client');
    const target = newAddress();
    const res = await requestChange(user, target.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Input Your OTP Sent Via Email' });
    const code = await codeFor(target);
    expect((await mailsTo(user.email)).filter((m) => m.subject === 'Your code to change your email')).toHaveLength(0);
    expect(await emailOf(user.userId)).toBe(user.email);

    const ok = await confirm(user, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Email Changed Successful');
    expect(ok.json().data).toMatchObject({ identifier: user.userId, email: target, emailVerified: true });
    expect(await emailOf(user.userId)).toBe(target);
    const notice = await t.mail.waitFor(user.email, (m) => m.subject === 'Your email address was changed');
    expect(notice.text).toContain(target);

    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/user/login',
          payload: { email: target, password: user.password },
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: user.email, password: user.password },
      }),
      401,
      {
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      },
    );
    // The code is used up.
    expectError(await confirm(user, code), 400, invalidCode);
  });

  it('a wrong code is 400 INVALID_CODE and the email stays', async () => {
    const user = await t.signUp('provider');
    const target = newAddress();
    await requestChange(user, target);
    const code = await codeFor(target);
    expectError(await confirm(user, wrongFor(code)), 400, invalidCode);
    expect(await emailOf(user.userId)).toBe(user.email);
    expect((await confirm(user, code)).statusCode).toBe(200);
  });

  it('after 5 wrong tries the right code no longer works', async () => {
    const user = await t.signUp('client');
    const target = newAddress();
    await requestChange(user, target);
    const code = await codeFor(target);
    for (let i = 1; i <= 5; i++) expectError(await confirm(user, wrongFor(code, i)), 400, invalidCode);
    expectError(await confirm(user, code), 400, invalidCode);
    expect(await emailOf(user.userId)).toBe(user.email);
  });

  it('4 wrong tries still leave the right code working', async () => {
    const user = await t.signUp('client');
    const target = newAddress();
    await requestChange(user, target);
    const code = await codeFor(target);
    for (let i = 1; i <= 4; i++) expectError(await confirm(user, wrongFor(code, i)), 400, invalidCode);
    expect((await confirm(user, code)).statusCode).toBe(200);
    expect(await emailOf(user.userId)).toBe(target);
  });

  it('the code expires after 15 minutes', async () => {
    const early = await t.signUp('client');
    const late = await t.signUp('provider');
    const earlyTarget = newAddress();
    const lateTarget = newAddress();
    await requestChange(early, earlyTarget);
    await requestChange(late, lateTarget);
    const earlyCode = await codeFor(earlyTarget);
    const lateCode = await codeFor(lateTarget);
    t.clock.advance(14 * MINUTE);
    expect((await confirm(early, earlyCode)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    // The access token has expired as well by now: sign in again, then try the code.
    const fresh = await relogin(late);
    expectError(await confirm(fresh, lateCode), 400, invalidCode);
    expect(await emailOf(late.userId)).toBe(late.email);
  });

  it('a newer request replaces the older code', async () => {
    const user = await t.signUp('client');
    const first = newAddress();
    const second = newAddress();
    await requestChange(user, first);
    const firstCode = await codeFor(first);
    await requestChange(user, second);
    const secondCode = await codeFor(second);
    if (firstCode !== secondCode) expectError(await confirm(user, firstCode), 400, invalidCode);
    expect((await confirm(user, secondCode)).statusCode).toBe(200);
    expect(await emailOf(user.userId)).toBe(second);
  });

  it('an address taken by another user answers like a free one; its owner is told, no code is sent, nothing changes', async () => {
    const user = await t.signUp('client');
    const other = await t.signUp('provider');
    const free = await requestChange(user, newAddress());
    const mailsBefore = (await mailsTo(other.email)).length;
    const taken = await requestChange(user, other.email.toUpperCase());
    // The same status and body as for a free address: the answer does not tell whether the address has an account.
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual(free.json());
    expect(taken.json()).toEqual({ message: 'Input Your OTP Sent Via Email' });
    const toOwner = (await mailsTo(other.email)).slice(mailsBefore);
    expect(toOwner.map((m) => m.subject)).toEqual(['Someone tried to use your email address']);
    expect(toOwner[0]!.text).toContain('Hello Theo,');
    expect(toOwner[0]!.text).toContain('nothing was changed on your account');
    expect(toOwner[0]!.text).not.toContain(user.email);
    expect(toOwner[0]!.text).not.toMatch(/\d{6}/);
    // No code for the taken address, and neither account changes.
    expect(await t.count('email_change_codes', { user_id: user.userId, new_email: other.email.toLowerCase() })).toBe(0);
    expect(await t.count('email_change_codes', { user_id: other.userId })).toBe(0);
    expect(await emailOf(user.userId)).toBe(user.email);
    expect(await emailOf(other.userId)).toBe(other.email);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/user/login',
          payload: { email: other.email, password: other.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the owner of a taken address is told in their language', async () => {
    const user = await t.signUp('client');
    const other = await t.signUp('client');
    expect((await t.api('PUT', '/user/preferences', other, { locale: 'de' })).statusCode).toBe(200);
    const mailsBefore = (await mailsTo(other.email)).length;
    expect((await requestChange(user, other.email)).statusCode).toBe(200);
    const toOwner = (await mailsTo(other.email)).slice(mailsBefore);
    expect(toOwner.map((m) => m.subject)).toEqual(['Jemand wollte deine E-Mail-Adresse verwenden']);
    expect(toOwner[0]!.text).toContain('Hallo Ada,');
    expect(toOwner[0]!.text).toContain('An deinem Konto wurde nichts geändert');
  });

  it('is limited per user: the 6th request within an hour is 429, free or taken address alike, until the hour passes', async () => {
    const user = await t.signUp('client');
    const owners = [await t.signUp('client'), await t.signUp('provider')];
    const targets = [newAddress(), owners[0]!.email, newAddress(), owners[1]!.email, newAddress()];
    for (const target of targets) expect((await requestChange(user, target)).statusCode).toBe(200);
    const tooMany = { message: 'Too many attempts. Please wait a moment and try again', code: 'TOO_MANY_REQUESTS' };
    for (const target of [newAddress(), owners[0]!.email]) {
      const refused = await requestChange(user, target);
      expectError(refused, 429, tooMany);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another user is not held back by this one's requests.
    expect((await requestChange(await t.signUp('client'), newAddress())).statusCode).toBe(200);
    t.clock.advance(61 * MINUTE);
    expect((await requestChange(await relogin(user), newAddress())).statusCode).toBe(200);
  });

  it('an address taken between the request and the code is 409 on confirm, and nothing changes', async () => {
    const user = await t.signUp('client');
    const target = newAddress();
    await requestChange(user, target);
    const code = await codeFor(target);
    const squatter = await t.signUp('client', { email: target, confirmEmail: target });
    expectError(await confirm(user, code), 409, {
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
    expect(await emailOf(user.userId)).toBe(user.email);
    expect(await emailOf(squatter.userId)).toBe(target);
  });

  it('the current address is refused', async () => {
    const user = await t.signUp('provider');
    expectError(
      await requestChange(user, user.email.toUpperCase()),
      400,
      validation('This is already your email address'),
    );
  });

  it.each([
    ['5 characters', '12345'],
    ['7 characters', '1234567'],
    ['empty', ''],
  ])('a code of %s is a form error', async (_name, code) => {
    const user = await t.signUp('client');
    const target = newAddress();
    await requestChange(user, target);
    const right = await codeFor(target);
    expectError(await confirm(user, code), 400, validation('The code must have 6 characters'));
    // A form error does not use up a try.
    const { rows } = await t.db.$client.query('SELECT attempts FROM email_change_codes WHERE user_id = $1', [
      user.userId,
    ]);
    expect(rows).toEqual([{ attempts: 0 }]);
    expect((await confirm(user, right)).statusCode).toBe(200);
  });

  it('a code with no pending request is INVALID_CODE', async () => {
    const user = await t.signUp('client');
    expectError(await confirm(user, '123456'), 400, invalidCode);
  });

  it('validates the new address', async () => {
    const user = await t.signUp('client');
    expectError(await requestChange(user, 'not-an-email'), 400, validation('Please enter a valid email address'));
    expectError(await requestChange(user, ''), 400, validation('Email is required'));
    expect(await t.count('email_change_codes', { user_id: user.userId })).toBe(0);
  });

  it('German: the request answer and the code error', async () => {
    const user = await t.signUp('client');
    const target = newAddress();
    const res = await requestChange(user, target, { 'x-locale': 'de' });
    expect(res.json()).toEqual({ message: 'Gib den Code ein, den wir dir per E-Mail geschickt haben' });
    const code = await codeFor(target);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/user/profile/validate-email-change',
      headers: { ...user.auth, 'x-locale': 'de' },
      payload: { code: wrongFor(code) },
    });
    expectError(wrong, 400, {
      message: 'Der Code ist ungültig oder abgelaufen',
      code: 'INVALID_CODE',
      errors: ['Der Code ist ungültig oder abgelaufen'],
    });
  });

  it('requires a signed-in user', async () => {
    expectError(
      await t.request({ method: 'POST', url: '/api/v1/user/profile/change-email', payload: { email: newAddress() } }),
      401,
      {
        message: 'Please sign in to continue',
        code: 'UNAUTHORIZED_ACCESS',
      },
    );
  });
});
