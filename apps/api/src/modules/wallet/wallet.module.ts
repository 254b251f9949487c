import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { ledger, walletCurrencyOf, type Posted, type WalletMove } from './ledger.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

export type { Posted, WalletMove } from './ledger.ts';
export interface TransferMove extends WalletMove {
  /** The platform's share, 0 to 1 (DESIGN.md §6: a configurable commission, default 0). */
  commissionRate: number;
}

/**
 * The wallet module's public face: its routes, and the money movements other modules may ask for. Each movement is
 * one balanced ledger transaction on the append-only ledger (ledger.ts), posted once per reference: a retried call
 * returns the first posting with `created: false`. Given a transaction (`tx`), it joins it (the booking that pays and
 * the debit commit together); without one, it runs in a transaction of its own.
 */
export function createWalletModule(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db } = deps;
  const inTransaction = <T>(tx: Executor | undefined, work: (ex: Executor) => Promise<T>): Promise<T> =>
    tx ? work(tx) : db.transaction(work);
  const service = createWalletService(deps);

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(walletRoutes, { wallet: service });
  };

  return {
    name: 'wallet' as const,
    plugin,
    /** Client wallet -> escrow (a booking's payment). 409 `insufficientFunds` when the wallet holds less. */
    debit: (move: WalletMove, tx?: Executor): Promise<Posted> =>
      inTransaction(tx, (ex) => ledger.debitToEscrow(ex, move)),
    /** Escrow -> client wallet (a cancelled or rejected booking). */
    refund: (move: WalletMove, tx?: Executor): Promise<Posted> =>
      inTransaction(tx, (ex) => ledger.refundFromEscrow(ex, move)),
    /** Escrow -> the provider's earnings, minus the platform's commission (a completed booking). */
    transfer: (move: TransferMove, tx?: Executor): Promise<Posted> =>
      inTransaction(tx, (ex) => ledger.releaseToProvider(ex, move)),
    /** Gateway clearing -> the user's wallet (a settled top-up); a debt in that currency is settled first (decision 0019). */
    creditTopup: (move: WalletMove, tx?: Executor): Promise<Posted> =>
      inTransaction(tx, (ex) => ledger.creditTopup(ex, move)),
    /**
     * The gateway took a credited top-up back (refund, chargeback): from the wallet as far as it holds it, the rest
     * recorded as the user's debt (never a negative wallet). Once per reference.
     */
    reverseTopup: (move: WalletMove, tx?: Executor) => inTransaction(tx, (ex) => ledger.reverseTopup(ex, move)),
    /** What the user owes in a currency after a reversal the wallet could not cover (0: nothing). */
    outstandingDebt: (userId: string, currencyCode: string, ex: Executor = db): Promise<number> =>
      ledger.outstandingDebt(ex, userId, currencyCode),
    /** Whether the user owes anything in any currency: the bookings issue refuses new bookings until it is settled. */
    hasDebt: (userId: string, ex: Executor = db): Promise<boolean> => ledger.hasDebt(ex, userId),
    /** Provider earnings -> gateway clearing (a payout starts). 409 `insufficientEarnings` when the earnings hold less. */
    startPayout: (move: WalletMove, tx?: Executor): Promise<Posted> =>
      inTransaction(tx, (ex) => ledger.payoutToClearing(ex, move)),
    /** Gateway clearing -> provider earnings (a payout failed or came back), once per payout reference. */
    returnPayout: (move: WalletMove, tx?: Executor): Promise<Posted> =>
      inTransaction(tx, (ex) => ledger.payoutReturned(ex, move)),
    /** Every provider's earnings of at least `minimum` (minor units) in these currencies: what the weekly payout pays. */
    earningsToPayOut: (currencies: readonly string[], minimum: number, ex: Executor = db) =>
      ledger.earningsToPayOut(ex, currencies, minimum),
    /** A provider's earnings in a currency, in minor units. */
    earningsOf: (userId: string, currencyCode: string, ex: Executor = db): Promise<number> =>
      ledger.earningsBalance(ex, userId, currencyCode),
    /** A provider's earnings balance in every currency they have earnings in (issue 46: the earnings page). */
    earningsBalancesOf: async (userId: string, ex: Executor = db) => {
      const accounts = await ledgerRepository.accountsOf(ex, userId, ['provider_earnings']);
      return Promise.all(
        accounts.map(async (a) => ({
          currencyCode: a.currencyCode,
          balance: await ledgerRepository.balance(ex, a.identifier),
        })),
      );
    },
    /**
     * What the booking releases of these references paid into the provider's earnings (their share, after the
     * commission): one row per reference released, none for one that was not.
     */
    releasedTo: (userId: string, references: readonly string[], ex: Executor = db) =>
      ledgerRepository.releasedTo(ex, userId, references),
    /** The user's wallet currency (their country's, when supported). */
    currencyOf: (userId: string, ex: Executor = db): Promise<string> => walletCurrencyOf(ex, userId),
    /** What completed sessions earned the provider in [from, to), per currency (the dashboard's "this month"). */
    earnedBetween: (userId: string, from: Date, to: Date, ex: Executor = db) =>
      ledgerRepository.earnedBetween(ex, userId, from, to),
    /** A wallet's balance in minor units. */
    balanceOf: (userId: string, currencyCode: string, ex: Executor = db): Promise<number> =>
      ledger.walletBalance(ex, userId, currencyCode),
    /** What the user holds per currency (wallets and provider earnings): what deleting the account would move. */
    holdingsOf: (userId: string, ex: Executor = db) => ledger.holdingsOf(ex, userId),
    /** Decision 0016: moves the balances of a deleted account to "former user payable", in the deletion's transaction. */
    closeAccountsOf: (userId: string, tx: Executor) => ledger.closeAccountsOf(tx, userId),
  };
}
export type WalletModule = ReturnType<typeof createWalletModule>;
