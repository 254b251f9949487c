import { readChargeEvent } from '../gateway/paystack-gateway.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import type { Settled, SettlementFor } from '../settlement.ts';
import { needsAttention, processed, type GatewayEventHandler, type HandlerOutcome } from './handlers.ts';

/**
 * What a settlement means for the event that asked for it: not confirmed yet is asked again later (a retryable
 * `GatewayError`: pg-boss retries with backoff); what cannot be applied (a mismatch, a reference nobody knows) is kept
 * for an operator; anything else (credited, credited before, failed) is done. Shared by every charge-like family.
 */
export function settledOutcome(settled: Settled): HandlerOutcome {
  switch (settled.outcome) {
    case 'pending':
      throw new GatewayError('payment not confirmed yet', true);
    case 'mismatch':
    case 'unknown':
      return needsAttention(settled.reason);
    default:
      return processed;
  }
}

/**
 * `charge.success` (Paystack's webhook docs: a successful card payment or a transfer to a dedicated account): the
 * gateway that sent it (the event's `gateway`: Paystack, or the sandbox playing it) is asked again and the payment
 * settled once (settlement.ts). What cannot be applied (an unknown reference or customer, a currency or amount that
 * differs) is kept for an operator.
 */
export function chargeHandlers(settlementFor: SettlementFor): Record<string, GatewayEventHandler> {
  return {
    'charge.success': async (event) => {
      const charge = readChargeEvent(event.payload);
      if (!charge) return needsAttention('charge.success without a readable reference, amount and currency');
      const settlement = settlementFor(event.gateway);
      if (!settlement) return needsAttention(`charge.success from ${event.gateway}, a gateway that is not configured`);
      return settledOutcome(
        await settlement.settle(charge.reference, { amount: charge.amount, currency: charge.currency }),
      );
    },
  };
}
