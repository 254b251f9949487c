import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two analytics services' collection endpoints, following their published descriptions:
 * Plausible's Events API (plausible.io/docs/events-api: `POST /api/event`, JSON with `name`, `url`, `domain`, a
 * required User-Agent header; it answers 202) and the GA4 Measurement Protocol
 * (developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events: `POST /mp/collect` with
 * `measurement_id` and `api_secret` in the query and JSON `{ client_id, events }`; it answers 204). It keeps every
 * request it took; `failNext(n, status)` makes the next n answer `status` instead. Test support only.
 */
export interface CollectedRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeAnalytics {
  url: string;
  received: CollectedRequest[];
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

export async function startFakeAnalytics(): Promise<FakeAnalytics> {
  const received: CollectedRequest[] = [];
  let failing = { count: 0, status: 500 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (failing.count > 0) {
        failing = { ...failing, count: failing.count - 1 };
        res.writeHead(failing.status).end();
        return;
      }
      const known = req.method === 'POST' && (url.pathname === '/api/event' || url.pathname === '/mp/collect');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (!known) {
        res.writeHead(404).end();
        return;
      }
      if (url.pathname === '/api/event' && (!req.headers['user-agent'] || !body.name || !body.url || !body.domain)) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"errors":{}}');
        return;
      }
      received.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body });
      if (url.pathname === '/api/event') res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (count, status) => void (failing = { count, status }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
