import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('health and readiness', () => {
  it('answers health with a request id', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is ready when the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/nothing-here', headers: { 'x-locale': 'de' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Nicht gefunden' });
    expect(res.json().requestId).toBeTruthy();
  });

  it('sends the security headers with every answer: a JSON answer, a 404 and a refused request', async () => {
    const answers = [
      await t.request({ method: 'GET', url: '/api/v1/health' }),
      await t.request({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.request({ method: 'GET', url: '/api/v1/wallet/balance' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/user/register');
  });

  it('compresses a JSON answer in one piece for a browser that asks, with its exact length', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/v1/region/country/code/US/states' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const res = await t.request({
      method: 'GET',
      url: '/api/v1/region/country/code/US/states',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // One call, not a stream: the length is known, so the answer is not chunked.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
