import type Stripe from 'stripe';
import type { StripeClient } from './stripe-client.ts';

/**
 * What Stripe says about money taken back from a Checkout top-up (decision 0052), asked of Stripe rather than read
 * from an event's body (https://docs.stripe.com/api/refunds/list, .../disputes/retrieve, .../checkout/sessions/list):
 * - the refunds of a charge (`GET /v1/refunds?charge=`), each with its id, amount, currency, status and payment intent;
 * - a dispute (`GET /v1/disputes/{dispute}`): amount, currency, status, payment intent;
 * - the Checkout Session that made a payment intent (`GET /v1/checkout/sessions?payment_intent=`): its id is the
 *   payment's reference at the gateway (stripe-gateway.ts).
 */
export interface StripeRefund {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  paymentIntent: string | null;
}

export interface StripeDispute {
  id: string;
  amount: number;
  currency: string;
  status: Stripe.Dispute.Status;
  paymentIntent: string | null;
}

export interface StripeCharges {
  refundsOf(chargeId: string): Promise<StripeRefund[]>;
  retrieveDispute(disputeId: string): Promise<StripeDispute>;
  /** The id of the Checkout Session of a payment intent; undefined when no session made it. */
  sessionOf(paymentIntent: string): Promise<string | undefined>;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createStripeCharges({ call }: StripeClient): StripeCharges {
  return {
    async refundsOf(chargeId) {
      // A top-up is one charge; Stripe lets it be refunded in parts, far fewer than a page of 100.
      const list = await call('GET /v1/refunds', (stripe) => stripe.refunds.list({ charge: chargeId, limit: 100 }));
      return list.data.map((r) => ({
        id: r.id,
        amount: r.amount,
        currency: r.currency.toUpperCase(),
        status: r.status,
        paymentIntent: idOf(r.payment_intent),
      }));
    },

    async retrieveDispute(disputeId) {
      const d = await call('GET /v1/disputes/{dispute}', (stripe) => stripe.disputes.retrieve(disputeId));
      return {
        id: d.id,
        amount: d.amount,
        currency: d.currency.toUpperCase(),
        status: d.status,
        paymentIntent: idOf(d.payment_intent),
      };
    },

    async sessionOf(paymentIntent) {
      const list = await call('GET /v1/checkout/sessions', (stripe) =>
        stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 }),
      );
      return list.data[0]?.id;
    },
  };
}
