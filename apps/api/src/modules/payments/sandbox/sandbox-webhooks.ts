import crypto from 'node:crypto';
import type { Executor } from '../../../db/client.ts';
import type { Jobs } from '../../../platform/jobs.ts';

export const SANDBOX_WEBHOOK_QUEUE = 'sandbox.webhook';

/**
 * Paystack's published retry schedule, in seconds before each resend (https://paystack.com/docs/payments/webhooks/:
 * a delivery not answered with 200 within 30 seconds is a failed attempt; "in live mode, failed attempts are retried
 * every 3 minutes for the first 4 tries, then retried hourly for the next 72 hours"; in test mode "hourly for the
 * next 10 hours").
 */
export const PAYSTACK_WEBHOOK_RETRIES = {
  live: [...Array.from({ length: 4 }, () => 3 * 60), ...Array.from({ length: 72 }, () => 60 * 60)],
  test: Array.from({ length: 10 }, () => 60 * 60),
} as const satisfies Record<string, readonly number[]>;
/** Paystack's timeout for one attempt. */
const ATTEMPT_TIMEOUT_MS = 30_000;

/**
 * A signed webhook, ready to deliver as the body and the signature header: Paystack's `charge.success` in
 * `x-paystack-signature`, or, for a currency Paystack does not take (GBP, EUR), Stripe's `checkout.session.completed`
 * in `stripe-signature`, as the gateway configured for that currency in production would send it; Paystack's
 * `dedicatedaccount.assign.success` after a dedicated account was requested; or a payout's `transfer.*`.
 */
export interface SandboxWebhook {
  rawBody: Buffer;
  signature: string;
  header: 'x-paystack-signature' | 'stripe-signature';
}

/** Hands a signed webhook to the app's webhook route; throws unless it answered 200. */
export type DeliverWebhook = (rawBody: Buffer, signature: string, header: SandboxWebhook['header']) => Promise<void>;

/** Where the sandbox's books hand the webhooks they make. */
export interface SandboxWebhookSender {
  /**
   * Queues the delivery of `hook` on `tx`, the transaction that makes its event happen (a payment settled, a transfer
   * made): the event is sent if and only if it commits, also when the process dies right after.
   */
  send(tx: Executor, hook: SandboxWebhook): Promise<void>;
}

export interface SandboxWebhooks extends SandboxWebhookSender {
  /** Starts this instance's delivery worker. */
  start(
    deliver: DeliverWebhook,
    log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void },
  ): Promise<void>;
}

interface DeliveryJob {
  /** The exact signed bytes, base64. */
  body: string;
  signature: string;
  header: SandboxWebhook['header'];
  /** 0 for the first delivery, n for the n-th resend. */
  attempt: number;
}

/** The id of the resend that follows a job: the same for every try of that job, so a retried job queues it once. */
function nextAttemptId(jobId: string): string {
  const h = crypto.createHash('sha256').update(`sandbox-webhook-next:${jobId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The sandbox sends its webhooks as Paystack does (issue 43): each one is a pg-boss job queued with the change it
 * announces, delivered at once, and resent on `schedule` until the app answers 200, so an event that met the app down,
 * or answering 500, is not lost. Each resend is a job of its own with its own start time: the schedule is not the
 * exponential backoff pg-boss offers, and a queued resend survives a restart. `schedule` defaults to live mode's: the
 * sandbox stands in for the gateway the app meets in production, where a cut-off event comes back within minutes.
 */
export function createSandboxWebhooks(
  jobs: Jobs,
  opts: { schedule?: readonly number[]; queue?: string } = {},
): SandboxWebhooks {
  const schedule = opts.schedule ?? PAYSTACK_WEBHOOK_RETRIES.live;
  const queue = opts.queue ?? SANDBOX_WEBHOOK_QUEUE;
  return {
    async send(tx, hook) {
      const job: DeliveryJob = {
        body: hook.rawBody.toString('base64'),
        signature: hook.signature,
        header: hook.header,
        attempt: 0,
      };
      await jobs.send(queue, job, { tx });
    },
    async start(deliver, log) {
      // pg-boss's own retries only cover a try that never finished (the instance died mid-delivery, or the resend
      // could not be queued); an answer other than 200 is a finished try, followed by the schedule's resend.
      await jobs.work<DeliveryJob>(
        queue,
        { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 60, deleteAfterSeconds: 24 * 3600 },
        async (job, { id }) => {
          try {
            await withTimeout(deliver(Buffer.from(job.body, 'base64'), job.signature, job.header), ATTEMPT_TIMEOUT_MS);
            return;
          } catch (err) {
            const delay = schedule[job.attempt];
            if (delay === undefined) {
              log.error(
                { err, attempts: job.attempt + 1 },
                'sandbox webhook never answered 200; its resends are used up',
              );
              return;
            }
            log.warn(
              { err, attempt: job.attempt + 1, resendInSeconds: delay },
              'sandbox webhook not answered 200; resent later',
            );
            await jobs.send(queue, { ...job, attempt: job.attempt + 1 } satisfies DeliveryJob, {
              id: nextAttemptId(id),
              startAfter: new Date(Date.now() + delay * 1000),
            });
          }
        },
      );
    },
  };
}
