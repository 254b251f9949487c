import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { createAccessTokens } from '../../platform/auth/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const unauthorized = { message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS' };

const del = (auth: { authorization: string }, body?: object, extra: Partial<InjectOptions> = {}) =>
  t.request({
    method: 'DELETE',
    url: '/api/v1/user/profile/delete-account',
    headers: auth,
    ...(body ? { payload: body } : {}),
    ...extra,
  });
const userRow = (id: string) => t.userRow(id);

describe('delete account (password account)', () => {
  it('a wrong password is refused and nothing changes', async () => {
    const user = await t.signUp('client');
    const before = await userRow(user.userId);
    expectError(
      await del(user.auth, { password: 'Not-Mine-123' }),
      400,
      validation('Your current password is incorrect'),
    );
    expect(await userRow(user.userId)).toEqual(before);
    expect((await t.request({ method: 'GET', url: '/api/v1/user/info', headers: user.auth })).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
  ])('a missing password (%s) is refused', async (_name, body) => {
    const user = await t.signUp('provider');
    const before = await userRow(user.userId);
    expectError(await del(user.auth, body), 400, validation('Password is required'));
    expectError(await del(user.auth, { password: '' }), 400, validation('Password is required'));
    expect(await userRow(user.userId)).toEqual(before);
  });

  it('unknown fields are refused', async () => {
    const user = await t.signUp('client');
    expectError(
      await del(user.auth, { password: user.password, userId: crypto.randomUUID() }),
      400,
      validation('Unknown field: userId'),
    );
    expect((await userRow(user.userId)).deleted_at).toBeNull();
  });

  it('the right password anonymises the account, ends its sessions, and frees the email', async () => {
    const user = await t.signUp('provider');
    const res = await del(user.auth, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Account Deleted Successfully' });
    const cleared = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cleared).toMatchObject({ value: '', path: '/api/v1/user', maxAge: 0 });

    const row = await userRow(user.userId);
    expect(row).toMatchObject({
      email: `deleted+${user.userId}@deleted.invalid`,
      password_hash: null,
      first_name: null,
      last_name: null,
      phone_number: null,
      timezone: null,
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await t.count('users', { email: user.email })).toBe(0);
    const { rows: tokens } = await t.db.$client.query('SELECT revoked_at FROM refresh_tokens WHERE user_id = $1', [
      user.userId,
    ]);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((r) => r.revoked_at instanceof Date)).toBe(true);

    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/token/refresh',
        cookies: { refresh_token: user.refreshCookie },
      }),
      401,
      unauthorized,
    );
    expectError(await t.request({ method: 'GET', url: '/api/v1/user/info', headers: user.auth }), 401, unauthorized);
    expectError(await del(user.auth, { password: user.password }), 401, unauthorized);
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

    // The address can sign up again, as a new account.
    const again = await t.signUp('client', { email: user.email, confirmEmail: user.email });
    expect(again.userId).not.toBe(user.userId);
    expect(await t.count('users', { email: user.email })).toBe(1);
    expect((await userRow(user.userId)).deleted_at).toBeInstanceOf(Date);
  });

  it('another user is untouched', async () => {
    const a = await t.signUp('client');
    const b = await t.signUp('client');
    const beforeB = await userRow(b.userId);
    expect((await del(a.auth, { password: a.password })).statusCode).toBe(200);
    expect(await userRow(b.userId)).toEqual(beforeB);
    expect((await t.request({ method: 'GET', url: '/api/v1/user/info', headers: b.auth })).statusCode).toBe(200);
  });

  it('German success message', async () => {
    const user = await t.signUp('client');
    const res = await del(user.auth, { password: user.password }, { headers: { ...user.auth, 'x-locale': 'de' } });
    expect(res.json()).toEqual({ message: 'Konto erfolgreich gelöscht' });
  });

  it('requires a signed-in user', async () => {
    expectError(
      await t.request({
        method: 'DELETE',
        url: '/api/v1/user/profile/delete-account',
        payload: { password: 'whatever1' },
      }),
      401,
      unauthorized,
    );
  });
});

describe('delete account (social account)', () => {
  let social: SignedUp['auth'];
  let socialId: string;
  const email = `social.${crypto.randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    const { rows } = await t.db.$client.query<{ identifier: string }>(
      `INSERT INTO users (identifier, email, password_hash, user_type, first_name, last_name, is_social, email_verified_at)
       VALUES ($1, $2, NULL, 'client', 'Sam', 'Social', true, now()) RETURNING identifier`,
      [crypto.randomUUID(), email],
    );
    socialId = rows[0]!.identifier;
    await t.db.$client.query(
      `INSERT INTO user_identities (identifier, user_id, issuer, subject) VALUES ($1, $2, 'https://accounts.example', 'sub-123')`,
      [crypto.randomUUID(), socialId],
    );
    // An access token is only good with a live session behind it.
    const sessionId = crypto.randomUUID();
    await t.db.$client.query('INSERT INTO user_sessions (identifier, user_id) VALUES ($1, $2)', [sessionId, socialId]);
    const token = await createAccessTokens(t.config.jwtSecret).sign(
      { userId: socialId, userType: 'client', sessionId },
      t.clock.now(),
    );
    social = { authorization: `Bearer ${token}` };
  });

  it('has no password to change', async () => {
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/profile/update-password',
        headers: social,
        payload: { oldPassword: 'x', newPassword: 'Fresh-Meadow-1', confirmPassword: 'Fresh-Meadow-1' },
      }),
      400,
      validation('This account signs in with Google and has no password'),
    );
  });

  it('deletes without a password (no body at all)', async () => {
    const info = await t.request({ method: 'GET', url: '/api/v1/user/info', headers: social });
    expect(info.json().data).toMatchObject({ isSocial: true, email });
    const res = await del(social);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Account Deleted Successfully' });
    const row = await userRow(socialId);
    expect(row).toMatchObject({ email: `deleted+${socialId}@deleted.invalid`, first_name: null, last_name: null });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await t.count('user_identities', { user_id: socialId })).toBe(0);
    expect(await t.count('users', { email })).toBe(0);
    expectError(await t.request({ method: 'GET', url: '/api/v1/user/info', headers: social }), 401, unauthorized);
  });
});
