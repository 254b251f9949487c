import crypto from 'node:crypto';
import { z } from 'zod';
import { paystackHttp } from './paystack-http.ts';
import { GATEWAY_CURRENCIES } from '../../../config.ts';
import {
  GatewayError,
  type DedicatedAccountInput,
  type WebhookReading,
  REFERENCE_PATTERN,
  type GatewayStatus,
  type GatewayTransaction,
  type InitializeInput,
  type PaymentGateway,
} from './payment-gateway.ts';

/**
 * The `paystack` gateway: Paystack's documented HTTP API over global fetch. Every answer is read as Paystack's envelope
 * `{ status, message, data }`; what we use of `data` is checked with zod, so a changed answer is a clear refusal rather
 * than a wrong credit. The secret key goes into the Authorization header only: never into a message or a log.
 */

export interface PaystackGatewayOptions {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** A `provider_slug` of GET /dedicated_account/available_providers; unset: the first provider Paystack lists. */
  preferredBank?: string | undefined;
}

/** Paystack's webhook signature: HMAC-SHA512 of the raw body with the secret key, lower-case hex. */
export function signPaystackWebhook(secret: string, rawBody: Buffer): string {
  return crypto.createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** A `charge.success` body's `data`, as far as this platform reads it (Paystack's webhook docs: the transaction). */
const chargeData = z.object({
  reference: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string().nullish(),
  customer: z.object({ customer_code: z.string().nullish() }).nullish(),
});

export interface ChargeEventData {
  reference: string;
  amount: number;
  currency: string;
  channel: string;
  customerCode: string | null;
}

/** What a charge event claims (never trusted alone: settlement asks the gateway). Undefined when `data` is not a charge. */
export function readChargeEvent(payload: unknown): ChargeEventData | undefined {
  const parsed = chargeData.safeParse((payload as { data?: unknown } | null)?.data);
  if (!parsed.success) return undefined;
  const d = parsed.data;
  return {
    reference: d.reference,
    amount: d.amount,
    currency: d.currency,
    channel: d.channel ?? 'unknown',
    customerCode: d.customer?.customer_code ?? null,
  };
}

/** PostgreSQL's text and jsonb cannot hold U+0000: each one (in keys and values) becomes U+FFFD, so any signed event can be stored. */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k) as string, withoutNul(v)]));
  return value;
}

const eventShape = z.object({ event: z.string().min(1).max(200), data: z.unknown().optional() });
const idOf = (data: unknown): string | undefined => {
  if (!data || typeof data !== 'object') return undefined;
  const { id, reference } = data as { id?: unknown; reference?: unknown };
  if (typeof id === 'number' || (typeof id === 'string' && id)) return String(id);
  if (typeof reference === 'string' && reference) return reference;
  return undefined;
};

/**
 * Checks the signature in constant time, then reads the event, whatever its type. The key is the event type and the
 * object's id (its reference when it has none; else a digest of the body, so a redelivery of the same bytes is still
 * one event). Shared with the sandbox, which signs the same events with its own secret.
 */
export function parsePaystackWebhook(secret: string, rawBody: Buffer, signature: string | undefined): WebhookReading {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return { ok: false, reason: 'signature' };
  const expected = crypto.createHmac('sha512', secret).update(rawBody).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature' };
  let json: unknown;
  try {
    json = withoutNul(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = eventShape.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const { event, data } = parsed.data;
  const id = idOf(data) ?? `sha256-${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
  return { ok: true, event: { key: `${event}:${id}`.slice(0, 500), type: event, payload: json } };
}

/** Paystack's statuses folded into ours; anything still moving (ongoing, pending, processing, queued) is pending. */
export function mapPaystackStatus(status: string): GatewayStatus {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    default:
      return 'pending';
  }
}

const initializeData = z.object({ authorization_url: z.string().min(1), reference: z.string().min(1) });
const verifyData = z.object({
  status: z.string(),
  reference: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string().nullish(),
  customer: z.object({ customer_code: z.string().nullish() }).nullish(),
});
/** GET /dedicated_account/available_providers: Paystack's API docs list `{ provider_slug, bank_id, bank_name, id }`. */
const providersData = z.array(z.object({ provider_slug: z.string().min(1) }));
const anything = z.unknown();
/** The countries POST /dedicated_account/assign takes (DedicatedVirtualAccountAssign.country), by wallet currency. */
const ASSIGN_COUNTRY: Record<string, string> = { NGN: 'NG', GHS: 'GH' };

/**
 * The currencies Paystack takes payments in: the published `components.schemas.Currency` enum of dist/paystack.yaml
 * (PaystackOSS/openapi 9678dea, vendored as apps/api/test/published/paystack.yaml). Any other currency Paystack
 * refuses ("Currency not supported by merchant").
 */
export const PAYSTACK_CURRENCIES: readonly string[] = GATEWAY_CURRENCIES.paystack;

export function createPaystackGateway({
  secretKey,
  baseUrl = 'https://api.paystack.co',
  timeoutMs = 10_000,
  preferredBank,
}: PaystackGatewayOptions): PaymentGateway {
  const call = paystackHttp({ secretKey, baseUrl, timeoutMs });

  return {
    name: 'paystack',
    // Exactly as published: upper-case ISO 4217 codes (Paystack refuses `ngn`).
    supports: (currency: string) => PAYSTACK_CURRENCIES.includes(currency),

    async initialize(input: InitializeInput) {
      if (!REFERENCE_PATTERN.test(input.reference))
        throw new GatewayError(
          'Paystack POST /transaction/initialize: the reference has characters Paystack does not allow',
          false,
        );
      const data = await call(
        'POST',
        '/transaction/initialize',
        {
          email: input.email,
          amount: input.amount,
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          metadata: input.metadata ?? {},
        },
        initializeData,
      );
      return { authorizationUrl: data.authorization_url, reference: data.reference };
    },

    async verify(reference: string): Promise<GatewayTransaction> {
      const data = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, undefined, verifyData);
      return {
        reference: data.reference,
        status: mapPaystackStatus(data.status),
        amount: data.amount,
        currency: data.currency,
        channel: data.channel ?? 'unknown',
        customerCode: data.customer?.customer_code ?? null,
      };
    },

    async requestDedicatedAccount(input: DedicatedAccountInput): Promise<void> {
      const country = ASSIGN_COUNTRY[input.currency];
      if (!country)
        throw new GatewayError(`Paystack assigns dedicated accounts in NGN and GHS, not ${input.currency}`, false);
      // The bank comes from Paystack's current list: the configured one if Paystack offers it, else its first.
      const providers = await call('GET', '/dedicated_account/available_providers', undefined, providersData);
      const slugs = providers.map((p) => p.provider_slug);
      const bank = preferredBank ?? slugs[0];
      if (!bank || !slugs.includes(bank))
        throw new GatewayError(
          `Paystack offers no dedicated-account bank ${bank ?? ''} (it offers: ${slugs.join(', ') || 'none'})`,
          false,
        );
      // Creates (or finds) the customer, validates it and assigns the account; the result comes as a webhook.
      await call(
        'POST',
        '/dedicated_account/assign',
        {
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
          phone: input.phone,
          preferred_bank: bank,
          country,
        },
        anything,
      );
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      return parsePaystackWebhook(secretKey, rawBody, signature);
    },
  };
}
