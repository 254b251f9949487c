import crypto from 'node:crypto';
import { callJson, expectStatus } from '../lib/accounts.ts';
import type { BenchContext, Figures } from '../lib/types.ts';
import { fundedClient } from '../lib/wallet-client.ts';

export const name = 'jobs.settle';
export const description =
  '1,000 paid top-ups of 20 clients, their signed charge.success events delivered at 20 connections; credits per second (gateway check, credit, mail queued) from the first delivery to the last credit';

const EVENTS = 1_000;
const CONNECTIONS = 20;
const AMOUNT = 100_000;
/** Credits to one wallet queue on its row lock (by design); a backlog in real life is spread over many wallets. */
const CLIENTS = 20;

async function inParallel<T>(items: T[], width: number, each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await each(items[next++]!);
    }),
  );
}

export async function run(ctx: BenchContext): Promise<Figures> {
  const clients: Array<{ accessToken: string; identifier: string }> = [];
  for (let c = 0; c < CLIENTS; c++) clients.push(await fundedClient(ctx.url, `settle${c}`, AMOUNT));
  // 1,000 top-ups started through the API, then paid at the sandbox gateway (its books, as a payer would).
  const references: string[] = [];
  await inParallel(
    Array.from({ length: EVENTS }, (_, i) => i),
    CONNECTIONS,
    async (i) => {
      const res = await callJson(
        `${ctx.url}/api/v1/payment/wallet`,
        'POST',
        { amount: AMOUNT },
        clients[i % CLIENTS]!.accessToken,
      );
      expectStatus('POST /payment/wallet', res, 201);
      references.push((res.json as { data: { payment: { reference: string } } }).data.payment.reference);
    },
  );
  await ctx.query("UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = ANY($1)", [
    references,
  ]);
  const ids = clients.map((c) => c.identifier);
  const settled = async () =>
    Number(
      (
        await ctx.query("SELECT count(*)::int AS n FROM payments WHERE user_id = ANY($1) AND status = 'success'", [ids])
      )[0]!.n,
    ) - CLIENTS;

  let n = crypto.randomInt(1e9);
  const t0 = Date.now();
  await inParallel(references, CONNECTIONS, async (reference) => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: (n += 1),
        reference,
        amount: AMOUNT,
        currency: 'NGN',
        status: 'success',
        channel: 'card',
        customer: { customer_code: null, email: 'bench@example.com' },
      },
    });
    const signature = crypto.createHmac('sha512', ctx.sandboxWebhookSecret).update(body).digest('hex');
    const res = await fetch(`${ctx.url}/api/v1/payment/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  });
  // Every event is stored and queued now (the workers started on them as they came); wait for the last credit.
  const delivered = (Date.now() - t0) / 1000;
  const done0 = await settled();
  const deadline = t0 + 600_000;
  let done = done0;
  while (done < EVENTS) {
    if (Date.now() > deadline) throw new Error(`jobs.settle: ${done} of ${EVENTS} settled after 10 minutes`);
    await new Promise((r) => setTimeout(r, 100));
    done = await settled();
  }
  const seconds = (Date.now() - t0) / 1000;
  ctx.log(
    `jobs.settle: ${EVENTS} events acknowledged in ${delivered.toFixed(1)} s (${done0} credited by then), all credited after ${seconds.toFixed(1)} s`,
  );
  return { 'jobs.settle.per_s': Math.round(EVENTS / seconds) };
}
