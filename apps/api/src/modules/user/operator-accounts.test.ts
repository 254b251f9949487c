import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import type { AppDeps } from '../../deps.ts';
import { createAccessTokens } from '../../platform/auth/tokens.ts';
import { createOidcService, OidcSignInError } from './oidc.service.ts';
import { createOperatorAccount } from './operator-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('operator accounts (npm run operator:create, decision 0026)', () => {
  it('creates an operator with a one-time password that signs in', async () => {
    const created = await createOperatorAccount(t.db, '  Ops.Lead@Example.com ', t.clock.now());
    expect(created).toMatchObject({ ok: true, email: 'ops.lead@example.com' });
    if (!created.ok) return;
    expect(created.password.length).toBeGreaterThanOrEqual(24);
    expect(await t.userRow(created.identifier)).toMatchObject({ user_type: 'operator', is_social: false });
    const login = await t.api('POST', '/user/login', undefined, {
      email: 'ops.lead@example.com',
      password: created.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.user.userType).toBe('operator');
  });

  it('refuses the email of a client or provider, an existing operator and a malformed address, and creates nothing', async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    const before = await t.count('users');
    expect(await createOperatorAccount(t.db, client.email, t.clock.now())).toEqual({
      ok: false,
      reason: 'taken-by-client-or-provider',
    });
    expect(await createOperatorAccount(t.db, provider.email.toUpperCase(), t.clock.now())).toEqual({
      ok: false,
      reason: 'taken-by-client-or-provider',
    });
    expect(await createOperatorAccount(t.db, 'ops.lead@example.com', t.clock.now())).toEqual({
      ok: false,
      reason: 'already-operator',
    });
    expect(await createOperatorAccount(t.db, 'not an email', t.clock.now())).toEqual({
      ok: false,
      reason: 'invalid-email',
    });
    expect(await t.count('users')).toBe(before);
    expect((await t.userRow(client.userId)).user_type).toBe('client');
  });

  it('an operator cannot sign in, nor be linked, through social sign-in', async () => {
    const operator = await t.signUpOperator();
    const oidc = createOidcService({
      db: t.db,
      clock: t.clock,
      tokens: createAccessTokens(t.config.jwtSecret),
    } as unknown as AppDeps);
    const claims = {
      issuer: 'https://accounts.example',
      subject: 'g-123',
      email: operator.email,
      emailVerified: true,
      givenName: 'O',
      familyName: 'P',
    };
    await expect(oidc.signIn(claims, 'client', 'en', { ip: '127.0.0.1', userAgent: undefined })).rejects.toBeInstanceOf(
      OidcSignInError,
    );
    expect(await t.count('user_identities', { user_id: operator.userId })).toBe(0);
  });
});
