import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';

/** A stand-in for Sentry's ingest endpoint: keeps every envelope it is sent. */
async function startSentrySink() {
  const envelopes: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  /** Envelope lines are JSON: a header, then item header / payload pairs; only `event` items are error reports. */
  const events = () =>
    envelopes.flatMap((text) => {
      const lines = text.split('\n').filter(Boolean);
      const found: { raw: string; event: Record<string, unknown> }[] = [];
      for (let i = 1; i + 1 < lines.length; i += 2) {
        if ((JSON.parse(lines[i]!) as { type?: string }).type === 'event')
          found.push({ raw: lines[i + 1]!, event: JSON.parse(lines[i + 1]!) as Record<string, unknown> });
      }
      return found;
    });
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    events,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the error report');
    await new Promise((r) => setTimeout(r, 25));
  }
}

let sink: Awaited<ReturnType<typeof startSentrySink>>;
let t: TestApp;
let closed = false;
beforeAll(async () => {
  sink = await startSentrySink();
  t = await buildTestApp({ SENTRY_DSN: sink.dsn });
});
afterAll(async () => {
  if (!closed) await t.close();
  await sink.close();
});

describe('error reporting (SENTRY_DSN)', () => {
  it('tells the web app where to report, and lets it connect there', async () => {
    const res = await t.api('GET', '/app-config', undefined);
    expect(res.json().data.errorReportingDsn).toBe(sink.dsn);
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ws: wss: ${new URL(sink.dsn).origin}`);
  });

  it('reports one unexpected 500 with its request id and no personal data, and no 4xx', async () => {
    const client = await t.signUp('client');
    // Expected answers, never reported.
    expect(
      (await t.api('POST', '/user/login', undefined, { email: client.email, password: 'Wrong-Password-1' })).statusCode,
    ).toBe(401);
    expect((await t.api('GET', '/wallet/transactions/not-an-id', client)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.api('GET', '/provider', client)).statusCode).toBe(403);

    // An outage the code does not expect: the users table is gone for one request.
    const requestId = 'sentry-test-request-0001';
    await t.db.$client.query('ALTER TABLE users RENAME TO users_away');
    let res;
    try {
      res = await t.request({
        method: 'POST',
        url: '/api/v1/user/login?email=query-secret',
        headers: { ...client.auth, 'x-request-id': requestId, cookie: 'refresh_token=cookie-secret' },
        payload: { email: client.email, password: client.password },
      });
    } finally {
      await t.db.$client.query('ALTER TABLE users_away RENAME TO users');
    }
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe(requestId);

    await until(() => sink.events().length > 0);
    // Closing the app flushes whatever else the SDK still had queued, so "exactly one" is not a matter of timing.
    await t.close();
    closed = true;
    const events = sink.events();
    expect(events).toHaveLength(1);
    const [{ raw, event }] = events as [(typeof events)[number]];
    expect(event.tags).toMatchObject({ request_id: requestId });
    for (const secret of [
      client.email,
      client.password,
      client.session.accessToken,
      'Bearer',
      'cookie-secret',
      'query-secret',
      client.userId,
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(event.user).toBeUndefined();
  });
});
