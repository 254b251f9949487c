import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

const tooMany = { message: 'Too many attempts. Please wait a moment and try again', code: 'TOO_MANY_REQUESTS' };
const retryAfter = (res: { headers: Record<string, unknown> }) => {
  const value = String(res.headers['retry-after']);
  expect(value).toMatch(/^\d+$/);
  return Number(value);
};

describe('Retry-After on the limits counted in PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('says when the oldest counted attempt leaves the 15-minute window', async () => {
    const user = await t.signUp('client');
    const login = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: user.email, password: 'wrong-password-1' },
        remoteAddress: '10.44.0.1',
      });
    const firstAt = t.clock.now().getTime();
    for (let i = 0; i < 10; i++) expect((await login()).statusCode).toBe(401);
    t.clock.advance(5 * 60_000);
    const res = await login();
    expectError(res, 429, tooMany);
    const seconds = retryAfter(res);
    // 15 minutes after the first attempt, less what has passed since (the test clock runs on with the wall clock).
    const elapsed = (t.clock.now().getTime() - firstAt) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(Math.floor(900 - elapsed));
    expect(seconds).toBeLessThanOrEqual(601);
    // Shortly before that moment it is still refused, with a few seconds to wait; after it, the limit has lifted.
    t.clock.advance((seconds - 10) * 1000);
    const last = await login();
    expect(last.statusCode).toBe(429);
    expect(retryAfter(last)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(last)).toBeLessThanOrEqual(10);
    t.clock.advance(11_000);
    expect((await login()).statusCode).toBe(401);
  });
});

describe('Retry-After on the per-instance flood guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => t.close());

  it('answers 429 in the error envelope with Retry-After in whole seconds', async () => {
    const health = () => t.request({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.45.0.1' });
    for (let i = 0; i < 3; i++) expect((await health()).statusCode).toBe(200);
    const res = await health();
    expectError(res, 429, tooMany);
    const seconds = retryAfter(res);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
  });
});
