import { readChargeEvent } from '../gateway/paystack-gateway.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import type { Settlement } from '../settlement.ts';
import { needsAttention, processed, type GatewayEventHandler } from './handlers.ts';

/**
 * `charge.success` (Paystack's webhook docs: a successful card payment or a transfer to a dedicated account): the
 * gateway is asked again and the payment settled once (settlement.ts). What cannot be applied (an unknown reference
 * or customer, a currency or amount that differs) is kept for an operator.
 */
export function chargeHandlers(settlement: Settlement): Record<string, GatewayEventHandler> {
  return {
    'charge.success': async (event) => {
      const charge = readChargeEvent(event.payload);
      if (!charge) return needsAttention('charge.success without a readable reference, amount and currency');
      const settled = await settlement.settle(charge.reference, { amount: charge.amount, currency: charge.currency });
      switch (settled.outcome) {
        case 'pending':
          // The gateway does not confirm the payment yet: ask again later (pg-boss retries with backoff).
          throw new GatewayError('payment not confirmed yet', true);
        case 'mismatch':
        case 'unknown':
          return needsAttention(settled.reason);
        default:
          return processed;
      }
    },
  };
}
