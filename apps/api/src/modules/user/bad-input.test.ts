import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@therapy/contracts/common';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  user = await t.signUp('client');
});
afterAll(async () => t.close());

const unreadable = { message: 'The request could not be read', code: 'BAD_REQUEST' };
const unreadableBody = {
  message: 'The request could not be read',
  code: 'VALIDATION_ERROR',
  errors: ['The request could not be read'],
};
const badHeader = (name: string) => ({
  message: 'The request could not be read',
  code: 'VALIDATION_ERROR',
  errors: [`Invalid header: ${name}`],
});
const json = { 'content-type': 'application/json' };

async function usersSnapshot() {
  return (await t.db.$client.query('SELECT * FROM users ORDER BY identifier')).rows;
}

describe('bodies that cannot be read', () => {
  it.each([
    ['/api/v1/user/login', '{"email":'],
    ['/api/v1/user/register', '{"userType":"client",}'],
    ['/api/v1/user/login', "{'email':'a@b.c'}"],
    ['/api/v1/user/login', '{"__proto__":{"admin":true},"email":"a@b.c","password":"x"}'],
    ['/api/v1/user/login', '{"constructor":{"prototype":{"admin":true}},"email":"a@b.c","password":"x"}'],
    ['/api/v1/user/login', ''],
  ])('%s with %j is a 400 envelope', async (url, payload) => {
    const before = await usersSnapshot();
    expectError(await t.request({ method: 'POST', url, payload, headers: json }), 400, unreadable);
    expect(await usersSnapshot()).toEqual(before);
  });

  it('malformed JSON on a signed-in route is 400 too', async () => {
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/user/profile/change-email',
        payload: '{"email":',
        headers: { ...json, ...user.auth },
      }),
      400,
      unreadable,
    );
  });

  it.each([['null'], ['[]'], ['42'], ['"a string"'], ['true']])(
    'a JSON %s where an object belongs is a 400 validation envelope',
    async (payload) => {
      expectError(
        await t.request({ method: 'POST', url: '/api/v1/user/login', payload, headers: json }),
        400,
        unreadableBody,
      );
    },
  );

  it('a 2 MB body is 413 PAYLOAD_TOO_LARGE and stores nothing', async () => {
    const before = await usersSnapshot();
    const email = 'huge.body@example.com';
    const payload = JSON.stringify({
      userType: 'provider',
      firstName: 'Big',
      lastName: 'Body',
      email,
      phoneNumber: '08012345678',
      password: 'Gentle-River-42',
      confirmPassword: 'Gentle-River-42',
      acceptTerms: true,
      pad: 'x'.repeat(2 * 1024 * 1024),
    });
    const res = await t.request({ method: 'POST', url: '/api/v1/user/register', payload, headers: json });
    expectError(res, 413, { message: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(await usersSnapshot()).toEqual(before);
    const de = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload,
      headers: { ...json, 'x-locale': 'de' },
    });
    expectError(de, 413, { message: 'Die Anfrage ist zu groß', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a long but valid-looking field is a form error, not a crash', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: `${'a'.repeat(10_000)}@example.com`, password: 'x' },
    });
    expectError(res, 400, {
      message: 'Please enter a valid email address',
      code: 'VALIDATION_ERROR',
      errors: ['Please enter a valid email address'],
    });
    const res2 = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: user.email, password: 'p'.repeat(65) },
    });
    expectError(res2, 400, {
      message: 'Password must not exceed 64 characters',
      code: 'VALIDATION_ERROR',
      errors: ['Password must not exceed 64 characters'],
    });
  });
});

describe('content types', () => {
  it('text/plain is read as a string and refused as a 400 envelope', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: JSON.stringify({ email: user.email, password: user.password }),
      headers: { 'content-type': 'text/plain' },
    });
    expectError(res, 400, unreadableBody);
  });

  it.each([['application/xml'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x']])(
    '%s is a 415 envelope',
    async (contentType) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: `email=${user.email}&password=${user.password}`,
        headers: { 'content-type': contentType },
      });
      expectError(res, 415, unreadable);
      expect(res.cookies).toHaveLength(0);
    },
  );
});

describe('headers', () => {
  const login = (headers: Record<string, string | string[]>) =>
    t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: user.email, password: user.password },
      headers,
    });

  it.each([
    ['x-view-mode', 'admin'],
    ['x-view-mode', 'operator'],
    ['x-country', '123'],
    ['x-country', 'NGA'],
    ['x-locale', 'fr'],
    ['x-locale', 'english; drop table users'],
    ['x-language', 'xx-YY'],
  ])('%s: %s is a 400 envelope and nothing happens', async (name, value) => {
    const res = await login({ [name]: value });
    expectError(res, 400, badHeader(name));
    expect(res.cookies).toHaveLength(0);
  });

  it('a header sent twice (an array) is refused', async () => {
    expectError(await login({ 'x-country': ['NG', 'GB'] }), 400, badHeader('x-country'));
  });

  it('well-formed headers pass', async () => {
    const res = await login({
      'x-view-mode': 'provider',
      'x-country': 'ng',
      'x-locale': 'de-DE',
      'x-language': 'en_GB',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a bad header on a signed-in route is refused before anything else', async () => {
    expectError(
      await t.request({ method: 'GET', url: '/api/v1/user/info', headers: { ...user.auth, 'x-view-mode': 'admin' } }),
      400,
      badHeader('x-view-mode'),
    );
  });

  it.each([
    ['Basic', 'Basic dXNlcjpwYXNzd29yZA=='],
    ['Bearer with garbage', 'Bearer 💥'],
    ['a lowercase scheme', `bearer ${'x'.repeat(20)}`],
    ['a very long token', `Bearer ${'a'.repeat(8000)}`],
  ])('Authorization: %s is 401 UNAUTHORIZED_ACCESS', async (_name, authorization) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/user/info', headers: { authorization } });
    expectError(res, 401, { message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS' });
  });
});

describe('never a 5xx', () => {
  const cases: Array<[string, InjectOptions]> = [
    ['unknown path', { method: 'GET', url: '/api/v1/user/nothing' }],
    ['wrong method', { method: 'GET', url: '/api/v1/user/login' }],
    ['PATCH on register', { method: 'PATCH', url: '/api/v1/user/register', payload: {} }],
    [
      'deeply nested body',
      {
        method: 'POST',
        url: '/api/v1/user/login',
        payload: JSON.stringify(JSON.parse('['.repeat(2000) + ']'.repeat(2000))),
        headers: json,
      },
    ],
    [
      'many unknown keys',
      {
        method: 'POST',
        url: '/api/v1/user/login',
        payload: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
      },
    ],
    [
      'null bytes in email',
      { method: 'POST', url: '/api/v1/user/login', payload: { email: 'a\u0000@example.com', password: 'x' } },
    ],
    [
      'object as password',
      { method: 'POST', url: '/api/v1/user/login', payload: { email: 'a@example.com', password: { $gt: '' } } },
    ],
    [
      'register with arrays',
      { method: 'POST', url: '/api/v1/user/register', payload: { userType: ['client'], email: ['a@b.c'] } },
    ],
    ['preferences with null', { method: 'PUT', url: '/api/v1/user/preferences', payload: 'null', headers: json }],
    ['verify with a number token', { method: 'POST', url: '/api/v1/user/register/verify', payload: { token: 12345 } }],
    [
      'code as a number',
      { method: 'POST', url: '/api/v1/user/profile/validate-email-change', payload: { code: 123456 } },
    ],
  ];

  it.each(cases)('%s gives a 4xx envelope', async (_name, opts) => {
    const res = await t.request({
      ...opts,
      headers: { ...user.auth, ...(opts.headers as Record<string, string> | undefined) },
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    const parsed = errorBody.safeParse(res.json());
    expect(parsed.success, res.body).toBe(true);
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });
});
