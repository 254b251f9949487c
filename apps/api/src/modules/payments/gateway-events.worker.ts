import type { AppDeps } from '../../deps.ts';
import { GatewayError } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import type { Settlement } from './settlement.ts';

export const GATEWAY_EVENT_QUEUE = 'payments.gateway-event';
export const GATEWAY_EVENT_SWEEP_QUEUE = 'payments.gateway-event-sweep';
/** An event stored longer ago than this with no job waiting or running is queued again by the sweep. */
export const SWEEP_AFTER_MS = 60_000;

/**
 * Stores a verified gateway event once and queues its job in the same transaction: a stored event always has a job
 * (job id = event id, so a redelivery adds none). A redelivery of an event stored but not processed yet queues it
 * again (nothing if its job still exists).
 */
export async function storeGatewayEvent(deps: Pick<AppDeps, 'db' | 'jobs'>, event: { gateway: string; key: string; type: string; payload: object }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const stored = await repo.insertEvent(tx, { gateway: event.gateway, eventKey: event.key, eventType: event.type, payload: event.payload });
    const pending = stored ?? (await repo.unprocessedEventId(tx, event.gateway, event.key));
    if (pending) await deps.jobs.send(GATEWAY_EVENT_QUEUE, { eventId: pending }, { id: pending, tx });
  });
}

/**
 * Queues every stored, unprocessed event older than a minute that no waiting or running job carries (its job was
 * lost, or failed for good after its retries): nothing stored is left behind. Returns how many it queued.
 */
export async function sweepGatewayEvents(deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>, batch = 500): Promise<number> {
  const candidates = await repo.unprocessedEventIds(deps.db, new Date(deps.clock.now().getTime() - SWEEP_AFTER_MS), batch);
  const orphans = await deps.jobs.withoutLiveJob(GATEWAY_EVENT_QUEUE, 'eventId', candidates);
  // A fresh job id: the event's own id may still name a finished (failed) job, which would make the send a no-op.
  for (const eventId of orphans) await deps.jobs.send(GATEWAY_EVENT_QUEUE, { eventId });
  return orphans.length;
}

interface EventData {
  data?: { reference?: unknown; amount?: unknown; currency?: unknown };
}

/**
 * The job behind the webhook route: a stored gateway event is processed once. A `charge.success` is settled (the
 * gateway is asked again; a credit publishes `payment.settled`); an unreachable gateway or an unconfirmed payment is
 * retried by pg-boss with backoff, anything else is logged and the event marked processed.
 */
export async function startGatewayEventWorker(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>,
  settlement: Settlement,
  log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Promise<void> {
  await deps.jobs.schedule(GATEWAY_EVENT_SWEEP_QUEUE, '* * * * *', async () => {
    const queued = await sweepGatewayEvents(deps);
    if (queued > 0) log.warn({ queued }, 'stored gateway events without a job were queued again');
  });
  // A settlement takes a gateway call (with its own timeout) and one transaction: 30 s is long past any normal run.
  await deps.jobs.work<{ eventId: string }>(GATEWAY_EVENT_QUEUE, { retryLimit: 8, retryDelaySeconds: 2, expireInSeconds: 30, batchSize: 10 }, async ({ eventId }) => {
    const event = await repo.event(deps.db, eventId);
    if (!event || event.processedAt) return;
    const data = (event.payload as EventData).data;
    if (event.eventType === 'charge.success' && typeof data?.reference === 'string') {
      try {
        const settled = await settlement.settle(data.reference, { amount: Number(data.amount), currency: String(data.currency) });
        // The gateway does not confirm the payment yet: ask again later (pg-boss retries with backoff).
        if (settled.outcome === 'pending') throw new GatewayError('payment not confirmed yet', true);
      } catch (err) {
        // A gateway that cannot be reached now, or our own database failing mid-way (the credit rolled back): pg-boss
        // tries again later. Only what the gateway refuses for good is logged and the event closed.
        if (!(err instanceof GatewayError) || err.retryable) throw err;
        log.error({ err, eventId }, 'gateway event could not be settled');
      }
    }
    await repo.markEventProcessed(deps.db, eventId);
  });
}
