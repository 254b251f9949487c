import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopupResponse } from '@therapy/contracts/wallet';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { JOBS_SCHEMA, startJobs, type Jobs } from '../../platform/jobs.ts';
import { MAIL_QUEUE } from '../../platform/mail/mail-queue.ts';
import { signPaystackWebhook } from './gateway/paystack-gateway.ts';
import { noErrorReporter } from '../../platform/error-reporting.ts';
import { gatewayEventHandlers, processed } from './events/handlers.ts';
import { GatewayError } from './gateway/payment-gateway.ts';
import {
  GATEWAY_EVENT_QUEUE,
  GATEWAY_EVENT_SWEEP_QUEUE,
  startGatewayEventWorker,
  sweepGatewayEvents,
} from './gateway-events.worker.ts';
import { sandboxWebhookSecret } from './payments.module.ts';

/**
 * What must hold across a crash (issue 13, decision 0020): a stored gateway event always has its job, a stored event
 * whose job is gone is queued again by the sweep, and a credit's mail is queued in the credit's own transaction.
 */
let t: TestApp;
let jobs: Jobs;
beforeAll(async () => {
  t = await buildTestApp();
  // A second handle on the same queues (the app's own is not exposed): what another instance would run.
  jobs = await startJobs(t.db.$client, { error: () => undefined });
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

const sql = async (text: string, values: unknown[] = []) =>
  (await t.db.$client.query(text, values)).rows as Array<Record<string, unknown>>;
const balance = async (who: SignedUp) =>
  ((await t.api('GET', '/wallet/balance', who)).json().data as { balance: number }).balance;
const startPaidTopup = async (who: SignedUp, amount: number) => {
  const res = await t.api('POST', '/payment/wallet', who, { amount });
  expect(res.statusCode, res.body).toBe(201);
  const { payment } = res.json().data as TopupResponse;
  await sql("UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1", [
    payment.reference,
  ]);
  return payment;
};
const chargeSuccess = (reference: string, amount: number) => {
  const body = Buffer.from(
    JSON.stringify({
      event: 'charge.success',
      data: {
        id: crypto.randomInt(1e9),
        reference,
        amount,
        currency: 'NGN',
        status: 'success',
        channel: 'card',
        customer: { customer_code: null, email: 'x@example.com' },
      },
    }),
  );
  return { body, signature: signPaystackWebhook(sandboxWebhookSecret(t.config), body) };
};
const deliver = ({ body, signature }: { body: Buffer; signature: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/sandbox',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    payload: body,
  });

/** Makes inserting a job of `queue` fail (as a crash between two writes would leave it missing), until the returned undo. */
async function failJobInserts(queue: string): Promise<() => Promise<void>> {
  const name = `fail_${crypto.randomBytes(4).toString('hex')}`;
  await sql(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no job for you'; END $$`,
  );
  await sql(
    `CREATE TRIGGER ${name} BEFORE INSERT ON ${JOBS_SCHEMA}.job FOR EACH ROW WHEN (NEW.name = '${queue}') EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await sql(`DROP TRIGGER ${name} ON ${JOBS_SCHEMA}.job`);
    await sql(`DROP FUNCTION ${name}()`);
  };
}

describe('a stored gateway event always has its job', () => {
  it('when its job cannot be queued, the event is not stored either and the gateway is told to redeliver', async () => {
    const client = await t.signUp('client');
    const payment = await startPaidTopup(client, 200_000);
    const event = chargeSuccess(payment.reference, 200_000);
    const undo = await failJobInserts(GATEWAY_EVENT_QUEUE);
    try {
      expect((await deliver(event)).statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(
      await t.count('gateway_events', { event_key: `charge.success:${JSON.parse(event.body.toString()).data.id}` }),
    ).toBe(0);
    // The gateway's redelivery stores it with its job, and it is credited.
    expect((await deliver(event)).statusCode).toBe(200);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(200_000);
  });

  it('the sweep queues a stored, unprocessed event that no job carries, once; the schedule runs it every minute', async () => {
    const client = await t.signUp('client');
    const payment = await startPaidTopup(client, 150_000);
    const { body } = chargeSuccess(payment.reference, 150_000);
    const data = JSON.parse(body.toString()) as { data: { id: number } };
    // As a crash before the fix could leave it: stored two minutes ago, no job.
    const [row] = await sql(
      "INSERT INTO gateway_events (identifier, gateway, event_key, event_type, payload, received_at) VALUES (gen_random_uuid(), 'sandbox', $1, 'charge.success', $2, now() - interval '2 minutes') RETURNING identifier",
      [`charge.success:${data.data.id}`, JSON.parse(body.toString())],
    );
    const deps = { db: t.db, jobs, clock: t.clock };
    expect(await sweepGatewayEvents(deps)).toBeGreaterThanOrEqual(1);
    // Its job is waiting or running now: the next sweep leaves it alone.
    const again = await jobs.withoutLiveJob(GATEWAY_EVENT_QUEUE, 'eventId', [String(row!.identifier)]);
    expect(again).toEqual([]);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(150_000);
    await expect
      .poll(
        async () =>
          (await sql('SELECT processed_at FROM gateway_events WHERE identifier = $1', [row!.identifier]))[0]!
            .processed_at,
        { timeout: 10_000 },
      )
      .not.toBeNull();
    expect(await sweepGatewayEvents(deps)).toBe(0);
    expect(await sql(`SELECT cron FROM ${JOBS_SCHEMA}.schedule WHERE name = $1`, [GATEWAY_EVENT_SWEEP_QUEUE])).toEqual([
      { cron: '* * * * *' },
    ]);
  });
});

describe('what closes a gateway event, and what the sweep leaves alone', () => {
  const storeOld = async (type: string, status = 'received') => {
    const [row] = await sql(
      "INSERT INTO gateway_events (identifier, gateway, event_key, event_type, payload, status, received_at) VALUES (gen_random_uuid(), 'sandbox', $1, $2, '{}', $3, now() - interval '2 minutes') RETURNING identifier",
      [`${type}:${crypto.randomUUID()}`, type, status],
    );
    return String(row!.identifier);
  };
  const statusOf = async (id: string) =>
    (await sql('SELECT status, note FROM gateway_events WHERE identifier = $1', [id]))[0];

  it('the sweep queues only events still received: needs_attention and ignored ones never again', async () => {
    const attention = await storeOld('charge.success', 'needs_attention');
    const ignored = await storeOld('subscription.create', 'ignored');
    await sweepGatewayEvents({ db: t.db, jobs, clock: t.clock });
    const queued = await sql(
      `SELECT data->>'eventId' AS id FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'eventId' = ANY($2)`,
      [GATEWAY_EVENT_QUEUE, [attention, ignored]],
    );
    expect(queued).toEqual([]);
  });

  it('a permanent gateway refusal makes the event needs_attention; our own failure or a retryable one leaves it received, retried', async () => {
    let run: ((data: { eventId: string }) => Promise<void>) | undefined;
    const fakeJobs = {
      schedule: async () => undefined,
      work: async (_q: string, _r: unknown, handler: (data: { eventId: string }) => Promise<void>) => {
        run = handler;
      },
    } as unknown as Jobs;
    const handlers = gatewayEventHandlers({
      'test.refused': async () => {
        throw new GatewayError('the gateway refuses this for good', false);
      },
      'test.unreachable': async () => {
        throw new GatewayError('gateway unreachable', true);
      },
      'test.database': async () => {
        throw new Error('connection terminated');
      },
      'test.ok': async () => processed,
    });
    const log = { error: () => undefined, warn: () => undefined };
    await startGatewayEventWorker({ db: t.db, jobs: fakeJobs, clock: t.clock }, handlers, {
      log,
      reporter: noErrorReporter,
    });

    const refused = await storeOld('test.refused');
    await run!({ eventId: refused });
    expect(await statusOf(refused)).toEqual({ status: 'needs_attention', note: 'the gateway refuses this for good' });

    for (const type of ['test.unreachable', 'test.database']) {
      const id = await storeOld(type);
      await expect(run!({ eventId: id })).rejects.toThrow();
      expect(await statusOf(id)).toEqual({ status: 'received', note: null });
    }
    const ok = await storeOld('test.ok');
    await run!({ eventId: ok });
    expect((await statusOf(ok))!.status).toBe('processed');
  });
});

describe('mail is queued in the transaction of its change (outbox)', () => {
  it('a credit and its mail commit together: with no mail job possible, nothing is credited until it is', async () => {
    const client = await t.signUp('client');
    const payment = await startPaidTopup(client, 300_000);
    const undo = await failJobInserts(MAIL_QUEUE);
    try {
      expect((await deliver(chargeSuccess(payment.reference, 300_000))).statusCode).toBe(200);
      // The settlement job runs and fails (its mail cannot be queued): the credit rolls back with it.
      await expect
        .poll(
          async () =>
            (
              await sql(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND retry_count > 0`, [
                GATEWAY_EVENT_QUEUE,
              ])
            ).at(0)!.n,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      expect(await balance(client)).toBe(0);
    } finally {
      await undo();
    }
    // Retried: credited once, mailed once.
    await expect.poll(() => balance(client), { timeout: 20_000 }).toBe(300_000);
    await t.mail.waitFor(client.email, (m) => /top-up/i.test(m.subject), 10_000);
    await t.mailSettled();
    expect(
      t.mail.mails.filter((m) => m.to.includes(client.email.toLowerCase()) && /top-up/i.test(m.subject)),
    ).toHaveLength(1);
  }, 40_000);

  it('a queued mail does not show its address or link in the job table', async () => {
    const user = await t.signUp('client');
    await t.request({ method: 'POST', url: '/api/v1/user/request-password-reset', payload: { email: user.email } });
    const mail = await t.mail.waitFor(user.email, (m) => m.subject === 'Reset your password');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const rows = await sql(`SELECT data::text AS data FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [MAIL_QUEUE]);
    expect(rows.length).toBeGreaterThan(0);
    for (const { data } of rows) {
      expect(data).not.toContain(user.email);
      expect(data).not.toContain(token);
    }
  });
});
