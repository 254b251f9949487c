import crypto from 'node:crypto';
import Stripe from 'stripe';
import { GATEWAY_CURRENCIES } from '../../../config.ts';
import type { Claimed } from '../settlement.ts';
import { createStripeClient } from './stripe-client.ts';
import {
  GatewayError,
  type GatewayStatus,
  type GatewayTransaction,
  type InitializeInput,
  type PaymentGateway,
  type WebhookReading,
} from './payment-gateway.ts';
import { withoutNul } from './paystack-gateway.ts';

/**
 * The `stripe` gateway: Stripe Checkout through the official SDK (`stripe`), as Stripe publishes it
 * (https://docs.stripe.com/api/checkout/sessions, https://docs.stripe.com/webhooks):
 * - a top-up is a Checkout Session (`POST /v1/checkout/sessions`, mode `payment`, one line item of the amount in the
 *   currency, lower case as Stripe writes currencies), our reference as `client_reference_id` and in `metadata`, sent
 *   with the reference as the idempotency key; the session's id becomes the payment's reference at the gateway;
 * - a payment is verified by retrieving the session (`GET /v1/checkout/sessions/{id}`): `payment_status` `paid` is
 *   money received, an `expired` session is over unpaid;
 * - webhooks are checked with `stripe.webhooks.constructEvent` on the raw body and the `Stripe-Signature` header
 *   (HMAC-SHA256 of `t.payload` with the endpoint's secret, within Stripe's default five-minute tolerance).
 * The secret key goes into the SDK only: never into a message or a log.
 */

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** A Connect endpoint's own secret (connected accounts' events), tried when the endpoint's does not match. */
  connectWebhookSecret?: string | undefined;
  /** Stripe's API origin (https://api.stripe.com); tests point it at a local stand-in. */
  apiBase?: string;
  timeoutMs?: number;
}

/** The Checkout Session events this platform acts on: each is settled by asking Stripe for the session. */
export const STRIPE_SETTLING_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

interface SessionLike {
  object?: unknown;
  id?: unknown;
  amount_total?: unknown;
  currency?: unknown;
}

const sessionOf = (payload: unknown): SessionLike | undefined => {
  const object = (payload as { data?: { object?: SessionLike } } | null)?.data?.object;
  return object && object.object === 'checkout.session' && typeof object.id === 'string' ? object : undefined;
};

/**
 * What a stored Stripe event asks of settlement: the session to verify and what the event claims of it. Undefined
 * for every event this platform does not act on (stored, answered 200, and left as it is).
 */
export function stripeSettlementOf(
  eventType: string,
  payload: unknown,
): { reference: string; claimed: Claimed } | undefined {
  if (!STRIPE_SETTLING_EVENTS.has(eventType)) return undefined;
  const session = sessionOf(payload);
  if (!session || typeof session.amount_total !== 'number' || typeof session.currency !== 'string') return undefined;
  return {
    reference: session.id as string,
    claimed: { amount: session.amount_total, currency: session.currency.toUpperCase() },
  };
}

/** Stripe's signature header for a raw body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (https://docs.stripe.com/webhooks#verify-manually). */
export function signStripeWebhook(secret: string, rawBody: Buffer, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex')}`;
}

/**
 * Checks a `Stripe-Signature` with the SDK (`webhooks.constructEvent`, Stripe's five-minute tolerance) and reads the
 * event, whatever its type (what to do with it is the event handlers' business: events/handlers.ts). An unsigned,
 * forged or stale body is refused as `signature`; a validly signed body that is not a Stripe event as `malformed`.
 * The key is Stripe's event id (`evt_...`), unique per event. Shared with the sandbox, which signs Stripe-shaped
 * events with its own secret.
 */
export function parseStripeWebhook(secret: string, rawBody: Buffer, signature: string | undefined): WebhookReading {
  if (typeof signature !== 'string' || signature.length === 0) return { ok: false, reason: 'signature' };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    // The SDK checks the signature first; anything it throws after that is the body not being JSON.
    return {
      ok: false,
      reason: err instanceof Stripe.errors.StripeSignatureVerificationError ? 'signature' : 'malformed',
    };
  }
  // A signed `null` or a number is JSON too, but no event.
  const { id, type } = (event && typeof event === 'object' ? event : {}) as { id?: unknown; type?: unknown };
  if (typeof id !== 'string' || id.length === 0 || typeof type !== 'string' || type.length === 0 || type.length > 200)
    return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    event: { key: id.slice(0, 500), type, payload: withoutNul(JSON.parse(rawBody.toString('utf8'))) },
  };
}

/** A Checkout Session's state folded into ours: paid is success; expired is over unpaid; open (or still processing) is pending. */
export function mapStripeSession(session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>): GatewayStatus {
  if (session.payment_status === 'paid') return 'success';
  if (session.status === 'expired') return 'failed';
  return 'pending';
}

export function createStripeGateway({
  webhookSecret,
  connectWebhookSecret,
  ...client
}: StripeGatewayOptions): PaymentGateway {
  const { call } = createStripeClient(client);

  return {
    name: 'stripe',
    supports: (currency: string) => GATEWAY_CURRENCIES.stripe.includes(currency.toUpperCase()),

    async initialize(input: InitializeInput) {
      const session = await call('POST /v1/checkout/sessions', (stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // Cards only ("Pay by card"): a card payment is settled at once, so `completed` always means paid or declined.
            allowed_payment_method_types: ['card'],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name: 'Wallet top-up' },
                },
              },
            ],
            client_reference_id: input.reference,
            customer_email: input.email,
            metadata: { ...input.metadata, reference: input.reference },
            success_url: input.callbackUrl,
            cancel_url: input.callbackUrl,
          },
          { idempotencyKey: `checkout:${input.reference}` },
        ),
      );
      if (!session.url)
        throw new GatewayError('Stripe POST /v1/checkout/sessions: no checkout URL in the answer', false);
      return { authorizationUrl: session.url, reference: session.id };
    },

    async verify(reference: string): Promise<GatewayTransaction> {
      const session = await call('GET /v1/checkout/sessions/{session}', (stripe) =>
        stripe.checkout.sessions.retrieve(reference),
      );
      if (typeof session.amount_total !== 'number' || !session.currency)
        throw new GatewayError('Stripe GET /v1/checkout/sessions/{session}: unexpected answer', false);
      return {
        reference: session.id,
        status: mapStripeSession(session),
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
        channel: 'card',
        // Stripe has no dedicated accounts: a session Stripe knows and we do not is never credited to anyone.
        customerCode: null,
      };
    },

    requestDedicatedAccount() {
      return Promise.reject(new GatewayError('Stripe has no dedicated bank accounts', false));
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      const reading = parseStripeWebhook(webhookSecret, rawBody, signature);
      if (reading.ok || reading.reason !== 'signature' || !connectWebhookSecret) return reading;
      return parseStripeWebhook(connectWebhookSecret, rawBody, signature);
    },
  };
}
