import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API this platform calls, answering only what Stripe publishes for it.
 * Test support only. Sources:
 * - the calls: `POST /v1/checkout/sessions` (form-encoded, nested keys in brackets) and `GET /v1/checkout/sessions/{id}`
 *   (https://docs.stripe.com/api/checkout/sessions/create, .../retrieve), authenticated with the secret key as a
 *   bearer token, the `Idempotency-Key` header replaying the first answer (https://docs.stripe.com/api/idempotent_requests);
 * - the objects: a Checkout Session and an event are built from the examples Stripe publishes in its OpenAPI
 *   repository (github.com/stripe/openapi `openapi/fixtures3.json`, vendored in test/published/stripe/), typed
 *   against the official SDK's `Stripe.Checkout.Session` and `Stripe.Event` (generated from Stripe's OpenAPI spec);
 *   currencies are lower case (https://docs.stripe.com/currencies: "You must use all lowercase letters");
 * - errors: `{ error: { type, code, message, param } }` with Stripe's status codes: 400 for a bad parameter, 401 for a
 *   bad key, 404 `resource_missing` for an unknown id (https://docs.stripe.com/api/errors);
 * - webhooks: `Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>`
 *   (https://docs.stripe.com/webhooks#verify-manually).
 */

type Session = Stripe.Checkout.Session;

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** Whether the bearer key was the fake's secret key (the key itself is not kept). */
  authorized: boolean;
}

export interface SignedStripeEvent {
  rawBody: Buffer;
  signature: string;
  event: Stripe.Event;
}

export interface FakeStripe {
  /** The API origin to hand to STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Session>;
  requests: FakeStripeRequest[];
  /** The next `count` requests answer `status` (default 500) with Stripe's `api_error` body. */
  failNext(status?: number, count?: number): void;
  /** The customer pays the session: complete and paid, and the signed `checkout.session.completed` event. */
  pay(sessionId: string): SignedStripeEvent;
  /** The session expires unpaid, and the signed `checkout.session.expired` event. */
  expire(sessionId: string): SignedStripeEvent;
  /** A signed event of any type about any object (e.g. one the app does not act on). */
  event(type: string, object: Record<string, unknown>): SignedStripeEvent;
  /** Stripe's signature header for a body, at unix time `t` (default now), with `secret` (default the endpoint's). */
  sign(rawBody: Buffer, t?: number, secret?: string): string;
  close(): Promise<void>;
}

interface PublishedFixtures {
  source: string;
  resources: { 'checkout.session': Record<string, unknown>; event: Record<string, unknown> };
}

/** Stripe's published examples (test/published/stripe/fixtures.json, extracted by its extract.mjs). */
export const stripeFixtures = JSON.parse(
  fs.readFileSync(new URL('./published/stripe/fixtures.json', import.meta.url), 'utf8'),
) as PublishedFixtures;

/** `a[b][0][c]=x` (how Stripe's API and its SDKs encode nested parameters) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param: string, code = 'parameter_invalid_string') =>
  new StripeFailure(400, { type: 'invalid_request_error', code, message, param });
const missing = (param: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

/** The currencies Stripe publishes for presentment, as far as this platform could ask for them (lower case). */
const STRIPE_CURRENCIES = new Set(['ngn', 'gbp', 'usd', 'eur', 'ghs', 'kes', 'zar']);

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
  const sessions = new Map<string, Session>();
  const requests: FakeStripeRequest[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  let fail = { status: 500, count: 0 };
  let origin = '';

  function createSession(body: Record<string, unknown>): Session {
    if (body.mode === undefined) throw missing('mode');
    if (body.mode !== 'payment')
      throw invalid(`Invalid mode: this stand-in only takes mode=payment, got ${String(body.mode)}.`, 'mode');
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
    if (items.length !== 1) throw invalid('This stand-in takes one line item.', 'line_items');
    const item = items[0] as {
      quantity?: string;
      price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
    };
    const price = item.price_data;
    if (!price) throw missing('line_items[0][price_data]');
    if (!price.currency) throw missing('line_items[0][price_data][currency]');
    if (!STRIPE_CURRENCIES.has(price.currency))
      throw invalid(
        `Invalid currency: ${price.currency}. Stripe currencies are three-letter ISO codes in lowercase.`,
        'line_items[0][price_data][currency]',
      );
    if (price.unit_amount === undefined) throw missing('line_items[0][price_data][unit_amount]');
    if (!/^\d+$/.test(price.unit_amount))
      throw invalid(
        'Invalid integer: ' + price.unit_amount,
        'line_items[0][price_data][unit_amount]',
        'parameter_invalid_integer',
      );
    if (!price.product_data?.name) throw missing('line_items[0][price_data][product_data][name]');
    const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
    if (!Number.isSafeInteger(quantity) || quantity < 1)
      throw invalid('Invalid integer: ' + item.quantity, 'line_items[0][quantity]', 'parameter_invalid_integer');
    if (body.success_url === undefined) throw missing('success_url');
    const amount = Number(price.unit_amount) * quantity;
    const id = randomId('cs_test');
    const created = now();
    const fixture = stripeFixtures.resources['checkout.session'];
    const session = {
      ...fixture,
      // Fields the fixture fills with example values that a fresh, plain payment session does not have.
      after_expiration: null,
      allow_promotion_codes: null,
      automatic_tax: { enabled: false, liability: null, status: null, provider: null },
      collected_information: null,
      consent: null,
      consent_collection: null,
      currency_conversion: null,
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer_details: null,
      invoice_creation: {
        enabled: false,
        invoice_data: {
          account_tax_ids: null,
          custom_fields: null,
          description: null,
          footer: null,
          issuer: null,
          metadata: {},
          rendering_options: null,
        },
      },
      payment_intent: null,
      payment_method_configuration_details: null,
      shipping_address_collection: null,
      shipping_cost: null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      managed_payments: { enabled: false },
      adaptive_pricing: { enabled: false },
      // What this request asked for.
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : null,
      success_url: body.success_url,
      client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      mode: 'payment',
      payment_method_types: Array.isArray(body.allowed_payment_method_types)
        ? (body.allowed_payment_method_types as string[])
        : ['card'],
      status: 'open',
      payment_status: 'unpaid',
      created,
      expires_at: created + 24 * 60 * 60,
      livemode: false,
      url: `${origin}/c/pay/${id}`,
    } as unknown as Session;
    sessions.set(id, session);
    return session;
  }

  function route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: createSession(body) };
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const id = decodeURIComponent(one[1]!);
      const session = sessions.get(id);
      if (!session)
        throw new StripeFailure(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${id}'`,
          param: 'session',
        });
      return { status: 200, body: session };
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '/').split('?')[0]!;
      const authorized = req.headers.authorization === `Bearer ${secretKey}`;
      const idempotencyKey =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const text = Buffer.concat(chunks).toString('utf8');
      const body = req.method === 'POST' ? parseStripeForm(text) : {};
      requests.push({ method: req.method ?? '', path, body, idempotencyKey, authorized });
      if (fail.count > 0) {
        fail.count -= 1;
        return send(fail.status, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
      if (!authorized) {
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
        });
      }
      const replayKey = idempotencyKey && req.method === 'POST' ? `${path}\n${idempotencyKey}` : undefined;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) return send(replay.status, replay.body);
      let answer: { status: number; body: unknown };
      try {
        answer = route(req.method ?? '', path, body);
      } catch (err) {
        if (!(err instanceof StripeFailure)) throw err;
        answer = { status: err.status, body: { error: err.body } };
      }
      if (replayKey) replays.set(replayKey, answer);
      return send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  const sign = (rawBody: Buffer, t = now(), secret = webhookSecret) =>
    `t=${t},v1=${crypto
      .createHmac('sha256', secret)
      .update(`${t}.${rawBody.toString('utf8')}`)
      .digest('hex')}`;

  const event = (type: string, object: Record<string, unknown>): SignedStripeEvent => {
    const fixture = stripeFixtures.resources.event;
    const body = {
      ...fixture,
      id: randomId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    const rawBody = Buffer.from(JSON.stringify(body, null, 2));
    return { rawBody, signature: sign(rawBody), event: body };
  };

  const existing = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake Stripe: no session ${id}`);
    return session;
  };

  return {
    url: origin,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    failNext: (status = 500, count = 1) => {
      fail = { status, count };
    },
    pay(sessionId) {
      const session = existing(sessionId);
      if (session.status === 'open') {
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          payment_intent: randomId('pi'),
          customer_details: {
            address: null,
            email: session.customer_email,
            name: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
            business_name: null,
            individual_name: null,
          },
        });
      }
      return event('checkout.session.completed', session as unknown as Record<string, unknown>);
    },
    expire(sessionId) {
      const session = existing(sessionId);
      if (session.status === 'open') Object.assign(session, { status: 'expired', url: null });
      return event('checkout.session.expired', session as unknown as Record<string, unknown>);
    },
    event,
    sign,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
