import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedMail } from '../../apps/api/test/smtp-sink.ts';

/**
 * Playwright runs the global setup (which owns the SMTP sink) and the tests in different processes, so the tests
 * read the sink's mails over this tiny loopback HTTP endpoint: `GET /mails` answers the whole list as JSON,
 * oldest first; `GET /mails?to=<address>` only those to that address.
 */
export async function startMailEndpoint(
  mails: readonly ReceivedMail[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/mails') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? mails.filter((m) => m.to.includes(to)) : mails;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mails`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
