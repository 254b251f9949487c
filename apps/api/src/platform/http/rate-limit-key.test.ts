import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { NO_ADDRESS_KEY, rateLimitKey } from './rate-limit-key.ts';

/** Issue 45: a request without an address (here: over a Unix socket) is limited, never a 500. */
let t: TestApp;
let dir: string;
let socketPath: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limit-key-'));
  socketPath = path.join(dir, 'api.sock');
  await t.app.listen({ path: socketPath });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const overUnixSocket = (url: string) =>
  new Promise<{ status: number; body: string; limit: string | undefined }>((resolve, reject) => {
    const req = http.request({ socketPath, path: url, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, limit: res.headers['x-ratelimit-limit'] as string | undefined }),
      );
    });
    req.on('error', reject);
    req.end();
  });

describe('the flood guard without a caller address', () => {
  it('answers a request over a Unix socket (no remote address), and still counts it', async () => {
    const res = await overUnixSocket('/api/v1/health');
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
    // Limited like any other caller, not let through: the limiter's headers are there.
    expect(res.limit).toBe(String(t.config.rateLimitPerMinute));
  });
});

describe('rateLimitKey', () => {
  const req = (ip: string | undefined, remoteAddress?: string) =>
    ({ ip, socket: { remoteAddress } }) as unknown as FastifyRequest;

  it.each([
    ['an IPv4 address', req('203.0.113.7'), '203.0.113.7'],
    ['an IPv4-mapped IPv6 address, as IPv4', req('::ffff:203.0.113.7'), '203.0.113.7'],
    ['an IPv6 address, by its /64', req('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::'],
    ['no request address: the socket address', req(undefined, '198.51.100.2'), '198.51.100.2'],
    ['an empty address and none on the socket: the shared bucket', req('', undefined), NO_ADDRESS_KEY],
    ['no address at all: the shared bucket', req(undefined, undefined), NO_ADDRESS_KEY],
  ])('%s', (_what, request, key) => {
    expect(rateLimitKey(request)).toBe(key);
  });

  it('a request without a socket at all', () => {
    expect(rateLimitKey({ ip: undefined } as unknown as FastifyRequest)).toBe(NO_ADDRESS_KEY);
  });
});
