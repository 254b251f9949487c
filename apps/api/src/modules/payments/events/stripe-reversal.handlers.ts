import type { StripeReversalOutcome, StripeReversals } from '../stripe-reversals.ts';
import { needsAttention, processed, type GatewayEventHandler } from './handlers.ts';

const objectOf = (payload: unknown) =>
  (payload as { data?: { object?: { object?: unknown; id?: unknown } } } | null)?.data?.object;

/**
 * Stripe's `charge.refunded`, `charge.dispute.created` and `charge.dispute.closed` (decision 0052): the event names
 * the charge or the dispute; what happened is asked of Stripe (stripe-reversals.ts). Only Stripe's own deliveries are
 * acted on (the sandbox plays Stripe's Checkout, not its refunds or disputes): others are kept for an operator.
 */
export function stripeReversalHandlers(reversals: StripeReversals | undefined): Record<string, GatewayEventHandler> {
  const on =
    (kind: 'charge' | 'dispute', act: (r: StripeReversals, id: string) => Promise<StripeReversalOutcome>) =>
    async (event: Parameters<GatewayEventHandler>[0]) => {
      if (event.gateway !== 'stripe' || !reversals)
        return needsAttention(`${event.eventType} from ${event.gateway}: only Stripe's own are applied`);
      const object = objectOf(event.payload);
      if (object?.object !== kind || typeof object.id !== 'string' || object.id.length === 0)
        return needsAttention(`${event.eventType} without a readable ${kind} id`);
      const outcome = await act(reversals, object.id);
      return outcome.ok ? processed : needsAttention(outcome.note);
    };
  return {
    'charge.refunded': on('charge', (r, id) => r.refunded(id)),
    'charge.dispute.created': on('dispute', (r, id) => r.disputeOpened(id)),
    'charge.dispute.closed': on('dispute', (r, id) => r.disputeClosed(id)),
  };
}
