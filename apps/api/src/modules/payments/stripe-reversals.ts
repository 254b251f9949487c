import type { AppDeps } from '../../deps.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import type { StripeCharges, StripeDispute } from './gateway/stripe-charges.ts';
import { paymentsRepository as payments } from './payments.repository.ts';
import type { Reversals } from './reversal.ts';
import { stripeReversalsRepository as takebacks } from './stripe-reversals.repository.ts';

/** Stored in English (not as a key), as the ledger's other descriptions are. */
const GIVEN_BACK = 'Disputed top-up given back by the payment provider';

export type StripeReversalOutcome = { ok: true } | { ok: false; note: string };
const ok: StripeReversalOutcome = { ok: true };
const attention = (note: string): StripeReversalOutcome => ({ ok: false, note });

/** A dispute still open or closed without taking money: Stripe's inquiries (`warning_*`) withdraw nothing. */
const isInquiry = (status: StripeDispute['status']) => status.startsWith('warning_');

class CannotApply extends Error {}

/**
 * Money Stripe takes back from a Checkout top-up (decision 0052, applying decision 0019 to Stripe). Everything is asked
 * of Stripe first (the refunds of the charge, the dispute), and the payment found through the Checkout Session of the
 * payment intent (its id is the payment's reference). Then, through the reversals of decision 0019 (what the wallet
 * holds is taken, the rest is the user's debt, once per reference):
 * - a succeeded refund is reversed once (`stripe:refund:<re_...>`, and a `stripe_refunds` row in the same transaction:
 *   a charge's event lists all its refunds, the ones applied before are skipped);
 * - a dispute (not an inquiry) is held when it opens, since Stripe withdraws its amount then
 *   (`stripe:dispute:<dp_...>`, and a `stripe_disputes` row in the same transaction);
 * - a dispute won gives the held amount back like a top-up (debt first, then the wallet; `stripe:dispute-won:<dp_...>`);
 *   a lost one stays taken. A dispute closed before its opening was processed is recorded closed, and nothing is held.
 */
export function createStripeReversals(
  deps: Pick<AppDeps, 'events' | 'clock'>,
  {
    charges,
    reversals,
    wallet,
  }: { charges: StripeCharges; reversals: Reversals; wallet: Pick<WalletModule, 'creditTopup'> },
) {
  const sessions = async (paymentIntent: string | null) =>
    paymentIntent ? charges.sessionOf(paymentIntent) : undefined;

  /**
   * One reversal and its record in one transaction; what cannot be applied rolls both back (so a corrected retry can
   * still apply) and is answered as the note for an operator.
   */
  async function applyOnce(work: (tx: Parameters<Reversals['reverseIn']>[0]) => Promise<void>) {
    try {
      await deps.events.transaction(work);
      return undefined;
    } catch (err) {
      if (err instanceof CannotApply) return err.message;
      throw err;
    }
  }

  async function lockPaymentOf(tx: Parameters<Reversals['reverseIn']>[0], session: string) {
    return payments.lockByReference(tx, 'stripe', session);
  }

  const api = {
    /** `charge.refunded`: each succeeded refund of the charge, reversed once. */
    async refunded(chargeId: string): Promise<StripeReversalOutcome> {
      const notes: string[] = [];
      for (const refund of await charges.refundsOf(chargeId)) {
        if (refund.status !== 'succeeded') continue;
        const session = await sessions(refund.paymentIntent);
        if (!session) {
          notes.push(`refund ${refund.id} of charge ${chargeId}: no Checkout Session for its payment intent`);
          continue;
        }
        const note = await applyOnce(async (tx) => {
          const payment = await lockPaymentOf(tx, session);
          if (!payment) throw new CannotApply(`refund ${refund.id} of ${session}: no such payment`);
          const fresh = await takebacks.recordRefund(tx, {
            refundId: refund.id,
            paymentId: payment.identifier,
            amount: refund.amount,
            currencyCode: refund.currency,
          });
          if (!fresh) return;
          const result = await reversals.reverseIn(tx, {
            transactionReference: session,
            key: `refund:${refund.id}`,
            amount: refund.amount,
            currency: refund.currency,
          });
          if (result.outcome === 'cannot-apply') throw new CannotApply(result.reason);
        });
        if (note) notes.push(note);
      }
      return notes.length ? attention(notes.join('; ')) : ok;
    },

    /** `charge.dispute.created`: the disputed amount is held (taken from the top-up) until the dispute closes. */
    async disputeOpened(disputeId: string): Promise<StripeReversalOutcome> {
      const dispute = await charges.retrieveDispute(disputeId);
      if (isInquiry(dispute.status)) return ok;
      const session = await sessions(dispute.paymentIntent);
      if (!session) return attention(`dispute ${dispute.id}: no Checkout Session for its payment intent`);
      const note = await applyOnce(async (tx) => {
        const payment = await lockPaymentOf(tx, session);
        if (!payment) throw new CannotApply(`dispute ${dispute.id} of ${session}: no such payment`);
        const status: 'held' | 'won' | 'lost' =
          dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : 'held';
        const fresh = await takebacks.record(tx, {
          disputeId: dispute.id,
          paymentId: payment.identifier,
          amount: dispute.amount,
          currencyCode: dispute.currency,
          status,
          closedAt: status === 'held' ? null : deps.clock.now(),
        });
        // Known already, or closed already (won: nothing was ever held; lost: hold it now, it stays taken).
        if (!fresh || status === 'won') return;
        const result = await reversals.reverseIn(tx, {
          transactionReference: session,
          key: `dispute:${dispute.id}`,
          amount: dispute.amount,
          currency: dispute.currency,
        });
        if (result.outcome === 'cannot-apply') throw new CannotApply(result.reason);
      });
      return note ? attention(note) : ok;
    },

    /** `charge.dispute.closed`: won gives the held amount back; lost keeps it taken; an inquiry's close moves nothing. */
    async disputeClosed(disputeId: string): Promise<StripeReversalOutcome> {
      const dispute = await charges.retrieveDispute(disputeId);
      if (isInquiry(dispute.status)) return ok;
      if (dispute.status !== 'won' && dispute.status !== 'lost')
        return attention(`dispute ${dispute.id} closed as "${dispute.status}": neither won nor lost`);
      const held = await deps.events.transaction(async (tx) => {
        const row = await takebacks.lock(tx, dispute.id);
        if (!row) return false;
        if (row.status !== 'held') return true;
        if (dispute.status === 'lost') {
          await takebacks.close(tx, dispute.id, 'lost', deps.clock.now());
          return true;
        }
        const payment = await payments.lockById(tx, row.paymentId);
        await wallet.creditTopup(
          {
            userId: payment!.userId,
            amount: row.amount,
            currencyCode: row.currencyCode,
            reference: `stripe:dispute-won:${dispute.id}`,
            description: GIVEN_BACK,
          },
          tx,
        );
        await payments.addReversed(tx, row.paymentId, -row.amount);
        await takebacks.close(tx, dispute.id, 'won', deps.clock.now());
        return true;
      });
      // Closed before its opening was processed: recorded closed now (lost is held and kept; won moves nothing).
      return held ? ok : api.disputeOpened(disputeId);
    },
  };
  return api;
}
export type StripeReversals = ReturnType<typeof createStripeReversals>;
