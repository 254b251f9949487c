import crypto from 'node:crypto';
import { z } from 'zod';
import { GATEWAY_CURRENCIES } from '../../../config.ts';
import {
  GatewayError,
  type DedicatedAccount,
  type DedicatedAccountInput,
  type GatewayEvent,
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
}

/** Paystack's webhook signature: HMAC-SHA512 of the raw body with the secret key, lower-case hex. */
export function signPaystackWebhook(secret: string, rawBody: Buffer): string {
  return crypto.createHmac('sha512', secret).update(rawBody).digest('hex');
}

const chargeEvent = z.object({
  event: z.string(),
  data: z.object({
    id: z.union([z.number(), z.string()]).nullish(),
    reference: z.string().min(1),
    amount: z.number().int(),
    currency: z.string(),
    channel: z.string().nullish(),
    customer: z.object({ customer_code: z.string().nullish() }).nullish(),
  }),
});

/**
 * The events this platform acts on: money arrived (a card checkout or a transfer to a dedicated account), and the
 * outcome of a payout (decision 0022; their `data` is the transfer object, with reference, amount and currency).
 */
const HANDLED_EVENTS = new Set(['charge.success', 'transfer.success', 'transfer.failed', 'transfer.reversed']);

/**
 * Checks the signature in constant time, then parses a `charge.success` event; undefined for an unsigned, forged or
 * malformed body and for every other event. Shared with the sandbox, which signs the same events with its own secret.
 */
export function parsePaystackWebhook(secret: string, rawBody: Buffer, signature: string | undefined): GatewayEvent | undefined {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return undefined;
  const expected = crypto.createHmac('sha512', secret).update(rawBody).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = chargeEvent.safeParse(json);
  if (!parsed.success || !HANDLED_EVENTS.has(parsed.data.event)) return undefined;
  const { event, data } = parsed.data;
  return {
    key: `${event}:${data.id ?? data.reference}`,
    type: event,
    reference: data.reference,
    amount: data.amount,
    currency: data.currency,
    channel: data.channel ?? 'unknown',
    customerCode: data.customer?.customer_code ?? null,
    payload: json,
  };
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

const envelope = z.object({ status: z.boolean().optional().catch(undefined), message: z.string().optional().catch(undefined), data: z.unknown().optional() });
const initializeData = z.object({ authorization_url: z.string().min(1), reference: z.string().min(1) });
const verifyData = z.object({
  status: z.string(),
  reference: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string().nullish(),
  customer: z.object({ customer_code: z.string().nullish() }).nullish(),
});
const customerData = z.object({ customer_code: z.string().min(1) });
const dedicatedAccountData = z.object({
  bank: z.object({ name: z.string() }),
  account_number: z.string().min(1),
  account_name: z.string(),
});

export function createPaystackGateway({ secretKey, baseUrl = 'https://api.paystack.co', timeoutMs = 10_000 }: PaystackGatewayOptions): PaymentGateway {
  const root = baseUrl.replace(/\/+$/, '');
  // Paystack's messages never hold the key, but a message is text from outside: scrub it anyway.
  const clean = (text: string) => (secretKey ? text.replaceAll(secretKey, '[secret]') : text).slice(0, 300);

  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, shape: z.ZodType<T>): Promise<T> {
    const what = `Paystack ${method} ${path.split('?')[0]}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GatewayError(timedOut ? `${what}: no answer within ${timeoutMs} ms` : `${what}: could not be reached`, true);
    }
    // A server error or a rate limit says "try again later", whatever its body looks like.
    if (res.status >= 500 || res.status === 429) throw new GatewayError(`${what}: answered ${res.status}`, true);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayError(`${what}: answered ${res.status} with a body that is not JSON`, false);
    }
    const env = envelope.safeParse(json);
    const said = env.success && env.data.message ? `: ${clean(env.data.message)}` : '';
    if (!res.ok) throw new GatewayError(`${what}: refused (${res.status})${said}`, false);
    if (!env.success || env.data.status !== true) throw new GatewayError(`${what}: refused${said}`, false);
    const data = shape.safeParse(env.data.data);
    if (!data.success) throw new GatewayError(`${what}: unexpected answer`, false);
    return data.data;
  }

  return {
    name: 'paystack',
    supports: (currency: string) => GATEWAY_CURRENCIES.paystack.includes(currency.toUpperCase()),

    async initialize(input: InitializeInput) {
      const data = await call('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: input.metadata ?? {},
      }, initializeData);
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

    async assignDedicatedAccount(input: DedicatedAccountInput): Promise<DedicatedAccount> {
      // Creating a customer whose email Paystack knows answers that customer, so this is safe to repeat.
      const customer = await call('POST', '/customer', {
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        ...(input.phone ? { phone: input.phone } : {}),
      }, customerData);
      const account = await call('POST', '/dedicated_account', { customer: customer.customer_code, preferred_bank: 'wema-bank' }, dedicatedAccountData);
      return { customerCode: customer.customer_code, bankName: account.bank.name, accountNumber: account.account_number, accountName: account.account_name };
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      return parsePaystackWebhook(secretKey, rawBody, signature);
    },
  };
}
