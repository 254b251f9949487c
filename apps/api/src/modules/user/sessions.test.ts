import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/** The signed-in devices list and idle sign-out (issue 20, decision 0036), on the real app and database. */

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;
const unauthorized = { message: en.unauthorized, code: 'UNAUTHORIZED_ACCESS' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Auth = { authorization: string };
interface Device {
  auth: Auth;
  cookie: string;
}
interface ListedSession {
  identifier: string;
  createdAt: string;
  lastActiveAt: string;
  ipAddress: string | null;
  device: string | null;
  current: boolean;
}

const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';

/** Signs `user` in again from another address and browser: a second device with its own session. */
async function signIn(app: TestApp, user: SignedUp, remoteAddress: string, userAgent: string): Promise<Device> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: user.email, password: user.password },
    remoteAddress,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { auth: { authorization: `Bearer ${res.json().data.accessToken as string}` }, cookie: cookieOf(res) };
}
const refresh = (app: TestApp, cookie: string, locale = 'en') =>
  app.request({
    method: 'POST',
    url: '/api/v1/user/token/refresh',
    cookies: { refresh_token: cookie },
    headers: { 'x-locale': locale },
  });
/** Refreshes and returns the device with its new access token and rotated cookie. */
async function refreshed(app: TestApp, device: Device): Promise<Device> {
  const res = await refresh(app, device.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { auth: { authorization: `Bearer ${res.json().data.accessToken as string}` }, cookie: cookieOf(res) };
}
const get = (app: TestApp, url: string, auth: Auth) =>
  app.request({ method: 'GET', url: `/api/v1${url}`, headers: auth });
const list = async (app: TestApp, auth: Auth): Promise<ListedSession[]> => {
  const res = await get(app, '/user/sessions', auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ListedSession[];
};
const end = (app: TestApp, id: string, auth: Auth) =>
  app.request({ method: 'DELETE', url: `/api/v1/user/sessions/${id}`, headers: auth });
const activity = (app: TestApp, auth: Auth) =>
  app.request({ method: 'POST', url: '/api/v1/user/activity', headers: auth });
const sessionRows = async (app: TestApp, userId: string) =>
  (
    await app.db.$client.query<{
      identifier: string;
      ip_address: string | null;
      user_agent: string | null;
      revoked_at: Date | null;
      last_active_at: Date;
    }>(
      'SELECT identifier, ip_address, user_agent, revoked_at, last_active_at FROM user_sessions WHERE user_id = $1 ORDER BY created_at',
      [userId],
    )
  ).rows;
const openRefreshTokens = async (app: TestApp, sessionId: string) =>
  (
    await app.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL',
      [sessionId],
    )
  ).rows[0]!.n;

describe('where you are signed in', () => {
  it('sign-in records the address and the browser (cut to 512 characters)', async () => {
    const user = await t.signUp('client');
    await signIn(t, user, '203.0.113.7', FIREFOX_WINDOWS);
    await signIn(t, user, '198.51.100.9', `${'x'.repeat(600)}`);
    const rows = await sessionRows(t, user.userId);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ ip_address: '203.0.113.7', user_agent: FIREFOX_WINDOWS, revoked_at: null });
    expect(rows[2]!.ip_address).toBe('198.51.100.9');
    expect(rows[2]!.user_agent).toBe('x'.repeat(512));
  });

  it("lists only the caller's live sessions, most recently active first, with the current one marked", async () => {
    const user = await t.signUp('client');
    const stranger = await t.signUp('client');
    const phone = await signIn(t, user, '198.51.100.20', SAFARI_IPHONE);
    t.clock.advance(2 * MINUTE);
    const laptop = await signIn(t, user, '203.0.113.30', FIREFOX_WINDOWS);
    // A device that signed out is not listed any more.
    const gone = await signIn(t, user, '203.0.113.31', FIREFOX_WINDOWS);
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/user/logout', cookies: { refresh_token: gone.cookie } }))
        .statusCode,
    ).toBe(200);

    const seen = await list(t, laptop.auth);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ ipAddress: '203.0.113.30', device: 'Firefox on Windows 10', current: true });
    expect(seen.slice(1).map((s) => s.current)).toEqual([false, false]);
    expect(seen.find((s) => s.ipAddress === '198.51.100.20')).toMatchObject({
      device: 'Safari on iOS',
      current: false,
    });
    const times = seen.map((s) => Date.parse(s.lastActiveAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const s of seen) expect(s.createdAt).toMatch(/Z$/);
    // The stranger's sessions are theirs alone.
    const theirs = await list(t, stranger.auth);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.current).toBe(true);
    expect(seen.map((s) => s.identifier)).not.toContain(theirs[0]!.identifier);
    // In German the device reads so too.
    const german = await t.request({
      method: 'GET',
      url: '/api/v1/user/sessions',
      headers: { ...laptop.auth, 'x-locale': 'de' },
    });
    expect(german.json().data[0].device).toBe('Firefox auf Windows 10');
    // The phone sees the same list, with itself as the current one.
    expect((await list(t, phone.auth)).find((s) => s.current)!.ipAddress).toBe('198.51.100.20');
  });

  it('ends another device at once: its refresh and its access token fail with 401; this device works on', async () => {
    const user = await t.signUp('provider');
    const other = await signIn(t, user, '198.51.100.40', SAFARI_IPHONE);
    const target = (await list(t, user.auth)).find((s) => !s.current)!;
    expect((await get(t, '/user/info', other.auth)).statusCode).toBe(200);

    const res = await end(t, target.identifier, user.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: en.deviceSignedOut });

    expectError(await get(t, '/user/info', other.auth), 401, unauthorized);
    expectError(await refresh(t, other.cookie), 401, unauthorized);
    expect(await openRefreshTokens(t, target.identifier)).toBe(0);
    expect((await get(t, '/user/info', user.auth)).statusCode).toBe(200);
    expect((await list(t, user.auth)).map((s) => s.identifier)).not.toContain(target.identifier);
    // Ending it twice: it is not there to end any more.
    expectError(await end(t, target.identifier, user.auth), 404, { message: en.notFound, code: 'NOT_FOUND' });
  });

  it('ending the current session is signing out (in German, the message too)', async () => {
    const user = await t.signUp('client');
    const current = (await list(t, user.auth)).find((s) => s.current)!;
    const res = await t.request({
      method: 'DELETE',
      url: `/api/v1/user/sessions/${current.identifier}`,
      headers: { ...user.auth, 'x-locale': 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: de.deviceSignedOut });
    // The refresh cookie is cleared with it.
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    expectError(await get(t, '/user/info', user.auth), 401, unauthorized);
    expectError(await refresh(t, user.refreshCookie), 401, unauthorized);
  });

  it("another user's session id, or a made-up one, is 404 and nothing changes", async () => {
    const owner = await t.signUp('client');
    const intruder = await t.signUp('provider');
    const ownerSession = (await list(t, owner.auth))[0]!;
    const before = await sessionRows(t, owner.userId);

    expectError(await end(t, ownerSession.identifier, intruder.auth), 404, { message: en.notFound, code: 'NOT_FOUND' });
    expectError(await end(t, '01930000-0000-7000-8000-000000000000', owner.auth), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expectError(await end(t, 'not-a-session', owner.auth), 400, {
      message: en.notFound,
      code: 'VALIDATION_ERROR',
      errors: [en.notFound],
    });

    expect(await sessionRows(t, owner.userId)).toEqual(before);
    expect((await get(t, '/user/info', owner.auth)).statusCode).toBe(200);
    expect((await refresh(t, owner.refreshCookie)).statusCode).toBe(200);
    // The intruder's own session is untouched too.
    expect((await get(t, '/user/info', intruder.auth)).statusCode).toBe(200);
  });

  it('"Sign out all other devices" ends every other session and keeps this one', async () => {
    const user = await t.signUp('client');
    const a = await signIn(t, user, '198.51.100.50', SAFARI_IPHONE);
    const b = await signIn(t, user, '198.51.100.51', FIREFOX_WINDOWS);
    const res = await t.request({ method: 'DELETE', url: '/api/v1/user/sessions', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: en.otherDevicesSignedOut });
    for (const device of [a, b]) {
      expectError(await get(t, '/user/info', device.auth), 401, unauthorized);
      expectError(await refresh(t, device.cookie), 401, unauthorized);
    }
    const left = await list(t, user.auth);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    expect((await refresh(t, user.refreshCookie)).statusCode).toBe(200);
  });
});

const idleMessage = (minutes: number, locale: 'en' | 'de' = 'en') =>
  (locale === 'en' ? en : de).signedOutIdle.replace('{minutes}', String(minutes));

describe('idle sign-out (HIPAA §164.312(a)(2)(iii))', () => {
  it('a provider active 14 minutes ago refreshes; 16 minutes of only background requests sign them out', async () => {
    const user = await t.signUp('provider');
    const sid = (await list(t, user.auth))[0]!.identifier;
    // Active a minute after signing in: the web reports the person's activity.
    t.clock.advance(MINUTE);
    expect((await activity(t, user.auth)).statusCode).toBe(200);
    t.clock.advance(13 * MINUTE);
    // The message badge polls in the background: not activity.
    expect((await get(t, '/messages/unread', user.auth)).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    // 14 minutes without activity: the refresh works.
    let device = await refreshed(t, { auth: user.auth, cookie: user.refreshCookie });
    const lastActive = (await sessionRows(t, user.userId))[0]!.last_active_at;

    for (let i = 0; i < 2; i++) {
      t.clock.advance(20_000);
      expect((await get(t, '/messages/unread', device.auth)).statusCode).toBe(200);
      expect((await get(t, '/wallet/balance', device.auth)).statusCode).toBe(200);
    }
    t.clock.advance(80_000);
    // 16 minutes after the activity: the still-valid access token (issued at 14) is refused, and so is the refresh, with the reason.
    expect((await sessionRows(t, user.userId))[0]!.last_active_at).toEqual(lastActive);
    expectError(await get(t, '/user/info', device.auth), 401, unauthorized);
    const refused = await refresh(t, device.cookie);
    expectError(refused, 401, { message: idleMessage(15), code: 'SESSION_IDLE' });
    expect(refused.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    // The session is revoked: its refresh token never works again, even if activity were reported later.
    const [row] = await sessionRows(t, user.userId);
    expect(row!.revoked_at).not.toBeNull();
    expect(await openRefreshTokens(t, sid)).toBe(0);
    expectError(await refresh(t, device.cookie), 401, unauthorized);
    expectError(await activity(t, device.auth), 401, unauthorized);
    device = await signIn(t, user, '127.0.0.1', FIREFOX_WINDOWS);
    expect((await get(t, '/user/info', device.auth)).statusCode).toBe(200);
  });

  it('activity reports keep a provider in past 15 minutes of use', async () => {
    const user = await t.signUp('provider');
    let device: Device = { auth: user.auth, cookie: user.refreshCookie };
    for (let i = 0; i < 4; i++) {
      t.clock.advance(10 * MINUTE);
      device = await refreshed(t, device);
      expect((await activity(t, device.auth)).statusCode).toBe(200);
    }
    // 40 minutes after signing in, 10 after the last activity.
    expect((await get(t, '/user/info', device.auth)).statusCode).toBe(200);
  });

  it('a client has 60 minutes: refreshed at 59, signed out at 61 (in German)', async () => {
    const early = await t.signUp('client');
    const late = await t.signUp('client');
    t.clock.advance(59 * MINUTE);
    expect((await refresh(t, early.refreshCookie)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    // `late` signed in a moment after `early`, so both are 61 minutes idle now.
    expectError(await refresh(t, late.refreshCookie, 'de'), 401, {
      message: idleMessage(60, 'de'),
      code: 'SESSION_IDLE',
    });
  });

  it('an idle session is not listed among the devices', async () => {
    const user = await t.signUp('provider');
    const stale = await signIn(t, user, '198.51.100.70', SAFARI_IPHONE);
    t.clock.advance(10 * MINUTE);
    expect((await activity(t, user.auth)).statusCode).toBe(200);
    const fresh = await refreshed(t, { auth: user.auth, cookie: user.refreshCookie });
    t.clock.advance(6 * MINUTE);
    expect((await activity(t, fresh.auth)).statusCode).toBe(200);
    const seen = await list(t, fresh.auth);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.current).toBe(true);
    expectError(await refresh(t, stale.cookie), 401, { message: idleMessage(15), code: 'SESSION_IDLE' });
  });

  it('an activity report moves last_active_at, at most once per 30 seconds', async () => {
    const user = await t.signUp('client');
    const start = (await sessionRows(t, user.userId))[0]!.last_active_at;
    t.clock.advance(20_000);
    const soon = await activity(t, user.auth);
    expect(soon.statusCode, soon.body).toBe(200);
    expect(soon.json().data.lastActiveAt).toBe(start.toISOString());
    expect((await sessionRows(t, user.userId))[0]!.last_active_at).toEqual(start);
    t.clock.advance(20_000);
    const later = await activity(t, user.auth);
    const moved = new Date(later.json().data.lastActiveAt as string);
    expect(moved.getTime() - start.getTime()).toBeGreaterThanOrEqual(40_000);
    expect((await sessionRows(t, user.userId))[0]!.last_active_at).toEqual(moved);
  });

  it('an operator follows the provider window', async () => {
    const operator = await t.signUpOperator();
    t.clock.advance(16 * MINUTE);
    expectError(await refresh(t, operator.refreshCookie), 401, { message: idleMessage(15), code: 'SESSION_IDLE' });
  });
});

describe('the idle windows come from the configuration', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await buildTestApp({ IDLE_SIGNOUT_PROVIDER_MINUTES: '5', IDLE_SIGNOUT_CLIENT_MINUTES: '20' });
  });
  afterAll(async () => c.close());

  it('the web learns them from /app-config', async () => {
    const res = await c.request({ method: 'GET', url: '/api/v1/app-config' });
    expect(res.json().data.idleSignOut).toEqual({ client: 20, provider: 5, operator: 5 });
    expect((await t.request({ method: 'GET', url: '/api/v1/app-config' })).json().data.idleSignOut).toEqual({
      client: 60,
      provider: 15,
      operator: 15,
    });
  });

  it('a provider is signed out after 5 minutes, a client after 20', async () => {
    const provider = await c.signUp('provider');
    const client = await c.signUp('client');
    c.clock.advance(4 * MINUTE);
    const device = await refreshed(c, { auth: provider.auth, cookie: provider.refreshCookie });
    c.clock.advance(2 * MINUTE);
    expectError(await get(c, '/user/info', device.auth), 401, unauthorized);
    expectError(await refresh(c, device.cookie), 401, { message: idleMessage(5), code: 'SESSION_IDLE' });
    const clientDevice = await refreshed(c, { auth: client.auth, cookie: client.refreshCookie });
    c.clock.advance(15 * MINUTE);
    expectError(await refresh(c, clientDevice.cookie), 401, { message: idleMessage(20), code: 'SESSION_IDLE' });
  });
});
