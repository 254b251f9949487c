import crypto from 'node:crypto';
import autocannon from 'autocannon';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'wallet.webhook';
export const description =
  'POST /api/v1/payment/webhook/sandbox at 20 connections, every request a new signed charge.success (signature check on the raw body, stored once, queued)';

const CONNECTIONS = 20;

/** A distinct, correctly signed gateway event per request, as a busy gateway would send them. */
function signedEvent(secret: string, n: number): { body: string; signature: string } {
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      id: 7_000_000_000 + n,
      reference: `bench-${n}`,
      amount: 100_000,
      currency: 'NGN',
      status: 'success',
      channel: 'card',
      customer: { customer_code: null, email: 'bench@example.com' },
    },
  });
  return { body, signature: crypto.createHmac('sha512', secret).update(body).digest('hex') };
}

export async function run(ctx: BenchContext): Promise<Figures> {
  let n = Date.now() % 1_000_000_000;
  const request = () => {
    const { body, signature } = signedEvent(ctx.sandboxWebhookSecret, (n += 1));
    return {
      method: 'POST' as const,
      path: '/api/v1/payment/webhook/sandbox',
      body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    };
  };
  const runOnce = async (duration: number) => {
    const result = await autocannon({
      url: ctx.url,
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`wallet.webhook: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    return result;
  };
  await runOnce(1); // warm-up
  const result = await runOnce(ctx.duration);
  ctx.log(`wallet.webhook: ${result.requests.total} events received; their jobs settle in the background`);
  return { 'wallet.webhook.rps': Math.round(result.requests.average) };
}
