import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let client: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  client = await t.signUp('client');
});
afterAll(async () => t.close());

describe('private answers are never cached (Cache-Control: no-store)', () => {
  it('marks a signed-in success on every private route', async () => {
    for (const url of ['/user/info', '/wallet/balance', '/client']) {
      const res = await t.api('GET', url, client);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks the error answers of a route that requires a token: missing, invalid, wrong role, validation', async () => {
    const missing = await t.api('GET', '/wallet/balance', undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['cache-control']).toBe('no-store');

    const invalid = await t.request({
      method: 'GET',
      url: '/api/v1/user/info',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.headers['cache-control']).toBe('no-store');

    const wrongRole = await t.api('GET', '/provider', client);
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.headers['cache-control']).toBe('no-store');

    // A signed-in request the route's validation refuses is private too.
    const badBody = await t.api('POST', '/user/profile/update-password', client, { nope: 1 });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.headers['cache-control']).toBe('no-store');
  });

  it('marks a public route when the request carried a token, and an unknown API path asked with one', async () => {
    const config = await t.api('GET', '/app-config', client);
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBe('no-store');
    const unknown = await t.api('GET', '/nothing-here', client);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers as their routes made them', async () => {
    const config = await t.api('GET', '/app-config', undefined);
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBe('public, max-age=60');
    const login = await t.api('POST', '/user/login', undefined, {
      email: 'nobody@example.com',
      password: 'whatever-1',
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers['cache-control']).toBeUndefined();
  });
});
