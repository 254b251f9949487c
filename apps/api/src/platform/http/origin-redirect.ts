import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Outside production the app is reachable on several loopback names (localhost, 127.0.0.1, [::1]), but links in mails
 * and the payment gateway's return address use APP_ORIGIN only: a visitor who opened http://127.0.0.1:3000 came back
 * from a card top-up to http://localhost:3000/wallet, another origin, signed out. So a page request that reaches this
 * server under another loopback name is sent to the same path on APP_ORIGIN. The Host header only decides whether to
 * redirect (a fixed allow-list, this server's port); the target is always APP_ORIGIN. API calls are never redirected.
 */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export function originRedirectTarget(
  req: { method: string; url: string; host: string | undefined },
  appOrigin: string,
  serverPort: number,
): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const pathname = req.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/')) return null;
  if (!req.host) return null;
  let requested: URL;
  try {
    requested = new URL(`http://${req.host}`);
  } catch {
    return null;
  }
  if (!LOOPBACK_NAMES.has(requested.hostname) || requested.port !== String(serverPort)) return null;
  const target = new URL(appOrigin);
  if (target.host === requested.host) return null;
  return `${target.origin}${req.url.startsWith('/') ? req.url : `/${req.url}`}`;
}

export function registerOriginRedirect(app: FastifyInstance, opts: { appOrigin: string; port: number }): void {
  // The listening port (PORT=0 picks a free one); before listening (tests inject requests) the configured one.
  const serverPort = () => (app.server.address() as AddressInfo | null)?.port ?? opts.port;
  app.addHook('onRequest', async (req, reply) => {
    const target = originRedirectTarget(
      { method: req.method, url: req.url, host: req.headers.host },
      opts.appOrigin,
      serverPort(),
    );
    if (target) return reply.redirect(target, 302);
  });
}
