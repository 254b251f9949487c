import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const NEW = 'Silver-Lantern-55';
const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/v1/user/login', payload: { email, password }, remoteAddress });
const refresh = (cookie: string) =>
  t.request({ method: 'POST', url: '/api/v1/user/token/refresh', cookies: { refresh_token: cookie } });
const refreshCookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';

describe('sessions and links after account changes', () => {
  it('a password change signs out other devices and keeps the one that changed it', async () => {
    const user = await t.signUp('client');
    const otherDevice = refreshCookieOf(await login(user.email, user.password));
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/profile/update-password',
      headers: user.auth,
      cookies: { refresh_token: user.refreshCookie },
      payload: { oldPassword: user.password, newPassword: NEW, confirmPassword: NEW },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(otherDevice)).statusCode).toBe(401);
    expect((await refresh(user.refreshCookie)).statusCode).toBe(200);
  });

  it('a reset link sent before a password change no longer works', async () => {
    const user = await t.signUp('provider');
    await t.request({ method: 'POST', url: '/api/v1/user/request-password-reset', payload: { email: user.email } });
    const mail = await t.mail.waitFor(user.email, (m) => m.text.includes('reset-password?token='));
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    await t.request({
      method: 'POST',
      url: '/api/v1/user/profile/update-password',
      headers: user.auth,
      payload: { oldPassword: user.password, newPassword: NEW, confirmPassword: NEW },
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/password-reset',
      payload: { token, password: 'Other-Harbor-77', confirmPassword: 'Other-Harbor-77' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
    expect((await login(user.email, NEW)).statusCode).toBe(200);
  });

  it('a reset link sent to the old address dies when the email changes', async () => {
    const user = await t.signUp('client');
    await t.request({ method: 'POST', url: '/api/v1/user/request-password-reset', payload: { email: user.email } });
    const mail = await t.mail.waitFor(user.email, (m) => m.text.includes('reset-password?token='));
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const newEmail = `moved.${user.userId.slice(-6)}@example.com`;
    await t.request({
      method: 'POST',
      url: '/api/v1/user/profile/change-email',
      headers: user.auth,
      payload: { email: newEmail },
    });
    const codeMail = await t.mail.waitFor(newEmail);
    const code = /(\d{6})/.exec(codeMail.text)![1]!;
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/user/profile/validate-email-change',
          headers: user.auth,
          payload: { code },
        })
      ).statusCode,
    ).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/password-reset',
      payload: { token, password: 'Other-Harbor-77', confirmPassword: 'Other-Harbor-77' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('guesses spread over many IPs lock the account only for the addresses that guessed; the owner gets in from another', async () => {
    const user = await t.signUp('client');
    const attackers = Array.from({ length: 30 }, (_, i) => `10.9.${i}.1`);
    for (const ip of attackers) expect((await login(user.email, 'wrong-password-1', ip)).statusCode).toBe(401);
    // Every address that guessed is held back now (each with one failure only), even with the right password.
    for (const ip of [attackers[0]!, attackers[17]!, attackers[29]!]) {
      expect((await login(user.email, 'wrong-password-2', ip)).statusCode).toBe(429);
      expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
    }
    // The owner, from an address without failures for this account, signs in.
    const owner = await login(user.email, user.password, '10.9.200.1');
    expect(owner.statusCode, owner.body).toBe(200);
    // A stranger's new address is one guess, not ten: its first failure puts it under the account's lock too.
    expect((await login(user.email, 'wrong-password-3', '10.9.201.1')).statusCode).toBe(401);
    expect((await login(user.email, 'wrong-password-4', '10.9.201.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.9.201.1')).statusCode).toBe(429);
    // The owner's sign-in lifts nothing for the attacking addresses.
    expect((await login(user.email, user.password, attackers[5]!)).statusCode).toBe(429);
    // It lifts by itself once the window has passed.
    t.clock.advance(16 * 60_000);
    expect((await login(user.email, user.password, attackers[5]!)).statusCode).toBe(200);
  });

  it('keeps a well-formed caller request id and replaces an oversized one', async () => {
    const kept = await t.request({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'lb-12345678' } });
    expect(kept.headers['x-request-id']).toBe('lb-12345678');
    const replaced = await t.request({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { 'x-request-id': 'x'.repeat(5000) },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.json().requestId).toBe(replaced.headers['x-request-id']);
  });

  it('a malformed x-locale is refused in English, not half-read as German', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/health', headers: { 'x-locale': 'de; drop' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request could not be read');
  });
});
