import type { AppDeps } from '../../deps.ts';
import type { ErrorReporter } from '../../platform/error-reporting.ts';
import type { GatewayEventHandlers, HandlerOutcome } from './events/handlers.ts';
import { GatewayError } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import { GATEWAY_EVENT_QUEUE } from './webhook.routes.ts';

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
 * `ignored`. A retryable `GatewayError` (gateway unreachable, payment not confirmed yet) is retried by pg-boss with
 * backoff; anything else that stops a handler makes the event `needs_attention`: kept, logged with the request id of
 * its delivery, and reported, so an operator sees it (GET /payment/events/attention).
 */
export async function startGatewayEventWorker(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  handlers: GatewayEventHandlers,
  { log, reporter }: { log: { error: (o: object, m: string) => void }; reporter: ErrorReporter },
): Promise<void> {
  await deps.jobs.work<{ eventId: string }>(GATEWAY_EVENT_QUEUE, { retryLimit: 8, retryDelaySeconds: 2 }, async ({ eventId }) => {
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
      if (err instanceof GatewayError && err.retryable) throw err;
      if (!(err instanceof GatewayError)) log.error({ err, eventId, requestId: event.requestId }, 'gateway event handler failed');
      outcome = { status: 'needs_attention', note: err instanceof Error ? err.message.slice(0, 500) : 'the handler failed' };
    }
    await repo.finishEvent(deps.db, eventId, outcome.status === 'processed' ? { status: 'processed' } : { status: 'needs_attention', note: outcome.note });
    if (outcome.status === 'needs_attention') {
      log.error({ eventId, eventType: event.eventType, requestId: event.requestId, note: outcome.note }, 'gateway event needs attention');
      reporter.capture(new GatewayEventNeedsAttention(eventId, event.eventType, outcome.note), event.requestId ?? eventId);
    }
  });
}
