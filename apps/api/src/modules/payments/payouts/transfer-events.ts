import { needsAttention, processed, type GatewayEventHandler } from '../events/handlers.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import type { PayoutsService, TransferOutcome } from './payouts.service.ts';

/** A stored gateway event as the webhook worker hands it over. */
export interface StoredTransferEvent {
  identifier: string;
  eventType: string;
  payload: unknown;
}

/** Paystack's transfer events carry the Transfer with our `reference` as `data`. */
const paystackReference = (payload: unknown) => (payload as { data?: { reference?: unknown } } | null)?.data?.reference;

/**
 * Stripe's (`transfer.reversed`) carry the Transfer as `data.object`, our reference in its `metadata` and as its
 * `transfer_group` (gateway/stripe-payouts.ts).
 */
const stripeReference = (payload: unknown) => {
  const transfer = (
    payload as { data?: { object?: { metadata?: { reference?: unknown }; transfer_group?: unknown } } } | null
  )?.data?.object;
  return transfer?.metadata?.reference ?? transfer?.transfer_group;
};

export const TRANSFER_EVENT_TYPES = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const;

/**
 * The handler of `transfer.success`, `transfer.failed` and `transfer.reversed` (decision 0022). The event only says
 * which transfer to look at: its outcome is asked of the gateway (`GET /transfer/verify/{reference}`) and applied once
 * (the payout row is locked and moved only from the states it may leave; the ledger's unique reference is the last
 * line), so repeated and concurrent deliveries change nothing more. A transfer the gateway has not decided yet throws a
 * retryable GatewayError: the job asks again later. A reference that is not one of our payouts is logged and dropped.
 * Registered in the worker's handler map through `transferHandlers` (below). Stripe's `transfer.reversed` (decision
 * 0052) goes the same way to the Stripe payouts: the transfer is asked of Stripe (`GET /v1/transfers?transfer_group=`).
 */
export function createTransferEventHandler(
  payouts: PayoutsService,
  log: { warn: (o: object, m: string) => void },
  referenceOf: (payload: unknown) => unknown = paystackReference,
) {
  return async (event: StoredTransferEvent): Promise<TransferOutcome | 'malformed'> => {
    const reference = referenceOf(event.payload);
    if (typeof reference !== 'string' || reference.length === 0) {
      log.warn({ eventId: event.identifier, type: event.eventType }, 'transfer event without a reference');
      return 'malformed';
    }
    const outcome = await payouts.settle(reference);
    if (outcome === 'pending') throw new GatewayError('transfer not decided yet', true);
    if (outcome === 'unknown' || outcome === 'mismatch')
      log.warn({ eventId: event.identifier, type: event.eventType, reference, outcome }, 'transfer event not applied');
    return outcome;
  };
}
export type TransferEventHandler = ReturnType<typeof createTransferEventHandler>;

/**
 * The `transfer` family of gateway-event handlers (events/handlers.ts), registered in payments.module.ts: an applied
 * (or already applied) outcome is processed; a transfer that is not one of the gateway's own payouts, one whose amount
 * or currency differs, or an event without a reference, is kept for an operator (needs_attention) and moves nothing.
 */
export function transferHandlers(
  payouts: PayoutsService,
  log: { warn: (o: object, m: string) => void },
  stripePayouts?: PayoutsService,
): Record<string, GatewayEventHandler> {
  const handle = createTransferEventHandler(payouts, log);
  // Stripe names its event `transfer.reversed` too: a Stripe delivery is about a Stripe payout (decision 0052).
  const handleStripe = stripePayouts && createTransferEventHandler(stripePayouts, log, stripeReference);
  const handler: GatewayEventHandler = async (event) => {
    const outcome = event.gateway === 'stripe' ? await (handleStripe?.(event) ?? 'unknown') : await handle(event);
    switch (outcome) {
      case 'malformed':
        return needsAttention(`${event.eventType} without a transfer reference`);
      case 'unknown':
        return needsAttention(`${event.eventType}: no payout of this gateway with that reference`);
      case 'mismatch':
        return needsAttention(`${event.eventType}: the gateway reports another amount or currency than the payout`);
      default:
        return processed;
    }
  };
  return Object.fromEntries(TRANSFER_EVENT_TYPES.map((type) => [type, handler]));
}
