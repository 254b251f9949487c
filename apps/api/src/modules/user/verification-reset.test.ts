import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const invalidToken = { message: 'This link is invalid or has expired', code: 'INVALID_TOKEN' };
const withoutRequestId = (res: LightMyRequestResponse) => {
  const { requestId: _r, ...rest } = res.json();
  return rest;
};

const post = (url: string, payload: object, remoteAddress?: string) =>
  t.request({ method: 'POST', url: `/api/v1/user${url}`, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const info = (u: SignedUp) => t.request({ method: 'GET', url: '/api/v1/user/info', headers: u.auth });
const login = (email: string, password: string) => post('/login', { email, password });

/** The mails to `email` so far, once every queued mail has gone out. */
const mailsTo = async (email: string) => {
  await t.mailSettled();
  return t.mail.mails.filter((m) => m.to.includes(email.toLowerCase()));
};
/** The token from the newest mail with this subject, checking the link points at the web app. */
async function linkToken(email: string, subject: string, page: string): Promise<string> {
  await t.mailSettled();
  const mail = await t.mail.waitFor(email, (m) => m.subject === subject);
  const match = new RegExp(`^http://localhost:5173/${page}\\?token=([A-Za-z0-9_-]+)$`, 'm').exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}
const userRow = (id: string) => t.userRow(id);

describe('email verification', () => {
  it('sign-up mails a link; following it verifies the address, once', async () => {
    const user = await t.signUp('client');
    expect(await mailsTo(user.email)).toHaveLength(1);
    const token = await linkToken(user.email, 'Verify your email address', 'verify-email');
    expect((await info(user)).json().data.emailVerified).toBe(false);

    const res = await post('/register/verify', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your email is verified' });
    expect((await info(user)).json().data.emailVerified).toBe(true);
    const verifiedAt = (await userRow(user.userId)).email_verified_at;
    expect(verifiedAt).toBeInstanceOf(Date);

    expectError(await post('/register/verify', { token }), 400, invalidToken);
    expect((await userRow(user.userId)).email_verified_at).toEqual(verifiedAt);
  });

  it('the link is valid for 48 hours and no longer', async () => {
    const early = await t.signUp('provider');
    const late = await t.signUp('client');
    const earlyToken = await linkToken(early.email, 'Verify your email address', 'verify-email');
    const lateToken = await linkToken(late.email, 'Verify your email address', 'verify-email');
    t.clock.advance(47 * HOUR + 59 * MINUTE);
    expect((await post('/register/verify', { token: earlyToken })).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expectError(await post('/register/verify', { token: lateToken }), 400, invalidToken);
    expect((await userRow(late.userId)).email_verified_at).toBeNull();
  });

  it('a made-up token is 400 INVALID_TOKEN; an empty one is a form error', async () => {
    expectError(await post('/register/verify', { token: 'x'.repeat(43) }), 400, invalidToken);
    expectError(await post('/register/verify', { token: '' }), 400, validation('This link is invalid or has expired'));
    expectError(
      await post('/register/verify', { token: 'x'.repeat(201) }),
      400,
      validation('This link is invalid or has expired'),
    );
  });

  it('request-verification answers the same for an unknown address; a new link replaces the old one', async () => {
    const user = await t.signUp('client');
    const first = await linkToken(user.email, 'Verify your email address', 'verify-email');

    const known = await post('/register/request-verification', { email: user.email.toUpperCase() });
    const unknown = await post('/register/request-verification', { email: 'no.account.here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({
      message: 'If the address belongs to an account, a verification mail is on its way',
    });
    expect(known.json()).toEqual(unknown.json());
    expect(await mailsTo('no.account.here@example.com')).toHaveLength(0);
    expect(await mailsTo(user.email)).toHaveLength(2);

    const second = await linkToken(user.email, 'Verify your email address', 'verify-email');
    expect(second).not.toBe(first);
    expectError(await post('/register/verify', { token: first }), 400, invalidToken);
    expect((await userRow(user.userId)).email_verified_at).toBeNull();
    expect((await post('/register/verify', { token: second })).statusCode).toBe(200);

    // Already verified: the same answer, and no mail.
    const again = await post('/register/request-verification', { email: user.email });
    expect(withoutRequestId(again)).toEqual(withoutRequestId(unknown));
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it('request-verification is limited per address, known or not', async () => {
    const user = await t.signUp('provider');
    for (const email of [user.email, 'limit.ghost@example.com']) {
      for (let i = 0; i < 5; i++)
        expect((await post('/register/request-verification', { email })).statusCode).toBe(200);
      expectError(await post('/register/request-verification', { email }), 429, {
        message: 'Too many attempts. Please wait a moment and try again',
        code: 'TOO_MANY_REQUESTS',
      });
    }
    t.clock.advance(16 * MINUTE);
    expect((await post('/register/request-verification', { email: user.email })).statusCode).toBe(200);
  });

  it('request-verification validates the email', async () => {
    expectError(
      await post('/register/request-verification', { email: 'nope' }),
      400,
      validation('Please enter a valid email address'),
    );
  });
});

describe('password reset', () => {
  const NEW = 'Quiet-Harbour-19';
  const requestReset = (email: string) => post('/request-password-reset', { email });
  const resetToken = (email: string) => linkToken(email, 'Reset your password', 'reset-password');

  it('answers the same for an unknown address and mails a link to a known one', async () => {
    const user = await t.signUp('client');
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody.reset@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'If the address belongs to an account, a reset link is on its way' });
    expect(known.json()).toEqual(unknown.json());
    expect(await mailsTo('nobody.reset@example.com')).toHaveLength(0);
    expect(await resetToken(user.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a mismatched confirmation is "Password must match" and changes nothing', async () => {
    const user = await t.signUp('provider');
    await requestReset(user.email);
    const token = await resetToken(user.email);
    const before = await userRow(user.userId);
    const res = await post('/password-reset', { token, password: NEW, confirmPassword: `${NEW}x` });
    expectError(res, 400, validation('Password must match'));
    expect(await userRow(user.userId)).toEqual(before);
    // The link was not used up.
    expect((await post('/password-reset', { token, password: NEW, confirmPassword: NEW })).statusCode).toBe(200);
  });

  it.each([
    ['a common password', 'qwerty123', 'This password is too common. Please choose another one'],
    ['a short password', 'abc1234', 'Password must be at least 8 characters'],
    ['a password without a letter', '123456789012', 'Password must contain at least one letter'],
  ])('%s is refused and changes nothing', async (_name, password, msg) => {
    const user = await t.signUp('client');
    await requestReset(user.email);
    const token = await resetToken(user.email);
    const before = await userRow(user.userId);
    expectError(await post('/password-reset', { token, password, confirmPassword: password }), 400, validation(msg));
    expect(await userRow(user.userId)).toEqual(before);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('success sets the password, verifies the address, signs out every session, and the link works once', async () => {
    const user = await t.signUp('client');
    const otherDevice = (await login(user.email, user.password)).cookies.find((c) => c.name === 'refresh_token')!.value;
    await requestReset(user.email);
    const token = await resetToken(user.email);

    const res = await post('/password-reset', { token, password: NEW, confirmPassword: NEW });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. Please sign in' });

    const row = await userRow(user.userId);
    expect(row.email_verified_at).toBeInstanceOf(Date);
    for (const cookie of [user.refreshCookie, otherDevice]) {
      expectError(
        await t.request({ method: 'POST', url: '/api/v1/user/token/refresh', cookies: { refresh_token: cookie } }),
        401,
        {
          message: 'Please sign in to continue',
          code: 'UNAUTHORIZED_ACCESS',
        },
      );
    }
    expectError(await login(user.email, user.password), 401, {
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect((await login(user.email, NEW)).statusCode).toBe(200);

    expectError(
      await post('/password-reset', { token, password: 'Other-Harbour-20', confirmPassword: 'Other-Harbour-20' }),
      400,
      invalidToken,
    );
    expect((await userRow(user.userId)).password_hash).toBe(row.password_hash);
  });

  it('the link expires after 60 minutes', async () => {
    const early = await t.signUp('client');
    const late = await t.signUp('provider');
    await requestReset(early.email);
    await requestReset(late.email);
    const earlyToken = await resetToken(early.email);
    const lateToken = await resetToken(late.email);
    t.clock.advance(59 * MINUTE);
    expect((await post('/password-reset', { token: earlyToken, password: NEW, confirmPassword: NEW })).statusCode).toBe(
      200,
    );
    t.clock.advance(2 * MINUTE);
    const before = await userRow(late.userId);
    expectError(
      await post('/password-reset', { token: lateToken, password: NEW, confirmPassword: NEW }),
      400,
      invalidToken,
    );
    expect(await userRow(late.userId)).toEqual(before);
  });

  it('a wrong token is 400 INVALID_TOKEN and changes nothing; a newer request replaces the older link', async () => {
    const user = await t.signUp('client');
    await requestReset(user.email);
    const older = await resetToken(user.email);
    await requestReset(user.email);
    const newer = await resetToken(user.email);
    expect(newer).not.toBe(older);
    const before = await userRow(user.userId);
    const tokensBefore = (
      await t.db.$client.query('SELECT * FROM refresh_tokens WHERE user_id = $1 ORDER BY identifier', [user.userId])
    ).rows;

    expectError(
      await post('/password-reset', {
        token: `${newer.slice(0, -1)}${newer.endsWith('A') ? 'B' : 'A'}`,
        password: NEW,
        confirmPassword: NEW,
      }),
      400,
      invalidToken,
    );
    expectError(
      await post('/password-reset', { token: older, password: NEW, confirmPassword: NEW }),
      400,
      invalidToken,
    );
    expect(await userRow(user.userId)).toEqual(before);
    expect(
      (await t.db.$client.query('SELECT * FROM refresh_tokens WHERE user_id = $1 ORDER BY identifier', [user.userId]))
        .rows,
    ).toEqual(tokensBefore);
    expect((await post('/password-reset', { token: newer, password: NEW, confirmPassword: NEW })).statusCode).toBe(200);
  });

  it('a verification link is not a reset link', async () => {
    const user = await t.signUp('provider');
    const verifyToken = await linkToken(user.email, 'Verify your email address', 'verify-email');
    expectError(
      await post('/password-reset', { token: verifyToken, password: NEW, confirmPassword: NEW }),
      400,
      invalidToken,
    );
    expect((await post('/register/verify', { token: verifyToken })).statusCode).toBe(200);
  });

  it('guessing tokens from one address ends in 429', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 20; i++)
      expectError(await post('/register/verify', { token: `guess-${i}` }, ip), 400, invalidToken);
    expectError(await post('/register/verify', { token: 'guess-x' }, ip), 429, {
      message: 'Too many attempts. Please wait a moment and try again',
      code: 'TOO_MANY_REQUESTS',
    });
    expectError(await post('/password-reset', { token: 'guess-y', password: NEW, confirmPassword: NEW }, ip), 429, {
      message: 'Too many attempts. Please wait a moment and try again',
      code: 'TOO_MANY_REQUESTS',
    });
  });
});
