import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { paymentsRepository as repo } from './payments.repository.ts';

export type Reversed =
  | { outcome: 'reversed'; fromWallet: number; toDebt: number }
  | { outcome: 'already-reversed' }
  | { outcome: 'cannot-apply'; reason: string };

/** Stored in English (not as a key), as the ledger's other descriptions are. */
const DESCRIPTION = 'Top-up taken back by the payment provider';

/**
 * Reversals (decision 0019): the gateway took back money of a top-up it had confirmed (a processed refund, a
 * chargeback resolved against us). The payment is locked; what was reversed of it so far never exceeds what it paid;
 * the wallet gives back what it holds and the rest becomes the user's debt (wallet face `reverseTopup`), in one
 * transaction, once per gateway reversal (`key`: the ledger reference).
 */
export function createReversals(
  deps: Pick<AppDeps, 'events'>,
  gateway: string,
  wallet: Pick<WalletModule, 'reverseTopup'>,
) {
  type ReversalInput = { transactionReference: string; key: string; amount: number; currency: string };

  /** The reversal inside the caller's transaction (Stripe's dispute holds record their dispute with it). */
  async function reverseIn(tx: Executor, input: ReversalInput): Promise<Reversed> {
    const { transactionReference, key, amount, currency } = input;
    if (!Number.isSafeInteger(amount) || amount <= 0)
      return { outcome: 'cannot-apply', reason: `reversal ${key}: amount ${amount} is not a positive whole number` };
    const payment = await repo.lockByReference(tx, gateway, transactionReference);
    if (!payment)
      return { outcome: 'cannot-apply', reason: `reversal ${key} of ${transactionReference}: no such payment` };
    if (payment.status !== 'success')
      return {
        outcome: 'cannot-apply',
        reason: `reversal ${key} of ${transactionReference}: the payment was never credited (${payment.status})`,
      };
    if (payment.currencyCode !== currency) {
      return {
        outcome: 'cannot-apply',
        reason: `currency mismatch: reversal ${key} of ${amount} ${currency} for a ${payment.currencyCode} payment ${transactionReference}`,
      };
    }
    const ledgerReference = `${gateway}:${key}`;
    if (payment.reversedAmount + amount > payment.amount) {
      return {
        outcome: 'cannot-apply',
        reason: `reversal ${key} of ${amount} ${currency} exceeds what is left of payment ${transactionReference} (${payment.amount - payment.reversedAmount} of ${payment.amount})`,
      };
    }
    const posted = await wallet.reverseTopup(
      { userId: payment.userId, amount, currencyCode: currency, reference: ledgerReference, description: DESCRIPTION },
      tx,
    );
    if (!posted.created) return { outcome: 'already-reversed' };
    await repo.addReversed(tx, payment.identifier, amount);
    return { outcome: 'reversed', fromWallet: posted.fromWallet, toDebt: posted.toDebt };
  }

  return {
    reverseIn,
    reverse: (input: ReversalInput): Promise<Reversed> => deps.events.transaction((tx) => reverseIn(tx, input)),
  };
}
export type Reversals = ReturnType<typeof createReversals>;
