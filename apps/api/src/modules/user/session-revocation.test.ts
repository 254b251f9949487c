import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { JOBS_SCHEMA } from '../../platform/jobs.ts';
import { createAccessTokens } from '../../platform/auth/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const unauthorized = { message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS' };
const NEW = 'Silver-Lantern-55';

const info = (auth: { authorization: string }) => t.request({ method: 'GET', url: '/api/v1/user/info', headers: auth });
const balance = (auth: { authorization: string }) =>
  t.request({ method: 'GET', url: '/api/v1/wallet/balance', headers: auth });
const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';
/** The session id an access token names (its `sid` claim). */
const sessionOf = (user: SignedUp): string =>
  (JSON.parse(Buffer.from(user.session.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string })
    .sid;
/** A second device of the same user: its own session, access token and refresh cookie. */
async function otherDevice(user: SignedUp) {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { auth: { authorization: `Bearer ${res.json().data.accessToken as string}` }, cookie: cookieOf(res) };
}

describe('access tokens end with their session, not 15 minutes later', () => {
  it('sign-out ends the access token of that session at once, and only that one', async () => {
    const user = await t.signUp('client');
    const other = await otherDevice(user);
    expect((await info(user.auth)).statusCode).toBe(200);
    const out = await t.request({
      method: 'POST',
      url: '/api/v1/user/logout',
      cookies: { refresh_token: user.refreshCookie },
    });
    expect(out.statusCode).toBe(200);
    expectError(await info(user.auth), 401, unauthorized);
    expectError(await balance(user.auth), 401, unauthorized);
    expect((await info(other.auth)).statusCode).toBe(200);
  });

  it('sign-out with only the bearer token ends that session: its access token and its refresh token, and only that one', async () => {
    const user = await t.signUp('client');
    const other = await otherDevice(user);
    const out = await t.request({ method: 'POST', url: '/api/v1/user/logout', headers: user.auth });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been signed out' });
    expectError(await info(user.auth), 401, unauthorized);
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/token/refresh',
        cookies: { refresh_token: user.refreshCookie },
      }),
      401,
      unauthorized,
    );
    expect((await info(other.auth)).statusCode).toBe(200);
  });

  it('sign-out with a token that is not valid (forged, or run out) ends nothing and still answers', async () => {
    const user = await t.signUp('client');
    const forged = await createAccessTokens('another-secret-of-32-characters-x').sign(
      { userId: user.userId, userType: 'client', sessionId: sessionOf(user) },
      t.clock.now(),
    );
    const runOut = await createAccessTokens(t.config.jwtSecret).sign(
      { userId: user.userId, userType: 'client', sessionId: sessionOf(user) },
      new Date(t.clock.now().getTime() - 16 * 60_000),
    );
    for (const token of [forged, runOut]) {
      const out = await t.request({
        method: 'POST',
        url: '/api/v1/user/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.statusCode, out.body).toBe(200);
      expect((await info(user.auth)).statusCode).toBe(200);
    }
  });

  it('a password change ends the access tokens of the other sessions; the device that changed it keeps working', async () => {
    const user = await t.signUp('client');
    const other = await otherDevice(user);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/profile/update-password',
      headers: user.auth,
      payload: { oldPassword: user.password, newPassword: NEW, confirmPassword: NEW },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await info(other.auth), 401, unauthorized);
    expectError(await balance(other.auth), 401, unauthorized);
    expect((await info(user.auth)).statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/user/token/refresh',
          cookies: { refresh_token: user.refreshCookie },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('reuse of a rotated refresh token ends the access tokens of that family at once', async () => {
    const user = await t.signUp('provider');
    const rotated = await t.request({
      method: 'POST',
      url: '/api/v1/user/token/refresh',
      cookies: { refresh_token: user.refreshCookie },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${rotated.json().data.accessToken as string}` };
    expect((await info(fresh)).statusCode).toBe(200);
    // The old cookie again: stolen or replayed.
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/token/refresh',
        cookies: { refresh_token: user.refreshCookie },
      }),
      401,
      unauthorized,
    );
    expectError(await info(fresh), 401, unauthorized);
    expectError(await info(user.auth), 401, unauthorized);
  });

  it('a password reset ends every access token of the user', async () => {
    const user = await t.signUp('client');
    const other = await otherDevice(user);
    await t.request({ method: 'POST', url: '/api/v1/user/request-password-reset', payload: { email: user.email } });
    const mail = await t.mail.waitFor(user.email, (m) => m.text.includes('reset-password?token='));
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/password-reset',
      payload: { token, password: NEW, confirmPassword: NEW },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await info(user.auth), 401, unauthorized);
    expectError(await info(other.auth), 401, unauthorized);
  });

  it('a token without a session id is refused even when its user is live', async () => {
    const user = await t.signUp('client');
    const { SignJWT } = await import('jose');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const noSid = await new SignJWT({ ut: 'client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expectError(await info({ authorization: `Bearer ${noSid}` }), 401, unauthorized);
  });

  it("a token naming another user's session is refused", async () => {
    const a = await t.signUp('client');
    const b = await t.signUp('client');
    const { rows } = await t.db.$client.query<{ identifier: string }>(
      'SELECT identifier FROM user_sessions WHERE user_id = $1',
      [b.userId],
    );
    const token = await createAccessTokens(t.config.jwtSecret).sign(
      { userId: a.userId, userType: 'client', sessionId: rows[0]!.identifier },
      t.clock.now(),
    );
    expectError(await info({ authorization: `Bearer ${token}` }), 401, unauthorized);
  });

  it('GET /user/info reads the database once (the auth check loads the user for the service)', async () => {
    const user = await t.signUp('client');
    const pool = t.db.$client;
    const original = pool.query.bind(pool);
    // Only this request's queries count: the job queue polls on the same pool and may meet the request's window
    // (its statements name its schema). Any other query fails the test, and its text is in the message.
    let queries = 0;
    const texts: unknown[] = [];
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      const text = String((args[0] as { text?: string } | undefined)?.text ?? args[0]);
      if (!text.includes(`${JOBS_SCHEMA}.`)) {
        queries += 1;
        texts.push(text);
      }
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      expect((await info(user.auth)).statusCode).toBe(200);
    } finally {
      (pool as { query: unknown }).query = original;
    }
    expect(queries, JSON.stringify(texts)).toBe(1);
  });
});
