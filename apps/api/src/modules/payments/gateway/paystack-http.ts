import { z } from 'zod';
import { GatewayError } from './payment-gateway.ts';

/**
 * One call to Paystack's HTTP API, shared by the payment gateway (paystack-gateway.ts) and the payouts
 * (paystack-payouts.ts). Every answer is read as Paystack's envelope `{ status, message, data }` and what we use of
 * `data` is checked with zod. A timeout, a network error, a 5xx or a 429 is a retryable `GatewayError`; a refusal,
 * a body that is not JSON or an unexpected `data` is not. The secret key never appears in an error message.
 */
export interface PaystackHttpOptions {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

const envelope = z.object({
  status: z.boolean().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  data: z.unknown().optional(),
});

export type PaystackCall = <T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  shape: z.ZodType<T>,
  onNotFound?: () => Error,
) => Promise<T>;

export function paystackHttp({
  secretKey,
  baseUrl = 'https://api.paystack.co',
  timeoutMs = 10_000,
}: PaystackHttpOptions): PaystackCall {
  const root = baseUrl.replace(/\/+$/, '');
  const clean = (text: string) => (secretKey ? text.replaceAll(secretKey, '[secret]') : text).slice(0, 300);

  return async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    shape: z.ZodType<T>,
    onNotFound?: () => Error,
  ): Promise<T> {
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
      throw new GatewayError(
        timedOut ? `${what}: no answer within ${timeoutMs} ms` : `${what}: could not be reached`,
        true,
      );
    }
    // A server error or a rate limit says "try again later", whatever its body looks like.
    if (res.status >= 500 || res.status === 429) throw new GatewayError(`${what}: answered ${res.status}`, true);
    if (res.status === 404 && onNotFound) throw onNotFound();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayError(`${what}: answered ${res.status} with a body that is not JSON`, false);
    }
    const env = envelope.safeParse(json);
    const said = env.success && env.data.message ? `: ${clean(env.data.message)}` : '';
    if (!res.ok || !env.success || env.data.status !== true)
      throw new GatewayError(`${what}: refused (${res.status})${said}`, false);
    const data = shape.safeParse(env.data.data);
    if (!data.success) throw new GatewayError(`${what}: unexpected answer`, false);
    return data.data;
  };
}
