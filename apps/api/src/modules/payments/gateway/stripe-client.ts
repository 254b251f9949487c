import Stripe from 'stripe';
import { GatewayError } from './payment-gateway.ts';

export interface StripeClientOptions {
  secretKey: string;
  /** Stripe's API origin (https://api.stripe.com); tests point it at a local stand-in. */
  apiBase?: string;
  timeoutMs?: number;
}

/**
 * One configured official SDK (`stripe`) and the way its errors become ours, shared by Checkout (stripe-gateway.ts),
 * Connect (stripe-connect.ts) and Transfers (stripe-payouts.ts). The secret key goes into the SDK only: a message
 * that would carry it is cleaned.
 */
export function createStripeClient({
  secretKey,
  apiBase = 'https://api.stripe.com',
  timeoutMs = 10_000,
}: StripeClientOptions) {
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: timeoutMs,
    // One retry of a network failure, with the same idempotency key (the SDK adds it): never a second object.
    maxNetworkRetries: 1,
    telemetry: false,
  });
  const clean = (text: string) => text.replaceAll(secretKey, '[secret]').slice(0, 300);

  /** Stripe's errors as ours: a network failure, a 5xx or a rate limit is retryable; anything else is a refusal. */
  async function call<T>(what: string, run: (sdk: Stripe) => Promise<T>): Promise<T> {
    try {
      return await run(stripe);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        const status = err.statusCode;
        const retryable =
          err instanceof Stripe.errors.StripeConnectionError ||
          err instanceof Stripe.errors.StripeRateLimitError ||
          status === undefined ||
          status >= 500 ||
          status === 429;
        throw new GatewayError(
          `Stripe ${what}: ${retryable ? 'failed' : 'refused'}${status ? ` (${status})` : ''}: ${clean(err.message)}`,
          retryable,
        );
      }
      throw err;
    }
  }
  return { call };
}
export type StripeClient = ReturnType<typeof createStripeClient>;
