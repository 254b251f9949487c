import type { LightMyRequestResponse } from 'fastify';
import { createSigner } from 'fast-jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '@therapy/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;

const invalidCredentials = { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
const unauthorized = { message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS' };
const tooMany = { message: 'Too many attempts. Please wait a moment and try again', code: 'TOO_MANY_REQUESTS' };

const login = (email: string, password: string, remoteAddress?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const info = (authorization?: string) =>
  t.request({ method: 'GET', url: '/api/v1/user/info', headers: authorization ? { authorization } : {} });
const refresh = (cookie?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/user/token/refresh',
    ...(cookie ? { cookies: { refresh_token: cookie } } : {}),
  });
const logout = (cookie?: string) =>
  t.request({ method: 'POST', url: '/api/v1/user/logout', ...(cookie ? { cookies: { refresh_token: cookie } } : {}) });
const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'refresh_token');
const withoutRequestId = (res: LightMyRequestResponse) => {
  const { requestId: _r, ...rest } = res.json();
  return rest;
};
/** The refresh cookie was told to go away (empty value, expired). */
function expectCookieCleared(res: LightMyRequestResponse) {
  const c = cookieOf(res);
  expect(c?.value).toBe('');
  expect(c?.path).toBe('/api/v1/user');
  expect(c?.maxAge).toBe(0);
}

describe('login', () => {
  let user: SignedUp;
  beforeAll(async () => {
    user = await t.signUp('client');
  });

  it('returns an access token and sets an httpOnly, SameSite=Lax refresh cookie scoped to /api/v1/user', async () => {
    const res = await login(user.email, user.password);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ accessToken: expect.any(String), expiresIn: 900 });
    expect(body.data.user).toMatchObject({ identifier: user.userId, email: user.email, userType: 'client' });

    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^refresh_token=[A-Za-z0-9_-]{43};/);
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Lax');
    expect(raw).toContain('Path=/api/v1/user');
    expect(raw).toContain(`Max-Age=${30 * 86_400}`);
    expect(raw).not.toContain('Secure'); // APP_ORIGIN is http in tests
    const cookie = cookieOf(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/user' });
    // The refresh token travels only in the cookie, never in the body.
    expect(res.body).not.toContain(cookie.value);

    expect((await info(`Bearer ${body.data.accessToken}`)).statusCode).toBe(200);
    const { rows } = await t.db.$client.query(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
      [user.userId],
    );
    expect(rows[0].n).toBe(2); // the sign-up session and this one
  });

  it('finds the account whatever the case of the email and with surrounding spaces', async () => {
    const res = await login(`  ${user.email.toUpperCase()} `, user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.identifier).toBe(user.userId);
  });

  it('answers an unknown email and a wrong password with the same status, body and header', async () => {
    const wrong = await login(user.email, 'Wrong-Password-1');
    const unknown = await login('nobody.here@example.com', 'Wrong-Password-1');
    expectError(wrong, 401, invalidCredentials);
    expectError(unknown, 401, invalidCredentials);
    expect(withoutRequestId(wrong)).toEqual(withoutRequestId(unknown));
    expect(wrong.headers['www-authenticate']).toBe(unknown.headers['www-authenticate']);
    expect(cookieOf(wrong)).toBeUndefined();
    expect(cookieOf(unknown)).toBeUndefined();
  });

  it('only requires a password: a 3-character password is a 401, not a form error', async () => {
    expectError(await login(user.email, 'abc'), 401, invalidCredentials);
  });

  it('still validates the form: empty password, missing email, unknown field', async () => {
    expectError(await login(user.email, ''), 400, {
      message: 'Password is required',
      code: 'VALIDATION_ERROR',
      errors: ['Password is required'],
    });
    expectError(await t.request({ method: 'POST', url: '/api/v1/user/login', payload: { password: 'x' } }), 400, {
      message: 'Email is required',
      code: 'VALIDATION_ERROR',
      errors: ['Email is required'],
    });
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: user.email, password: user.password, userType: 'provider' },
      }),
      400,
      {
        message: 'Unknown field: userType',
        code: 'VALIDATION_ERROR',
        errors: ['Unknown field: userType'],
      },
    );
  });

  it('speaks German with x-locale: de', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: user.email, password: 'nope' },
      headers: { 'x-locale': 'de' },
    });
    expectError(res, 401, { message: 'E-Mail oder Passwort ist falsch', code: 'INVALID_CREDENTIALS' });
  });
});

describe('login attempt limit', () => {
  it('answers 429 after 10 wrong passwords for one account, even to the right password, until the window passes', async () => {
    const user = await t.signUp('provider');
    const ip = '10.1.0.1';
    for (let i = 0; i < 10; i++)
      expectError(await login(user.email, `Wrong-${i}-password`, ip), 401, invalidCredentials);
    expectError(await login(user.email, 'Wrong-11-password', ip), 429, tooMany);
    expectError(await login(user.email, user.password, ip), 429, tooMany);

    // Another account from the same address is not locked by this one.
    const other = await t.signUp('client');
    expect((await login(other.email, other.password, ip)).statusCode).toBe(200);

    t.clock.advance(14 * MINUTE);
    expectError(await login(user.email, user.password, ip), 429, tooMany);
    t.clock.advance(2 * MINUTE);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    // A success starts the count again: one wrong password is a plain 401.
    expectError(await login(user.email, 'Wrong-again-1', ip), 401, invalidCredentials);
  });

  it('is never permanent: a second burst locks again, and lifts again', async () => {
    const user = await t.signUp('client');
    const ip = '10.1.0.2';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 10; i++)
        expectError(await login(user.email, `Bad-${round}-${i}-pw`, ip), 401, invalidCredentials);
      expectError(await login(user.email, user.password, ip), 429, tooMany);
      t.clock.advance(16 * MINUTE);
      expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    }
  });

  it('limits an unknown email the same way (no account probing through the limit)', async () => {
    const ip = '10.1.0.3';
    for (let i = 0; i < 10; i++)
      expectError(await login('ghost@example.com', `Bad-${i}-pw`, ip), 401, invalidCredentials);
    expectError(await login('ghost@example.com', 'Bad-x-pw', ip), 429, tooMany);
    t.clock.advance(16 * MINUTE);
    expectError(await login('ghost@example.com', 'Bad-y-pw', ip), 401, invalidCredentials);
  });
});

describe('sessions', () => {
  it('the access token opens GET /user/info', async () => {
    const user = await t.signUp('client');
    const res = await info(user.auth.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(user.session.user);
  });

  it('an expired access token is 401 UNAUTHORIZED_ACCESS; the refresh cookie gets a new one', async () => {
    // A client: 16 minutes without activity is inside their idle window (60), not a provider's (15; sessions.test.ts).
    const user = await t.signUp('client');
    t.clock.advance(16 * MINUTE);
    const res = await info(user.auth.authorization);
    expectError(res, 401, unauthorized);
    expect(res.headers['www-authenticate']).toBe('Bearer');

    const renewed = await refresh(user.refreshCookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.user.identifier).toBe(user.userId);
    expect((await info(`Bearer ${renewed.json().data.accessToken}`)).statusCode).toBe(200);
  });

  it('refresh rotates; presenting the old cookie again revokes the whole family, the newest token included', async () => {
    const user = await t.signUp('client');
    const second = await login(user.email, user.password); // another device: its own family
    const secondCookie = cookieOf(second)!.value;

    const r1 = await refresh(user.refreshCookie);
    expect(r1.statusCode, r1.body).toBe(200);
    const c1 = cookieOf(r1)!;
    expect(c1.value).not.toBe(user.refreshCookie);
    expect(c1).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/user' });
    expect((await info(`Bearer ${r1.json().data.accessToken}`)).statusCode).toBe(200);

    const r2 = await refresh(c1.value);
    expect(r2.statusCode).toBe(200);
    const c2 = cookieOf(r2)!.value;

    const replay = await refresh(user.refreshCookie);
    expectError(replay, 401, unauthorized);
    expectCookieCleared(replay);
    expectError(await refresh(c2), 401, unauthorized);
    expectError(await refresh(c1.value), 401, unauthorized);

    const { rows } = await t.db.$client.query<{ family_id: string; revoked: boolean }>(
      'SELECT family_id, revoked_at IS NOT NULL AS revoked FROM refresh_tokens WHERE user_id = $1',
      [user.userId],
    );
    const families = new Map<string, boolean[]>();
    for (const r of rows) families.set(r.family_id, [...(families.get(r.family_id) ?? []), r.revoked]);
    expect([...families.values()].map((v) => v.length).sort()).toEqual([1, 3]); // sign-up, first and second rotation; the other device
    const stolen = [...families.values()].find((v) => v.length === 3)!;
    expect(stolen.every(Boolean)).toBe(true);

    // The other device's session is untouched.
    expect((await refresh(secondCookie)).statusCode).toBe(200);
  });

  it('refresh without a cookie or with a made-up one is 401', async () => {
    expectError(await refresh(), 401, unauthorized);
    expectError(await refresh('not-a-real-token'), 401, unauthorized);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const user = await t.signUp('provider');
    const res = await logout(user.refreshCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been signed out' });
    expectCookieCleared(res);
    expectError(await refresh(user.refreshCookie), 401, unauthorized);
    const { rows } = await t.db.$client.query(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
      [user.userId],
    );
    expect(rows[0].n).toBe(0);
    // Logging out twice, or without a cookie, is harmless.
    expect((await logout(user.refreshCookie)).statusCode).toBe(200);
    expect((await logout()).statusCode).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['garbage bearer', 'Bearer abc.def.ghi'],
    ['empty bearer', 'Bearer '],
    ['basic auth', 'Basic dXNlcjpwYXNz'],
    ['token without scheme', 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
  ])('%s is 401 UNAUTHORIZED_ACCESS', async (_name, authorization) => {
    expectError(await info(authorization), 401, unauthorized);
  });

  it('a token signed with another key, or with alg none, is 401', async () => {
    const user = await t.signUp('client');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    // Everything as the server signs it but the key.
    const forged = createSigner({
      key: 'another-secret-another-secret-another-secret',
      algorithm: 'HS256',
      noTimestamp: true,
    })({ sub: user.userId, ut: 'client', sid: user.userId, iat: now, exp: now + 900 });
    expectError(await info(`Bearer ${forged}`), 401, unauthorized);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.userId, ut: 'client', iat: now, exp: now + 900 })}.`;
    expectError(await info(`Bearer ${none}`), 401, unauthorized);
  });

  it('an access token works until its 15th minute ends, then is 401', async () => {
    const before = Math.floor(t.clock.now().getTime() / 1000);
    const user = await t.signUp('client');
    const after = Math.ceil(t.clock.now().getTime() / 1000);
    const claims = JSON.parse(Buffer.from(user.session.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
      exp: number;
    };
    // Issued during the sign-up, for 15 minutes.
    expect(claims.exp).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_SECONDS);
    expect(claims.exp).toBeLessThanOrEqual(after + ACCESS_TOKEN_TTL_SECONDS);
    // The test clock keeps running: set a few seconds before the token's end (room for a slow request under load), then
    // at its end.
    t.clock.set(new Date((claims.exp - 5) * 1000).toISOString());
    expect((await info(`Bearer ${user.session.accessToken}`)).statusCode).toBe(200);
    t.clock.set(new Date(claims.exp * 1000).toISOString());
    expectError(await info(`Bearer ${user.session.accessToken}`), 401, unauthorized);
  });

  it('a refresh token expires after 30 days', async () => {
    const user = await t.signUp('client');
    // The person was using the app just now (as the web's activity reports leave it), so only the token's age counts.
    const activeNow = () =>
      t.db.$client.query('UPDATE user_sessions SET last_active_at = $2 WHERE user_id = $1', [
        user.userId,
        t.clock.now(),
      ]);
    t.clock.advance(29 * 86_400_000);
    await activeNow();
    const r = await refresh(user.refreshCookie);
    expect(r.statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    await activeNow();
    expectError(await refresh(cookieOf(r)!.value), 401, unauthorized);
  });
});
