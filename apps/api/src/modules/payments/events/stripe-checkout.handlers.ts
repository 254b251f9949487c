import { STRIPE_SETTLING_EVENTS, stripeSettlementOf } from '../gateway/stripe-gateway.ts';
import type { SettlementFor } from '../settlement.ts';
import { settledOutcome } from './charge.handlers.ts';
import { needsAttention, type GatewayEventHandler } from './handlers.ts';

/**
 * Stripe's Checkout Session events (decision 0021): `checkout.session.completed`, `.async_payment_succeeded`,
 * `.async_payment_failed` and `.expired` (stripe-gateway.ts `STRIPE_SETTLING_EVENTS`). The session is asked of the
 * gateway that sent the event (Stripe, or the sandbox playing it for GBP and EUR) and the payment settled once, as a
 * Paystack `charge.success` is (settlement.ts): not confirmed yet is retried, what cannot be applied is kept for an
 * operator. Stripe's other events have no handler: stored, answered 200 and marked ignored.
 */
export function stripeCheckoutHandlers(settlementFor: SettlementFor): Record<string, GatewayEventHandler> {
  const settle: GatewayEventHandler = async (event) => {
    const target = stripeSettlementOf(event.eventType, event.payload);
    if (!target)
      return needsAttention(`${event.eventType} without a readable Checkout Session (id, amount_total, currency)`);
    const settlement = settlementFor(event.gateway);
    if (!settlement)
      return needsAttention(`${event.eventType} from ${event.gateway}, a gateway that is not configured`);
    return settledOutcome(await settlement.settle(target.reference, target.claimed));
  };
  return Object.fromEntries([...STRIPE_SETTLING_EVENTS].map((type) => [type, settle]));
}
