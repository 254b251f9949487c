import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { originRedirectTarget } from './origin-redirect.ts';

/** Issue 11: opened at 127.0.0.1, a card top-up came back to localhost (APP_ORIGIN), another origin, signed out. */
describe('pages opened under another loopback name go to APP_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PORT: '3456', APP_ORIGIN: 'http://localhost:3456' });
  });
  afterAll(async () => t.close());

  it('redirects a page request for 127.0.0.1 or [::1] on the server port to the same path on APP_ORIGIN', async () => {
    for (const host of ['127.0.0.1:3456', '[::1]:3456']) {
      const res = await t.request({ method: 'GET', url: '/wallet?topup=1', headers: { host } });
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location).toBe('http://localhost:3456/wallet?topup=1');
    }
  });

  it('leaves API calls, APP_ORIGIN itself, other ports and other names alone', async () => {
    const api = await t.request({ method: 'GET', url: '/api/v1/health', headers: { host: '127.0.0.1:3456' } });
    expect(api.statusCode).not.toBe(302);
    expect(api.headers.location).toBeUndefined();
    for (const host of ['localhost:3456', '127.0.0.1:9999', 'evil.example:3456']) {
      const res = await t.request({ method: 'GET', url: '/wallet', headers: { host } });
      expect(res.headers.location, host).toBeUndefined();
    }
    const post = await t.request({ method: 'POST', url: '/wallet', headers: { host: '127.0.0.1:3456' } });
    expect(post.headers.location).toBeUndefined();
  });

  it('always targets APP_ORIGIN, whatever the Host says', () => {
    expect(
      originRedirectTarget({ method: 'GET', url: '/login', host: '127.0.0.1:3000' }, 'http://localhost:3000', 3000),
    ).toBe('http://localhost:3000/login');
    expect(
      originRedirectTarget({ method: 'HEAD', url: '/', host: 'localhost:3000' }, 'http://127.0.0.1:3000', 3000),
    ).toBe('http://127.0.0.1:3000/');
    expect(
      originRedirectTarget(
        { method: 'GET', url: '//evil.example/x', host: '127.0.0.1:3000' },
        'http://localhost:3000',
        3000,
      ),
    ).toBe('http://localhost:3000//evil.example/x');
    expect(
      originRedirectTarget(
        { method: 'GET', url: '/', host: 'localhost.evil.example:3000' },
        'http://localhost:3000',
        3000,
      ),
    ).toBeNull();
  });
});
