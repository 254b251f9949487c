import { needsAttention, processed, type GatewayEventHandler } from '../events/handlers.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import type { PayoutsService, TransferOutcome } from './payouts.service.ts';

/** A stored gateway event as the webhook worker hands it over. */
export interface StoredTransferEvent {
  identifier: string;
  eventType: string;
  payload: unknown;
}

export const TRANSFER_EVENT_TYPES = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const;

/**
 * The handler of `transfer.success`, `transfer.failed` and `transfer.reversed` (decision 0022). The event only says
 * which transfer to look at: its outcome is asked of the gateway (`GET /transfer/verify/{reference}`) and applied once
 * (the payout row is locked and moved only from the states it may leave; the ledger's unique reference is the last
 * line), so repeated and concurrent deliveries change nothing more. A transfer the gateway has not decided yet throws a
 * retryable GatewayError: the job asks again later. A reference that is not one of our payouts is logged and dropped.
 * Registered in the worker's handler map through `transferHandlers` (below).
 */
export function createTransferEventHandler(payouts: PayoutsService, log: { warn: (o: object, m: string) => void }) {
  return async (event: StoredTransferEvent): Promise<TransferOutcome | 'malformed'> => {
    const data = (event.payload as { data?: { reference?: unknown } } | null)?.data;
    if (typeof data?.reference !== 'string' || data.reference.length === 0) {
      log.warn({ eventId: event.identifier, type: event.eventType }, 'transfer event without a reference');
      return 'malformed';
    }
    const outcome = await payouts.settle(data.reference);
    if (outcome === 'pending') throw new GatewayError('transfer not decided yet', true);
    if (outcome === 'unknown' || outcome === 'mismatch')
      log.warn(
        { eventId: event.identifier, type: event.eventType, reference: data.reference, outcome },
        'transfer event not applied',
      );
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
): Record<string, GatewayEventHandler> {
  const handle = createTransferEventHandler(payouts, log);
  const handler: GatewayEventHandler = async (event) => {
    const outcome = await handle(event);
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
