import type { AppDeps } from '../../deps.ts';
import { GatewayError } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import { stripeSettlementOf } from './gateway/stripe-gateway.ts';
import type { Claimed, SettlementFor } from './settlement.ts';
import type { TransferEventHandler } from './payouts/transfer-events.ts';
import { GATEWAY_EVENT_QUEUE } from './webhook.routes.ts';

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
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  settlementFor: SettlementFor,
  log: { error: (o: object, m: string) => void },
  onTransfer?: TransferEventHandler,
): Promise<void> {
  await deps.jobs.work<{ eventId: string }>(GATEWAY_EVENT_QUEUE, { retryLimit: 8, retryDelaySeconds: 2 }, async ({ eventId }) => {
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
        // A gateway that cannot be reached now: pg-boss tries again later. Anything else is logged and dropped.
        if (err instanceof GatewayError && err.retryable) throw err;
        log.error({ err, eventId }, 'gateway event could not be settled');
      }
    }
    // Payouts (decision 0022): transfer.success / .failed / .reversed, same retry rule.
    if (onTransfer && event.eventType.startsWith('transfer.')) {
      try {
        await onTransfer(event);
      } catch (err) {
        if (err instanceof GatewayError && err.retryable) throw err;
        log.error({ err, eventId }, 'transfer event could not be applied');
      }
    }
    await repo.markEventProcessed(deps.db, eventId);
  });
}
