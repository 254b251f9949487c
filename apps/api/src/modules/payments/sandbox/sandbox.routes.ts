import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  declineSandboxCheckout,
  getSandboxCheckout,
  paySandboxCheckout,
  simulateSandboxTransfer,
} from '@therapy/contracts/endpoints/wallet';
import { formatMoney } from '@therapy/contracts/money';
import { AppError } from '../../../platform/errors.ts';
import { route } from '../../../platform/http/route.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import type { SandboxCheckout, SandboxGateway } from './sandbox-gateway.ts';

/**
 * The sandbox's own pages (DESIGN.md §2 "payments"): the checkout a top-up is sent to, and the bank-transfer
 * simulator. Registered by the payments module only when the sandbox gateway is configured. Like Paystack, the sandbox
 * sends each payment's webhook (queued with the payment, resent until the app answers 200: sandbox-webhooks.ts) and
 * sends the browser back to the callback URL without waiting for it.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The checkout page is English and names the currency by its code, as a card terminal does: "NGN 500.00". */
const formatAmount = (minor: number, currency: string): string =>
  formatMoney(minor, currency, 'en', { display: 'code' });

/** The callback with `reference` added to its query, before any fragment. */
function withReference(callbackUrl: string, reference: string): string {
  const hash = callbackUrl.indexOf('#');
  const [url, fragment] = hash === -1 ? [callbackUrl, ''] : [callbackUrl.slice(0, hash), callbackUrl.slice(hash)];
  const sep = url.includes('?') ? (/[?&]$/.test(url) ? '' : '&') : '?';
  return `${url}${sep}reference=${encodeURIComponent(reference)}${fragment}`;
}

function originOf(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f7fa}
body{margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #cbd2d9;border-radius:12px;padding:2rem;max-width:26rem;width:calc(100% - 2rem);box-sizing:border-box}
h1{font-size:1.5rem;margin:0 0 1rem}
.badge{display:inline-block;background:#fff3c4;color:#513c06;border-radius:999px;padding:.25rem .75rem;font-size:.875rem;margin:0 0 1rem}
dl{margin:0 0 1.5rem}dt{font-size:.875rem;color:#52606d}dd{margin:0 0 .75rem;font-size:1.125rem;word-break:break-all}
.amount{font-size:1.75rem;font-weight:700}
.actions{display:flex;gap:.75rem}.actions form{flex:1}
button,a.button{display:block;width:100%;box-sizing:border-box;font:inherit;font-weight:600;padding:.75rem 1rem;border-radius:8px;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#0b6e4f;color:#fff;border:2px solid #0b6e4f}.decline{background:#fff;color:#9b1c1c;border:2px solid #9b1c1c}
a.button{background:#1f2933;color:#fff;border:2px solid #1f2933}
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="title">
<p class="badge">Test mode: no real money moves</p>
${body}
</main>
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, status: number, html: string, formTarget?: string) {
  // The page's own policy: no scripts at all, inline styles only, forms post here and may be redirected to the app.
  const formAction = ["'self'", ...(formTarget ? [formTarget] : [])].join(' ');
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const notFoundPage = (reply: FastifyReply) =>
  sendPage(
    reply,
    404,
    page(
      'Payment not found',
      '<h1 id="title">Payment not found</h1>\n<p>There is no sandbox payment with this reference.</p>',
    ),
  );

function checkoutPage(tx: SandboxCheckout, actionBase: string): string {
  const details = `<h1 id="title">Sandbox checkout</h1>
<dl>
<dt>Amount</dt><dd class="amount">${escapeHtml(formatAmount(tx.amount, tx.currency))}</dd>
<dt>Reference</dt><dd>${escapeHtml(tx.reference)}</dd>
</dl>`;
  if (tx.status !== 'pending') {
    const back = tx.callbackUrl
      ? `\n<a class="button" href="${escapeHtml(withReference(tx.callbackUrl, tx.reference))}">Return to the app</a>`
      : '';
    return page('Sandbox checkout', `${details}\n<p role="status">This payment is already completed.</p>${back}`);
  }
  const action = escapeHtml(actionBase);
  return page(
    'Sandbox checkout',
    `${details}
<div class="actions">
<form method="post" action="${action}/pay"><button type="submit" class="pay">Pay</button></form>
<form method="post" action="${action}/decline"><button type="submit" class="decline">Decline</button></form>
</div>`,
  );
}

export const sandboxRoutes: FastifyPluginAsyncZod<{ gateway: SandboxGateway }> = async (app, { gateway }) => {
  // The checkout's buttons post an empty form; its body carries nothing we read.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, _body, done) => done(null, {}),
    );
  }
  const checkoutPath = (reference: string) => `${app.prefix}/payment/sandbox/checkout/${encodeURIComponent(reference)}`;

  const backToApp = (reply: FastifyReply, tx: SandboxCheckout) =>
    reply.redirect(tx.callbackUrl ? withReference(tx.callbackUrl, tx.reference) : checkoutPath(tx.reference), 303);

  route(app, getSandboxCheckout, async (req, reply) => {
    const tx = await gateway.checkout(req.params.reference);
    if (!tx) return notFoundPage(reply);
    return sendPage(reply, 200, checkoutPage(tx, checkoutPath(tx.reference)), originOf(tx.callbackUrl));
  });

  route(app, paySandboxCheckout, async (req, reply) => {
    const tx = await gateway.checkout(req.params.reference);
    if (!tx) return notFoundPage(reply);
    try {
      await gateway.pay(tx.reference);
    } catch (err) {
      // Declined meanwhile (another tab): nothing to send; the app reads the failure on its callback.
      if (!(err instanceof GatewayError)) throw err;
    }
    return backToApp(reply, tx);
  });

  route(app, declineSandboxCheckout, async (req, reply) => {
    const tx = await gateway.checkout(req.params.reference);
    if (!tx) return notFoundPage(reply);
    await gateway.decline(tx.reference);
    return backToApp(reply, tx);
  });

  route(app, simulateSandboxTransfer, async (req) => {
    const transfer = await gateway.simulateTransfer(req.body.accountNumber, req.body.amount);
    if (!transfer) throw AppError.notFound();
    return { data: { reference: transfer.reference } };
  });
};
