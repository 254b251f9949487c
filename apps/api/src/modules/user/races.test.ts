import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const statuses = (rs: LightMyRequestResponse[]) => rs.map((r) => r.statusCode).sort();
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
const PASSWORD = 'Gentle-River-42';
async function emailOf(id: string): Promise<string> {
  const { rows } = await t.db.$client.query('SELECT email FROM users WHERE identifier = $1', [id]);
  return rows[0].email;
}
async function codeFor(email: string): Promise<string> {
  await t.mailSettled();
  const mail = await t.mail.waitFor(email, (m) => m.subject === 'Your code to change your email');
  return /: (\d{6})$/m.exec(mail.text)![1]!;
}

describe('races', () => {
  it('5 concurrent sign-ups with one email: all answer 201 alike, one row, one verification mail, the owner told of the rest', async () => {
    const email = `race.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const ng = await t.countryId('NG');
    const rs = await Promise.all(
      times(5, (i) =>
        t.request({
          method: 'POST',
          url: '/api/v1/user/register',
          remoteAddress: '10.9.0.1',
          payload: {
            userType: i % 2 ? 'client' : 'provider',
            firstName: 'Race',
            lastName: `Runner ${'ABCDE'[i]}`,
            email: i % 3 ? email : email.toUpperCase(),
            ...(i % 2 ? { confirmEmail: email, countryIdentifier: ng } : { phoneNumber: '08012345678' }),
            password: PASSWORD,
            confirmPassword: PASSWORD,
            acceptTerms: true,
          },
        }),
      ),
    );
    expect(statuses(rs)).toEqual(times(5, () => 201));
    for (const r of rs) expect(r.json()).toEqual({ message: 'Account created. Check your email to verify it' });
    expect(await t.count('users', { email })).toBe(1);
    const { rows } = await t.db.$client.query<{ identifier: string }>('SELECT identifier FROM users WHERE email = $1', [
      email,
    ]);
    const winner = rows[0]!.identifier;
    expect(await t.count('refresh_tokens', { user_id: winner })).toBe(0);
    expect(await t.count('action_tokens', { user_id: winner })).toBe(1);
    await t.mailSettled();
    const subjects = t.mail.mails
      .filter((m) => m.to.includes(email))
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual([
      'Someone tried to sign up with your address',
      ...times(3, () => 'Someone tried to sign up with your address'),
      'Verify your email address',
    ]);
  });

  it('10 concurrent refreshes with one cookie: at most one 200, and the replay revokes the family', async () => {
    // The interleavings differ from run to run: several rounds make a leak show up reliably.
    for (let round = 0; round < 8; round++) {
      const user = await t.signUp('client');
      const rs = await Promise.all(
        times(10, () =>
          t.request({
            method: 'POST',
            url: '/api/v1/user/token/refresh',
            cookies: { refresh_token: user.refreshCookie },
          }),
        ),
      );
      const ok = rs.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeLessThanOrEqual(1);
      for (const r of rs.filter((x) => x.statusCode !== 200))
        expect(r.json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
      // Whatever the interleaving, no token of the family is left usable after the replay.
      const { rows } = await t.db.$client.query(
        'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
        [user.userId],
      );
      expect(rows[0].n, `round ${round}`).toBe(0);
      for (const r of ok) {
        const next = r.cookies.find((c) => c.name === 'refresh_token')!.value;
        expect(
          (await t.request({ method: 'POST', url: '/api/v1/user/token/refresh', cookies: { refresh_token: next } }))
            .statusCode,
        ).toBe(401);
      }
    }
  });

  it('concurrent right and wrong codes change the email once', async () => {
    const user = await t.signUp('provider');
    const target = `race.code.${crypto.randomBytes(4).toString('hex')}@example.com`;
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/user/profile/change-email',
          headers: user.auth,
          payload: { email: target },
        })
      ).statusCode,
    ).toBe(200);
    const code = await codeFor(target);
    const wrong = (k: number) => code.slice(0, 5) + String((Number(code[5]) + k) % 10);
    const codes = [code, wrong(1), code, wrong(2), code, wrong(3), code, wrong(4)];
    const rs = await Promise.all(
      codes.map((c) =>
        t.request({
          method: 'POST',
          url: '/api/v1/user/profile/validate-email-change',
          headers: user.auth,
          payload: { code: c },
        }),
      ),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of rs.filter((x) => x.statusCode !== 200)) expect(r.json()).toMatchObject({ code: 'INVALID_CODE' });
    expect(await emailOf(user.userId)).toBe(target);
    await t.mailSettled();
    expect(
      t.mail.mails.filter((m) => m.to.includes(user.email) && m.subject === 'Your email address was changed'),
    ).toHaveLength(1);
    const { rows } = await t.db.$client.query(
      'SELECT consumed_at IS NOT NULL AS consumed FROM email_change_codes WHERE user_id = $1',
      [user.userId],
    );
    expect(rows).toEqual([{ consumed: true }]);
  });

  it('two users confirming a change to the same address: one wins, the other gets 409', async () => {
    const a = await t.signUp('client');
    const b = await t.signUp('client');
    const target = `race.same.${crypto.randomBytes(4).toString('hex')}@example.com`;
    for (const u of [a, b]) {
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/v1/user/profile/change-email',
            headers: u.auth,
            payload: { email: target },
          })
        ).statusCode,
      ).toBe(200);
    }
    await t.mailSettled();
    const mails = t.mail.mails.filter((m) => m.to.includes(target));
    expect(mails).toHaveLength(2);
    const [codeA, codeB] = mails.map((m) => /: (\d{6})$/m.exec(m.text)![1]!);
    const rs = await Promise.all([
      t.request({
        method: 'POST',
        url: '/api/v1/user/profile/validate-email-change',
        headers: a.auth,
        payload: { code: codeA },
      }),
      t.request({
        method: 'POST',
        url: '/api/v1/user/profile/validate-email-change',
        headers: b.auth,
        payload: { code: codeB },
      }),
    ]);
    expect(statuses(rs)).toEqual([200, 409]);
    expect(await t.count('users', { email: target })).toBe(1);
    const aWon = rs[0]!.statusCode === 200;
    expect(rs[aWon ? 1 : 0]!.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(await emailOf(a.userId)).toBe(aWon ? target : a.email);
    expect(await emailOf(b.userId)).toBe(aWon ? b.email : target);
  });

  it('30 concurrent wrong passwords for one account: no more than 10 are ever checked in the window', async () => {
    const user = await t.signUp('client');
    const ip = '10.9.2.1';
    const login = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/user/login',
        remoteAddress: ip,
        payload: { email: user.email, password },
      });
    const rs = await Promise.all(times(30, (i) => login(`Parallel-guess-${i}`)));
    const checked = rs.filter((r) => r.statusCode === 401).length;
    expect(rs.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(checked).toBeLessThanOrEqual(10);
    // Guessing on one by one reaches exactly 10 checked guesses in all, then 429, even for the right password.
    let more = 0;
    while (more < 20 && (await login(`Serial-guess-${more}`)).statusCode === 401) more++;
    expect(checked + more).toBe(10);
    expect((await login(PASSWORD)).statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
    expect((await login(PASSWORD)).statusCode).toBe(200);
  });

  it('one reset link used concurrently works once', async () => {
    const user = await t.signUp('client');
    await t.request({ method: 'POST', url: '/api/v1/user/request-password-reset', payload: { email: user.email } });
    const mail = await t.mail.waitFor(user.email, (m) => m.subject === 'Reset your password');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const passwords = times(5, (i) => `Parallel-Path-${i}x`);
    const rs = await Promise.all(
      passwords.map((p, i) =>
        t.request({
          method: 'POST',
          url: '/api/v1/user/password-reset',
          remoteAddress: `10.9.1.${i + 1}`,
          payload: { token, password: p, confirmPassword: p },
        }),
      ),
    );
    expect(statuses(rs)).toEqual([200, 400, 400, 400, 400]);
    const winner = passwords[rs.findIndex((r) => r.statusCode === 200)]!;
    const logins = await Promise.all(
      passwords.map((p) =>
        t.request({ method: 'POST', url: '/api/v1/user/login', payload: { email: user.email, password: p } }),
      ),
    );
    expect(logins.map((r, i) => [passwords[i], r.statusCode]).filter(([, s]) => s === 200)).toEqual([[winner, 200]]);
  });

  it('one verification link used concurrently works once', async () => {
    const user = await t.signUp('provider');
    const mail = await t.mail.waitFor(user.email, (m) => m.subject === 'Verify your email address');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const rs = await Promise.all(
      times(5, () => t.request({ method: 'POST', url: '/api/v1/user/register/verify', payload: { token } })),
    );
    expect(statuses(rs)).toEqual([200, 400, 400, 400, 400]);
  });
});
