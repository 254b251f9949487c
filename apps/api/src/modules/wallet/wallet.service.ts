import {
  supportedCurrencies,
  type HeldWallet,
  type TransactionListQuery,
  type WalletBalance,
  type WalletEarnings,
  type WalletStats,
  type WalletTransaction,
} from '@therapy/contracts/wallet';
import type { AppDeps } from '../../deps.ts';
import { requireAccess, requireLiveAccount, type Actor } from '../../platform/auth/access.ts';
import { ledgerRepository as repo, type HistoryRow } from './ledger.repository.ts';
import { ledger, walletBalanceOf } from './ledger.ts';

const DAY_MS = 86_400_000;

/** The spec's transaction types; a booking's release to the provider does not appear in a client's wallet. */
const toTransaction = (row: HistoryRow): WalletTransaction => ({
  identifier: row.identifier,
  type: row.type === 'booking_release' || row.type === 'adjustment' ? 'payout' : row.type,
  amount: row.amount,
  currencyCode: row.currencyCode,
  description: row.description,
  reference: row.reference,
  createdAt: row.createdAt.toISOString(),
});

/** A user's wallet: balance, history and stats (spec §7 "Wallet and payment"), read from the ledger. */
export function createWalletService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /**
   * Access first: the actor's own live account (both user types have a wallet) and its wallet currency, read in the
   * one query the balance needs anyway (undefined for an account that ended meanwhile: 401).
   */
  const walletOf = async (actor: Actor) => {
    const found = requireLiveAccount(actor, await walletBalanceOf(db, actor.userId));
    return { userId: actor.userId, ...found };
  };

  return {
    /** The wallet of `currency` when given (a booking's currency, issue 15; 0 when never used), else the user's own. */
    async balance(actor: Actor, currency?: string): Promise<WalletBalance> {
      const own = await walletOf(actor);
      if (!currency || currency === own.currency) return { balance: own.balance, currency: own.currency };
      return { balance: await ledger.walletBalance(db, actor.userId, currency), currency };
    },

    /**
     * Every wallet the user holds (issue 46: a euro wallet beside the own dollar one), one per currency that holds
     * money or ever moved any (issue 48: a euro wallet back at 0 after a payment and its refund is still held, with
     * its history), the most recently used first: that is the wallet /wallet opens on. The own currency is always
     * there (the top-up's default), after the used ones when it was never used.
     */
    async balances(actor: Actor): Promise<HeldWallet[]> {
      const own = await walletOf(actor);
      const held = await repo.heldWallets(db, own.userId);
      const wallets: HeldWallet[] = held.map((w) => ({
        balance: w.balance,
        currency: w.currencyCode,
        own: w.currencyCode === own.currency,
        lastActivityAt: w.lastActivityAt.toISOString(),
      }));
      if (!wallets.some((w) => w.own))
        wallets.push({ balance: own.balance, currency: own.currency, own: true, lastActivityAt: null });
      return wallets;
    },

    /** A provider's earnings per currency: those holding money, and always the own currency. */
    async earnings(actor: Actor): Promise<WalletEarnings> {
      const own = await walletOf(actor);
      const all = await Promise.all(
        supportedCurrencies.map(async (currency) => ({
          currency,
          available: await ledger.earningsBalance(db, own.userId, currency),
        })),
      );
      return all.filter((e) => e.available !== 0 || e.currency === own.currency);
    },

    /** The history of the wallet of `query.currency` (each currency is its own wallet), else of the user's own. */
    async transactions(actor: Actor, query: TransactionListQuery) {
      const own = await walletOf(actor);
      const walletId = await repo.findAccount(db, 'user_wallet', own.userId, query.currency ?? own.currency);
      const filter = {
        from: query.fromDate ? new Date(`${query.fromDate}T00:00:00Z`) : undefined,
        // The end date is inclusive: everything before the next day.
        to: query.toDate ? new Date(Date.parse(`${query.toDate}T00:00:00Z`) + DAY_MS) : undefined,
        type: query.transactionType === 'payout' ? ('booking_release' as const) : query.transactionType,
      };
      const { rows, total } = walletId
        ? await repo.history(db, walletId, filter, query.page, query.pageSize)
        : { rows: [], total: 0 };
      return {
        data: rows.map(toTransaction),
        meta: { page: query.page, pageSize: query.pageSize, total, totalPages: Math.ceil(total / query.pageSize) },
      };
    },

    async transaction(actor: Actor, id: string): Promise<WalletTransaction> {
      const { userId } = await walletOf(actor);
      // The query only finds transactions on the actor's wallets: someone else's is "not found" like a missing one.
      const row = await repo.historyItem(db, userId, id);
      requireAccess(actor, 'read', row && { kind: 'owned', ownerId: userId });
      return toTransaction(row!);
    },

    /** Money in and out of the wallet of `currency` when given (issue 46: each currency's own figures), else the own. */
    async stats(actor: Actor, wanted?: string): Promise<WalletStats> {
      const own = await walletOf(actor);
      const { userId } = own;
      const currency = wanted ?? own.currency;
      const walletId = await repo.findAccount(db, 'user_wallet', userId, currency);
      const now = clock.now();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const flows = walletId
        ? await repo.flows(db, walletId, monthStart)
        : { moneyIn: 0, moneyOut: 0, recentIn: 0, recentOut: 0 };
      return {
        currency,
        moneyIn: flows.moneyIn,
        moneyOut: flows.moneyOut,
        thisMonthIn: flows.recentIn,
        thisMonthOut: flows.recentOut,
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
