import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const NEW = 'Silver-Lantern-55';

const change = (u: SignedUp, payload: object, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/v1/user/profile/update-password',
    headers: { ...u.auth, ...headers },
    payload,
  });
const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/v1/user/login', payload: { email, password } });
const userRow = (id: string) => t.userRow(id);

describe('change password', () => {
  it('success: the new password signs in, the old one no longer does', async () => {
    const user = await t.signUp('client');
    const hashBefore = (await userRow(user.userId)).password_hash;
    const res = await change(user, { oldPassword: user.password, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed' });
    const hashAfter = (await userRow(user.userId)).password_hash;
    expect(hashAfter).toMatch(/^\$argon2id\$/);
    expect(hashAfter).not.toBe(hashBefore);
    expect((await login(user.email, NEW)).statusCode).toBe(200);
    expectError(await login(user.email, user.password), 401, {
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it.each([
    ['confirmation differs', { newPassword: NEW, confirmPassword: `${NEW}!` }, 'Passwords must match'],
    [
      'new password too short',
      { newPassword: 'abc1234', confirmPassword: 'abc1234' },
      'Password must be at least 8 characters',
    ],
    [
      'new password too long',
      { newPassword: 'b'.repeat(65), confirmPassword: 'b'.repeat(65) },
      'Password must not exceed 64 characters',
    ],
    [
      'new password without a letter',
      { newPassword: '98765432123', confirmPassword: '98765432123' },
      'Password must contain at least one letter',
    ],
    [
      'new password common',
      { newPassword: 'password1', confirmPassword: 'password1' },
      'This password is too common. Please choose another one',
    ],
    ['old password empty', { oldPassword: '', newPassword: NEW, confirmPassword: NEW }, 'Password is required'],
  ])('%s: refused with the exact message, the hash unchanged', async (_name, payload, msg) => {
    const user = await t.signUp('provider');
    const before = await userRow(user.userId);
    expectError(await change(user, { oldPassword: user.password, ...payload }), 400, validation(msg));
    expect(await userRow(user.userId)).toEqual(before);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a wrong old password is refused and the hash stays', async () => {
    const user = await t.signUp('client');
    const before = await userRow(user.userId);
    expectError(
      await change(user, { oldPassword: 'Not-My-Password-1', newPassword: NEW, confirmPassword: NEW }),
      400,
      validation('Your current password is incorrect'),
    );
    expect(await userRow(user.userId)).toEqual(before);
    expectError(await login(user.email, NEW), 401, {
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('German messages with x-locale: de', async () => {
    const user = await t.signUp('client');
    expectError(
      await change(user, { oldPassword: user.password, newPassword: NEW, confirmPassword: 'x' }, { 'x-locale': 'de' }),
      400,
      validation('Die Passwörter müssen übereinstimmen'),
    );
    expectError(
      await change(user, { oldPassword: 'Wrong-Old-1', newPassword: NEW, confirmPassword: NEW }, { 'x-locale': 'de' }),
      400,
      validation('Dein aktuelles Passwort ist falsch'),
    );
  });

  it('unknown fields are refused', async () => {
    const user = await t.signUp('provider');
    const before = await userRow(user.userId);
    expectError(
      await change(user, { oldPassword: user.password, newPassword: NEW, confirmPassword: NEW, userId: user.userId }),
      400,
      validation('Unknown field: userId'),
    );
    expect(await userRow(user.userId)).toEqual(before);
  });

  it('guessing the old password ends in 429 and the right one is refused too while it lasts', async () => {
    const user = await t.signUp('client');
    for (let i = 0; i < 10; i++) {
      expectError(
        await change(user, { oldPassword: `Guess-${i}-pw`, newPassword: NEW, confirmPassword: NEW }),
        400,
        validation('Your current password is incorrect'),
      );
    }
    const before = await userRow(user.userId);
    expectError(await change(user, { oldPassword: user.password, newPassword: NEW, confirmPassword: NEW }), 429, {
      message: 'Too many attempts. Please wait a moment and try again',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(await userRow(user.userId)).toEqual(before);
  });

  it('requires a signed-in user', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/profile/update-password',
      payload: { oldPassword: 'a', newPassword: NEW, confirmPassword: NEW },
    });
    expectError(res, 401, { message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS' });
  });
});
