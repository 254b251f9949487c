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
 * - Connect (decision 0052): `POST /v1/accounts` (an Express account, `transfers` requested), `GET /v1/accounts/{id}`,
 *   `POST /v1/account_links` (`account_onboarding`), `POST /v1/transfers` (refused with Stripe's 400 while the
 *   destination's `transfers` capability is not active, or when the balance is short), `GET /v1/transfers?transfer_group=`;
 *   the tester finishes an onboarding (`completeOnboarding`, signed `account.updated` from the connected account) or
 *   reverses a transfer (`reverseTransfer`, signed `transfer.reversed`);
 * - refunds and disputes of a paid session: `GET /v1/refunds?charge=`, `GET /v1/disputes/{id}`,
 *   `GET /v1/checkout/sessions?payment_intent=`; the tester refunds (`refund`, signed `charge.refunded`), opens a
 *   dispute (`dispute`, `charge.dispute.created`) and closes it (`closeDispute`, `charge.dispute.closed`).
 * Lists are Stripe's `{ object: 'list', data, has_more, url }`.
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
  accounts: Map<string, Stripe.Account>;
  transfers: Map<string, Stripe.Transfer>;
  requests: FakeStripeRequest[];
  /** While true, every transfer is refused as Stripe refuses one the balance does not cover (400 balance_insufficient). */
  refuseTransfers(refuse: boolean): void;
  /** The provider finishes Stripe's onboarding: payouts enabled (or not), and the signed `account.updated`. */
  completeOnboarding(accountId: string, payoutsEnabled?: boolean): SignedStripeEvent;
  /** The platform reverses all of a transfer at Stripe, and the signed `transfer.reversed`. */
  reverseTransfer(transferId: string, amount?: number): SignedStripeEvent;
  /** A refund of part or all of a paid session's charge, and the signed `charge.refunded`. */
  refund(sessionId: string, amount: number): SignedStripeEvent & { refundId: string; chargeId: string };
  /** The card holder disputes a paid session's charge, and the signed `charge.dispute.created`. */
  dispute(sessionId: string, amount: number, status?: Stripe.Dispute.Status): SignedStripeEvent & { disputeId: string };
  /** The dispute closes (won, lost, or an inquiry's `warning_closed`), and the signed `charge.dispute.closed`. */
  closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): SignedStripeEvent;
  /** The next `count` requests answer `status` (default 500) with Stripe's `api_error` body. */
  failNext(status?: number, count?: number): void;
  /** The customer pays the session: complete and paid, and the signed `checkout.session.completed` event. */
  pay(sessionId: string): SignedStripeEvent;
  /** The session expires unpaid, and the signed `checkout.session.expired` event. */
  expire(sessionId: string): SignedStripeEvent;
  /** A signed event of any type about any object (e.g. one the app does not act on); `account` for a connected account's. */
  event(type: string, object: Record<string, unknown>, account?: string): SignedStripeEvent;
  /** Stripe's signature header for a body, at unix time `t` (default now), with `secret` (default the endpoint's). */
  sign(rawBody: Buffer, t?: number, secret?: string): string;
  close(): Promise<void>;
}

interface PublishedFixtures {
  source: string;
  resources: Record<
    'checkout.session' | 'event' | 'account' | 'account_link' | 'transfer' | 'charge' | 'refund' | 'dispute',
    Record<string, unknown>
  >;
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

const throwing = (err: Error): never => {
  throw err;
};

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
  const accounts = new Map<string, Stripe.Account>();
  const transfers = new Map<string, Stripe.Transfer>();
  const charges = new Map<string, Stripe.Charge>();
  const refunds = new Map<string, Stripe.Refund>();
  const disputes = new Map<string, Stripe.Dispute>();
  let refusing = false;
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

  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
  const noSuch = (kind: string, id: string, param: string) =>
    new StripeFailure(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param,
    });
  const limitOf = (query: URLSearchParams) => {
    const limit = Number(query.get('limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw invalid('Invalid integer: ' + query.get('limit'), 'limit', 'parameter_invalid_integer');
    return limit;
  };

  function createAccount(body: Record<string, unknown>): Stripe.Account {
    if (body.type !== 'express')
      throw invalid(`This stand-in makes Express accounts only (type=express), got ${String(body.type)}.`, 'type');
    const country = typeof body.country === 'string' ? body.country : undefined;
    if (!country || !/^[A-Z]{2}$/.test(country)) throw invalid(`Country '${String(country)}' is unknown.`, 'country');
    const capabilities = body.capabilities as { transfers?: { requested?: string } } | undefined;
    if (capabilities?.transfers?.requested !== 'true') throw missing('capabilities[transfers][requested]');
    const fixture = stripeFixtures.resources.account;
    const id = `acct_${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
    const account = {
      ...fixture,
      id,
      object: 'account',
      type: 'express',
      country,
      email: typeof body.email === 'string' ? body.email : null,
      default_currency: country === 'US' ? 'usd' : country === 'GB' ? 'gbp' : 'eur',
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      capabilities: { transfers: 'inactive' },
      // The example's Bacs settings carry nulls where Stripe publishes an optional string: a fresh account has none.
      settings: { ...(fixture.settings as object), bacs_debit_payments: {} },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: now(),
      external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    } as unknown as Stripe.Account;
    accounts.set(id, account);
    return account;
  }

  function createTransfer(body: Record<string, unknown>): Stripe.Transfer {
    if (body.amount === undefined) throw missing('amount');
    if (!/^\d+$/.test(String(body.amount)) || Number(body.amount) < 1)
      throw invalid('Invalid integer: ' + String(body.amount), 'amount', 'parameter_invalid_integer');
    if (body.currency === undefined) throw missing('currency');
    if (!STRIPE_CURRENCIES.has(String(body.currency)))
      throw invalid(`Invalid currency: ${String(body.currency)}.`, 'currency');
    if (body.destination === undefined) throw missing('destination');
    const destination = accounts.get(String(body.destination));
    if (!destination) throw noSuch('destination', String(body.destination), 'destination');
    if ((destination.capabilities as { transfers?: string } | undefined)?.transfers !== 'active')
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      );
    if (refusing)
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: 'You have insufficient available funds in your Stripe account.',
      });
    const id = randomId('tr');
    const transfer = {
      ...stripeFixtures.resources.transfer,
      id,
      object: 'transfer',
      amount: Number(body.amount),
      amount_reversed: 0,
      reversed: false,
      currency: String(body.currency),
      destination: destination.id,
      destination_payment: randomId('py'),
      balance_transaction: randomId('txn'),
      description: typeof body.description === 'string' ? body.description : null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      transfer_group: typeof body.transfer_group === 'string' ? body.transfer_group : null,
      source_type: 'card',
      created: now(),
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
    } as unknown as Stripe.Transfer;
    transfers.set(id, transfer);
    return transfer;
  }

  function connectRoute(method: string, path: string, body: Record<string, unknown>, query: URLSearchParams): unknown {
    if (method === 'POST' && path === '/v1/accounts') return createAccount(body);
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && account) {
      const id = decodeURIComponent(account[1]!);
      return accounts.get(id) ?? throwing(noSuch('account', id, 'account'));
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (body.account === undefined) throw missing('account');
      const target = accounts.get(String(body.account));
      if (!target) throw noSuch('account', String(body.account), 'account');
      if (body.type !== 'account_onboarding') throw invalid(`Invalid type: ${String(body.type)}.`, 'type');
      if (body.refresh_url === undefined) throw missing('refresh_url');
      if (body.return_url === undefined) throw missing('return_url');
      const created = now();
      return {
        ...stripeFixtures.resources.account_link,
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `${origin}/setup/s/${target.id}/${crypto.randomBytes(8).toString('hex')}`,
      };
    }
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(body);
    if (method === 'GET' && path === '/v1/transfers') {
      const group = query.get('transfer_group');
      const found = [...transfers.values()].filter((t) => group === null || t.transfer_group === group);
      return list('/v1/transfers', found.reverse().slice(0, limitOf(query)));
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const intent = query.get('payment_intent');
      const found = [...sessions.values()].filter((x) => intent === null || x.payment_intent === intent);
      return list('/v1/checkout/sessions', found.reverse().slice(0, limitOf(query)));
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const charge = query.get('charge');
      const found = [...refunds.values()].filter((r) => charge === null || r.charge === charge);
      return list('/v1/refunds', found.reverse().slice(0, limitOf(query)));
    }
    const dispute = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === 'GET' && dispute) {
      const id = decodeURIComponent(dispute[1]!);
      return disputes.get(id) ?? throwing(noSuch('dispute', id, 'dispute'));
    }
    return undefined;
  }

  /** The charge of a paid session (made the first time it is asked for). */
  function chargeOf(sessionId: string): Stripe.Charge {
    const session = existing(sessionId);
    if (session.payment_status !== 'paid' || typeof session.payment_intent !== 'string')
      throw new Error(`fake Stripe: session ${sessionId} is not paid`);
    const found = [...charges.values()].find((c) => c.payment_intent === session.payment_intent);
    if (found) return found;
    const id = randomId('ch');
    const charge = {
      ...stripeFixtures.resources.charge,
      id,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      currency: session.currency,
      payment_intent: session.payment_intent,
      created: now(),
      metadata: {},
      refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    } as unknown as Stripe.Charge;
    charges.set(id, charge);
    return charge;
  }

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ): { status: number; body: unknown } {
    const connect = connectRoute(method, path, body, query);
    if (connect) return { status: 200, body: connect };
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
      const [path = '/', search = ''] = (req.url ?? '/').split('?');
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
        answer = route(req.method ?? '', path, body, new URLSearchParams(search));
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

  const event = (type: string, object: Record<string, unknown>, account?: string): SignedStripeEvent => {
    const fixture = stripeFixtures.resources.event;
    const body = {
      ...fixture,
      ...(account ? { account } : {}),
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
    accounts,
    transfers,
    requests,
    failNext: (status = 500, count = 1) => {
      fail = { status, count };
    },
    refuseTransfers(refuse) {
      refusing = refuse;
    },
    completeOnboarding(accountId, payoutsEnabled = true) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`fake Stripe: no account ${accountId}`);
      Object.assign(account, {
        details_submitted: true,
        payouts_enabled: payoutsEnabled,
        charges_enabled: payoutsEnabled,
        capabilities: { transfers: payoutsEnabled ? 'active' : 'inactive' },
        requirements: {
          ...(account.requirements as object),
          currently_due: payoutsEnabled ? [] : ['external_account'],
          eventually_due: payoutsEnabled ? [] : ['external_account'],
          past_due: [],
          disabled_reason: payoutsEnabled ? null : 'requirements.past_due',
        },
      });
      return event('account.updated', account as unknown as Record<string, unknown>, accountId);
    },
    reverseTransfer(transferId, amount) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`fake Stripe: no transfer ${transferId}`);
      const reversing = amount ?? transfer.amount - transfer.amount_reversed;
      const reversal = {
        object: 'transfer_reversal',
        id: randomId('trr'),
        amount: reversing,
        balance_transaction: randomId('txn'),
        created: now(),
        currency: transfer.currency,
        destination_payment_refund: randomId('pyr'),
        metadata: {},
        source_refund: null,
        transfer: transfer.id,
      };
      Object.assign(transfer, {
        amount_reversed: transfer.amount_reversed + reversing,
        reversed: transfer.amount_reversed + reversing >= transfer.amount,
        reversals: { ...transfer.reversals, data: [...transfer.reversals.data, reversal] },
      });
      return event('transfer.reversed', transfer as unknown as Record<string, unknown>);
    },
    refund(sessionId, amount) {
      const charge = chargeOf(sessionId);
      if (amount < 1 || charge.amount_refunded + amount > charge.amount)
        throw new Error(`fake Stripe: refund of ${amount} exceeds charge ${charge.id}`);
      const id = randomId('re');
      refunds.set(id, {
        ...stripeFixtures.resources.refund,
        id,
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        status: 'succeeded',
        balance_transaction: randomId('txn'),
        created: now(),
        metadata: {},
      } as unknown as Stripe.Refund);
      Object.assign(charge, {
        amount_refunded: charge.amount_refunded + amount,
        refunded: charge.amount_refunded + amount === charge.amount,
      });
      return {
        ...event('charge.refunded', charge as unknown as Record<string, unknown>),
        refundId: id,
        chargeId: charge.id,
      };
    },
    dispute(sessionId, amount, status = 'needs_response') {
      const charge = chargeOf(sessionId);
      const id = randomId('dp');
      const dispute = {
        ...stripeFixtures.resources.dispute,
        id,
        object: 'dispute',
        amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        status,
        created: now(),
        metadata: {},
      } as unknown as Stripe.Dispute;
      disputes.set(id, dispute);
      Object.assign(charge, { disputed: true });
      return { ...event('charge.dispute.created', dispute as unknown as Record<string, unknown>), disputeId: id };
    },
    closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`fake Stripe: no dispute ${disputeId}`);
      Object.assign(dispute, { status });
      return event('charge.dispute.closed', dispute as unknown as Record<string, unknown>);
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
