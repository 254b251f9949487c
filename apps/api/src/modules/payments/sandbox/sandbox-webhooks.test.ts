import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TopupResponse, WalletTransaction } from '@therapy/contracts/wallet';
import { buildTestApp, type SignedUp, type TestApp } from '../../../../test/harness.ts';
import { failInserts } from '../../../../test/failing-inserts.ts';
import { JOBS_SCHEMA, startJobs, type Jobs } from '../../../platform/jobs.ts';
import {
  createSandboxWebhooks,
  PAYSTACK_WEBHOOK_RETRIES,
  SANDBOX_WEBHOOK_QUEUE,
  type SandboxWebhook,
} from './sandbox-webhooks.ts';

/**
 * Issue 43: transfers and card payments whose webhook met the app down (or answering 500) stayed paid in the sandbox
 * and were never credited. The sandbox now resends each webhook on Paystack's schedule until the app answers 200.
 */

let t: TestApp;
let jobs: Jobs;
beforeAll(async () => {
  t = await buildTestApp();
  jobs = await startJobs(t.db.$client, { error: () => undefined });
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

const sql = async (text: string, values: unknown[] = []) =>
  (await t.db.$client.query(text, values)).rows as Array<Record<string, unknown>>;

/** The app's webhook route answers 500 `times` times: storing the event fails, as with a database hiccup. */
let failing: Awaited<ReturnType<typeof failInserts>> | undefined;
const failWebhooks = async (times: number) => (failing = await failInserts(sql, 'gateway_events', times));
const deliveriesTried = () => failing!.tried();
beforeEach(async () => {
  await failing?.restore();
  failing = undefined;
});

interface DeliveryRow {
  id: string;
  state: string;
  attempt: number;
  /** Seconds until it is due. */
  due: number;
  body: string;
  signature: string;
}
/** The sandbox's delivery jobs whose webhook mentions `text` (a reference), oldest first. */
const deliveries = async (text: string, queue = SANDBOX_WEBHOOK_QUEUE) =>
  (await sql(
    `SELECT id, state::text AS state, (data->>'attempt')::int AS attempt, extract(epoch FROM start_after - now())::float AS due,
            convert_from(decode(data->>'body', 'base64'), 'UTF8') AS body, data->>'signature' AS signature
       FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND convert_from(decode(data->>'body', 'base64'), 'UTF8') LIKE '%' || $2 || '%'
      ORDER BY (data->>'attempt')::int`,
    [queue, text],
  )) as unknown as DeliveryRow[];
/** The resend `attempt` of the webhook mentioning `text`, once it is queued. */
async function resend(text: string, attempt: number, queue = SANDBOX_WEBHOOK_QUEUE): Promise<DeliveryRow> {
  let found: DeliveryRow | undefined;
  await expect
    .poll(
      async () => (found = (await deliveries(text, queue)).find((d) => d.attempt === attempt && d.state === 'created')),
      { timeout: 10_000, interval: 100 },
    )
    .toBeDefined();
  return found!;
}
/** Time passes: the queued resend is due now. */
const dueNow = (job: DeliveryRow) => sql(`UPDATE ${JOBS_SCHEMA}.job SET start_after = now() WHERE id = $1`, [job.id]);
const live = async (text: string, queue = SANDBOX_WEBHOOK_QUEUE) =>
  (await deliveries(text, queue)).filter((d) => ['created', 'retry', 'active'].includes(d.state)).length;

const balance = async (who: SignedUp) =>
  ((await t.api('GET', '/wallet/balance', who)).json().data as { balance: number }).balance;
const topups = async (who: SignedUp) =>
  (await t.api('GET', '/wallet/transactions?transactionType=topup', who)).json().data as WalletTransaction[];

describe('the sandbox resends its webhooks until the app answers 200', () => {
  it('a card payment whose charge.success was answered 500 is resent 3 minutes later and credited once', async () => {
    const client = await t.signUp('client');
    const started = await t.request({
      method: 'POST',
      url: '/api/v1/payment/wallet',
      headers: client.auth,
      payload: { amount: 250_000 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = (started.json().data as TopupResponse).payment;

    await failWebhooks(1);
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/payment/sandbox/checkout/${reference}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    // The first delivery met a 500: the first resend is queued 3 minutes out (live mode), nothing is credited yet.
    const first = await resend(reference, 1);
    expect(first.due).toBeGreaterThan(170);
    expect(first.due).toBeLessThanOrEqual(180);
    expect(await deliveriesTried()).toBe(1);
    expect(await balance(client)).toBe(0);

    await dueNow(first);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(250_000);
    // A 200 ends it: no further resend is queued.
    await expect.poll(() => live(reference), { timeout: 10_000 }).toBe(0);
    expect((await deliveries(reference)).map((d) => d.attempt)).toEqual([0, 1]);
    expect(await topups(client)).toHaveLength(1);

    // The same event once more (a resend whose 200 was lost on the way back): answered 200, credited nothing more.
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': first.signature },
      payload: first.body,
    });
    expect(again.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await balance(client)).toBe(250_000);
    expect(await topups(client)).toHaveLength(1);
    expect(
      Number(
        (
          await sql("SELECT count(*)::int AS n FROM gateway_events WHERE payload->'data'->>'reference' = $1", [
            reference,
          ])
        )[0]!.n,
      ),
    ).toBe(1);
  });

  it('a bank transfer whose webhook met two failures is credited once after the second resend', async () => {
    const client = await t.signUp('client');
    await sql('UPDATE users SET phone_number = $2 WHERE identifier = $1', [client.userId, '08012345678']);
    expect((await t.api('POST', '/virtual-accounts/generate', client)).statusCode).toBe(200);
    // The assignment event itself comes through the delivery job.
    await expect
      .poll(async () => (await t.api('GET', '/virtual-accounts/account', client)).json().data.status, {
        timeout: 10_000,
      })
      .toBe('assigned');
    const { accountNumber } = (await t.api('GET', '/virtual-accounts/account', client)).json().data.account as {
      accountNumber: string;
    };

    await failWebhooks(2);
    const transfer = await t.request({
      method: 'POST',
      url: '/api/v1/payment/sandbox/transfer',
      payload: { accountNumber, amount: 420_000 },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const { reference } = transfer.json().data as { reference: string };

    const first = await resend(reference, 1);
    expect(first.due).toBeGreaterThan(170);
    await dueNow(first);
    const second = await resend(reference, 2);
    expect(second.due).toBeGreaterThan(170);
    expect(second.due).toBeLessThanOrEqual(180);
    expect(await balance(client)).toBe(0);
    await dueNow(second);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(420_000);
    await expect.poll(() => live(reference), { timeout: 10_000 }).toBe(0);
    expect(await deliveriesTried()).toBe(3);
    expect(await topups(client)).toHaveLength(1);
  });
});

describe("the resend schedule (Paystack's published one)", () => {
  it('live mode: every 3 minutes for the first 4 tries, then hourly for 72 hours; test mode: hourly for 10 hours', () => {
    expect(PAYSTACK_WEBHOOK_RETRIES.live).toEqual([...Array<number>(4).fill(180), ...Array<number>(72).fill(3600)]);
    expect(PAYSTACK_WEBHOOK_RETRIES.live.reduce((a, b) => a + b, 0)).toBe(12 * 60 + 72 * 3600);
    expect(PAYSTACK_WEBHOOK_RETRIES.test).toEqual(Array<number>(10).fill(3600));
  });

  /** A sender on a queue of its own, delivering to `deliver` instead of the app. */
  async function sender(
    schedule: readonly number[] | undefined,
    deliver: (hook: { rawBody: Buffer }) => Promise<void>,
  ) {
    const queue = `test.sandbox-webhook.${crypto.randomBytes(4).toString('hex')}`;
    const webhooks = createSandboxWebhooks(jobs, { queue, ...(schedule ? { schedule } : {}) });
    await webhooks.start((rawBody) => deliver({ rawBody }), { warn: () => undefined, error: () => undefined });
    const marker = `evt-${crypto.randomBytes(6).toString('hex')}`;
    const hook: SandboxWebhook = {
      rawBody: Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: marker } })),
      signature: 'sig',
      header: 'x-paystack-signature',
    };
    return { queue, marker, send: () => webhooks.send(t.db, hook) };
  }

  it('the live schedule as queued: resends 3 minutes apart for the first four, then an hour apart', async () => {
    let tries = 0;
    const s = await sender(undefined, async () => {
      tries += 1;
      throw new Error('webhook answered 500');
    });
    await s.send();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const next = await resend(s.marker, attempt, s.queue);
      waits.push(Math.round(next.due / 60));
      await dueNow(next);
    }
    expect(waits).toEqual([3, 3, 3, 3, 60, 60]);
    expect(tries).toBeGreaterThanOrEqual(6);
  });

  it('a 200 stops the resends', async () => {
    let tries = 0;
    const s = await sender([1, 1, 1, 1], async () => {
      tries += 1;
      if (tries <= 2) throw new Error('webhook answered 500');
    });
    await s.send();
    await expect.poll(() => tries, { timeout: 15_000, interval: 100 }).toBe(3);
    await expect.poll(() => live(s.marker, s.queue), { timeout: 10_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 2500));
    expect(tries).toBe(3);
    expect((await deliveries(s.marker, s.queue)).map((d) => d.attempt)).toEqual([0, 1, 2]);
  });

  it('an event never answered 200 is tried once and then once per entry of the schedule, and then given up', async () => {
    let tries = 0;
    const s = await sender([1, 1], async () => {
      tries += 1;
      throw new Error('app unreachable');
    });
    await s.send();
    await expect.poll(() => tries, { timeout: 15_000, interval: 100 }).toBe(3);
    await expect.poll(() => live(s.marker, s.queue), { timeout: 10_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 2500));
    expect(tries).toBe(3);
  });
});
