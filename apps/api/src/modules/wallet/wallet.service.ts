import type { TransactionListQuery, WalletBalance, WalletStats, WalletTransaction } from '@therapy/contracts/wallet';
import type { AppDeps } from '../../deps.ts';
import type { AccessClaims } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import { userRepository } from '../user/user.repository.ts';
import { ledgerRepository as repo, type HistoryRow } from './ledger.repository.ts';
import { walletBalanceOf, walletCurrencyOf } from './ledger.ts';

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
export function createWalletService(deps: AppDeps) {
  const { db, clock } = deps;

  const own = async (actor: AccessClaims) => {
    const user = await userRepository.findLiveById(db, actor.userId);
    if (!user) throw AppError.unauthorized();
    return { user, currency: await walletCurrencyOf(db, user.identifier) };
  };

  return {
    async balance(actor: AccessClaims): Promise<WalletBalance> {
      const found = await walletBalanceOf(db, actor.userId);
      if (!found) throw AppError.unauthorized();
      return found;
    },

    async transactions(actor: AccessClaims, query: TransactionListQuery) {
      const { user, currency } = await own(actor);
      const walletId = await repo.findAccount(db, 'user_wallet', user.identifier, currency);
      const filter = {
        from: query.fromDate ? new Date(`${query.fromDate}T00:00:00Z`) : undefined,
        // The end date is inclusive: everything before the next day.
        to: query.toDate ? new Date(Date.parse(`${query.toDate}T00:00:00Z`) + DAY_MS) : undefined,
        type: query.transactionType === 'payout' ? ('booking_release' as const) : query.transactionType,
      };
      const { rows, total } = walletId ? await repo.history(db, walletId, filter, query.page, query.pageSize) : { rows: [], total: 0 };
      return {
        data: rows.map(toTransaction),
        meta: { page: query.page, pageSize: query.pageSize, total, totalPages: Math.ceil(total / query.pageSize) },
      };
    },

    async transaction(actor: AccessClaims, id: string): Promise<WalletTransaction> {
      const { user } = await own(actor);
      const row = await repo.historyItem(db, user.identifier, id);
      if (!row) throw AppError.notFound();
      return toTransaction(row);
    },

    async stats(actor: AccessClaims): Promise<WalletStats> {
      const { user, currency } = await own(actor);
      const walletId = await repo.findAccount(db, 'user_wallet', user.identifier, currency);
      const now = clock.now();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const flows = walletId ? await repo.flows(db, walletId, monthStart) : { moneyIn: 0, moneyOut: 0, recentIn: 0, recentOut: 0 };
      return { currency, moneyIn: flows.moneyIn, moneyOut: flows.moneyOut, thisMonthIn: flows.recentIn, thisMonthOut: flows.recentOut };
    },
  };
}
