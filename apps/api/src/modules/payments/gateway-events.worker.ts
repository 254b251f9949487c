import type { AppDeps } from '../../deps.ts';
import { GatewayError } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import { stripeSettlementOf } from './gateway/stripe-gateway.ts';
import type { Claimed, SettlementFor } from './settlement.ts';
import type { TransferEventHandler } from './payouts/transfer-events.ts';

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

function paystackSettlementOf(eventType: string, payload: unknown): { reference: string; claimed: Claimed } | undefined {
  const data = (payload as EventData).data;
  if (eventType !== 'charge.success' || typeof data?.reference !== 'string') return undefined;
  return { reference: data.reference, claimed: { amount: Number(data.amount), currency: String(data.currency) } };
}

/**
 * The job behind the webhook route: a stored gateway event is processed once. A `charge.success` is settled (the
 * gateway is asked again; a credit publishes `payment.settled`); an unreachable gateway or an unconfirmed payment is
 * retried by pg-boss with backoff, anything else is logged and the event marked processed.
 */
export async function startGatewayEventWorker(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>,
  settlementFor: SettlementFor,
  log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void },
  onTransfer?: TransferEventHandler,
): Promise<void> {
  await deps.jobs.schedule(GATEWAY_EVENT_SWEEP_QUEUE, '* * * * *', async () => {
    const queued = await sweepGatewayEvents(deps);
    if (queued > 0) log.warn({ queued }, 'stored gateway events without a job were queued again');
  });
  // A settlement takes a gateway call (with its own timeout) and one transaction: 30 s is long past any normal run.
  await deps.jobs.work<{ eventId: string }>(GATEWAY_EVENT_QUEUE, { retryLimit: 8, retryDelaySeconds: 2, expireInSeconds: 30, batchSize: 10 }, async ({ eventId }) => {
    const event = await repo.event(deps.db, eventId);
    if (!event || event.processedAt) return;
    // Settled with the gateway that sent the event: Stripe's Checkout Session events (also the sandbox's for GBP and EUR), or Paystack's charge.success.
    const settlement = settlementFor(event.gateway);
    const stripeShaped = event.gateway === 'stripe' || event.eventType.startsWith('checkout.session.');
    const target = stripeShaped ? stripeSettlementOf(event.eventType, event.payload) : paystackSettlementOf(event.eventType, event.payload);
    if (settlement && target) {
      try {
        const settled = await settlement.settle(target.reference, target.claimed);
        // The gateway does not confirm the payment yet: ask again later (pg-boss retries with backoff).
        if (settled.outcome === 'pending') throw new GatewayError('payment not confirmed yet', true);
      } catch (err) {
        // A gateway that cannot be reached now, or our own database failing mid-way (the credit rolled back): pg-boss
        // tries again later. Only what the gateway refuses for good is logged and the event closed.
        if (!(err instanceof GatewayError) || err.retryable) throw err;
        log.error({ err, eventId }, 'gateway event could not be settled');
      }
    }
    // Payouts (decision 0022): transfer.success / .failed / .reversed, same retry rule (only a permanent gateway refusal closes the event).
    if (onTransfer && event.eventType.startsWith('transfer.')) {
      try {
        await onTransfer(event);
      } catch (err) {
        if (!(err instanceof GatewayError) || err.retryable) throw err;
        log.error({ err, eventId }, 'transfer event could not be applied');
      }
    }
    await repo.markEventProcessed(deps.db, eventId);
  });
}
