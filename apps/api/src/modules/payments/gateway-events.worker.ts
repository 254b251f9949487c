import type { AppDeps } from '../../deps.ts';
import type { ErrorReporter } from '../../platform/error-reporting.ts';
import type { GatewayEventHandlers, HandlerOutcome } from './events/handlers.ts';
import { GatewayError } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';

export const GATEWAY_EVENT_QUEUE = 'payments.gateway-event';
export const GATEWAY_EVENT_SWEEP_QUEUE = 'payments.gateway-event-sweep';
/** An event stored longer ago than this with no job waiting or running is queued again by the sweep. */
export const SWEEP_AFTER_MS = 60_000;

/**
 * Stores a verified gateway event once and queues its job in the same transaction: a stored event always has a job
 * (job id = event id, so a redelivery adds none). A redelivery of an event stored but still `received` (not handled
 * yet) queues it again (nothing if its job still exists); one already processed, ignored or needing attention, nothing.
 */
export async function storeGatewayEvent(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  event: { gateway: string; key: string; type: string; payload: object; requestId?: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const stored = await repo.insertEvent(tx, {
      gateway: event.gateway,
      eventKey: event.key,
      eventType: event.type,
      payload: event.payload,
      requestId: event.requestId,
    });
    const pending = stored ?? (await repo.unprocessedEventId(tx, event.gateway, event.key));
    if (pending) await deps.jobs.send(GATEWAY_EVENT_QUEUE, { eventId: pending }, { id: pending, tx });
  });
}

/**
 * Queues every stored event still `received` (not handled yet) older than a minute that no waiting or running job
 * carries (its job was lost, or failed for good after its retries): nothing stored is left behind. Events that are
 * processed, ignored or need attention are never queued again. Returns how many it queued.
 */
export async function sweepGatewayEvents(deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>, batch = 500): Promise<number> {
  const candidates = await repo.unprocessedEventIds(
    deps.db,
    new Date(deps.clock.now().getTime() - SWEEP_AFTER_MS),
    batch,
  );
  const orphans = await deps.jobs.withoutLiveJob(GATEWAY_EVENT_QUEUE, 'eventId', candidates);
  // A fresh job id: the event's own id may still name a finished (failed) job, which would make the send a no-op.
  for (const eventId of orphans) await deps.jobs.send(GATEWAY_EVENT_QUEUE, { eventId });
  return orphans.length;
}

/** An event that could not be applied, as reported to the error-reporting service (with the delivery's request id). */
export class GatewayEventNeedsAttention extends Error {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    note: string,
  ) {
    super(`gateway event ${eventType} needs attention: ${note}`);
    this.name = 'GatewayEventNeedsAttention';
  }
}

/**
 * The job behind the webhook route: a stored gateway event is handled once, by the handler registered for its type
 * (events/handlers.ts: Paystack's charge, dedicated-account and reversal families, Stripe's Checkout Session family,
 * the payouts' transfer family), whichever gateway sent it (a handler works with the event's `gateway`). No handler:
 * `ignored`. A handler's `needs_attention` outcome, or a `GatewayError` the gateway reports as permanent, makes the
 * event `needs_attention`: kept, logged with the request id of its delivery, and reported, so an operator sees it
 * (GET /payment/events/attention). Anything else that stops a handler (a retryable `GatewayError`: gateway
 * unreachable, payment not confirmed yet; our own database failing) is retried by pg-boss with backoff, and the
 * minute sweep queues a still-`received` event again once its job is gone (decision 0020).
 */
export async function startGatewayEventWorker(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>,
  handlers: GatewayEventHandlers,
  {
    log,
    reporter,
  }: { log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void }; reporter: ErrorReporter },
): Promise<void> {
  await deps.jobs.schedule(GATEWAY_EVENT_SWEEP_QUEUE, '* * * * *', async () => {
    const queued = await sweepGatewayEvents(deps);
    if (queued > 0) log.warn({ queued }, 'stored gateway events without a job were queued again');
  });
  // A settlement takes a gateway call (with its own timeout) and one transaction: 30 s is long past any normal run.
  await deps.jobs.work<{ eventId: string }>(
    GATEWAY_EVENT_QUEUE,
    { retryLimit: 8, retryDelaySeconds: 2, expireInSeconds: 30, batchSize: 10 },
    async ({ eventId }) => {
      const event = await repo.event(deps.db, eventId);
      if (!event || event.status !== 'received') return;
      const handler = handlers.get(event.eventType);
      if (!handler) {
        await repo.finishEvent(deps.db, eventId, { status: 'ignored' });
        return;
      }
      let outcome: HandlerOutcome;
      try {
        outcome = await handler(event);
      } catch (err) {
        // Only what the gateway refuses for good closes the event, as needs_attention (decision 0020). A gateway that
        // cannot be reached now, a payment not confirmed yet, or our own database failing mid-way (the handler's
        // transaction rolled back): pg-boss tries again later, and after its retries the sweep queues it again.
        if (!(err instanceof GatewayError))
          log.error({ err, eventId, requestId: event.requestId }, 'gateway event handler failed, retried');
        if (!(err instanceof GatewayError) || err.retryable) throw err;
        outcome = { status: 'needs_attention', note: err.message.slice(0, 500) };
      }
      await repo.finishEvent(
        deps.db,
        eventId,
        outcome.status === 'processed' ? { status: 'processed' } : { status: 'needs_attention', note: outcome.note },
      );
      if (outcome.status === 'needs_attention') {
        log.error(
          { eventId, eventType: event.eventType, requestId: event.requestId, note: outcome.note },
          'gateway event needs attention',
        );
        reporter.capture(
          new GatewayEventNeedsAttention(eventId, event.eventType, outcome.note),
          event.requestId ?? eventId,
        );
      }
    },
  );
}
