import { supportedCurrencies } from '@therapy/contracts/wallet';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { ledgerRepository as repo, type AccountKind, type LedgerTransactionType } from './ledger.repository.ts';

/**
 * The ledger's rules (DESIGN.md §6 "Wallet and ledger"). Every movement is one transaction whose entries sum to zero;
 * a wallet's balance is the sum of its entries. Callers pass their transaction (`tx`): a movement is part of the
 * write that causes it (a credited payment, a paid booking), so both commit or neither does. The database enforces
 * the same rules again (append-only, balanced, no negative wallet) at commit.
 */

export interface Leg {
  kind: AccountKind;
  /** The wallet's or provider's user; omitted for the platform's accounts. */
  userId?: string;
  amount: number;
}

export interface Movement {
  type: LedgerTransactionType;
  /** Unique per type: the same reference posts once; a second post returns the first transaction. */
  reference: string;
  /** Whose history lists it. */
  userId: string | null;
  description: string;
  currencyCode: string;
  legs: Leg[];
}

export interface Posted {
  transactionId: string;
  /** False when the reference had been posted before: nothing new happened. */
  created: boolean;
}

export interface WalletMove {
  userId: string;
  amount: number;
  currencyCode: string;
  reference: string;
  description: string;
}

const fallbackCurrency = 'USD';
/** The accounts whose money belongs to their user. */
const owedToUser: readonly AccountKind[] = ['user_wallet', 'provider_earnings'];
const supported = (code: string | null | undefined): code is string =>
  !!code && (supportedCurrencies as readonly string[]).includes(code);

/** A user's wallet currency: their country's when the platform supports it (NG NGN, GB GBP, US USD, DE EUR), else USD. */
export async function walletCurrencyOf(db: Executor, userId: string): Promise<string> {
  const code = await repo.countryCurrency(db, userId);
  return supported(code) ? code : fallbackCurrency;
}

/** The balance of a live user's wallet in its currency; undefined when the user is not a live account. */
export async function walletBalanceOf(
  db: Executor,
  userId: string,
): Promise<{ balance: number; currency: string } | undefined> {
  const found = await repo.countryBalance(db, userId);
  if (!found) return undefined;
  if (supported(found.currencyCode)) return { balance: found.balance, currency: found.currencyCode };
  return { balance: await ledger.walletBalance(db, userId, fallbackCurrency), currency: fallbackCurrency };
}

export const ledger = {
  /** Posts a balanced movement once per (type, reference). */
  async post(tx: Executor, movement: Movement): Promise<Posted> {
    if (movement.legs.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0))
      throw new Error('ledger legs are non-zero whole minor units');
    if (movement.legs.reduce((s, l) => s + l.amount, 0) !== 0)
      throw new Error(`ledger movement ${movement.type}:${movement.reference} does not balance`);
    const transactionId = await repo.insertTransaction(tx, {
      type: movement.type,
      userId: movement.userId,
      reference: movement.reference,
      description: movement.description,
    });
    if (!transactionId)
      return { transactionId: (await repo.findTransaction(tx, movement.type, movement.reference))!, created: false };
    const entries = [];
    for (const leg of movement.legs) {
      entries.push({
        accountId: await repo.ensureAccount(tx, leg.kind, leg.userId ?? null, movement.currencyCode),
        amount: leg.amount,
        currencyCode: movement.currencyCode,
      });
    }
    await repo.insertEntries(tx, transactionId, entries);
    return { transactionId, created: true };
  },

  /**
   * Money that arrived through the gateway: gateway clearing to the user's wallet. A debt in that currency (a reversal
   * the wallet could not cover, decision 0019) is settled first, from the same money: the wallet gets the rest. Wallet
   * and debt are locked in that order (as reverseTopup does), so concurrent top-ups never settle one debt twice.
   */
  async creditTopup(tx: Executor, move: WalletMove): Promise<Posted> {
    let settle = 0;
    const debtId = await repo.findAccount(tx, 'user_debt', move.userId, move.currencyCode);
    if (debtId) {
      const existing = await repo.findTransaction(tx, 'topup', move.reference);
      if (existing) return { transactionId: existing, created: false };
      await repo.lockAccount(tx, await repo.ensureAccount(tx, 'user_wallet', move.userId, move.currencyCode));
      await repo.lockAccount(tx, debtId);
      settle = Math.min(move.amount, -(await repo.balance(tx, debtId)));
    }
    const legs: Leg[] = [{ kind: 'gateway_clearing', amount: -move.amount }];
    if (settle > 0) legs.push({ kind: 'user_debt', userId: move.userId, amount: settle });
    if (move.amount - settle > 0) legs.push({ kind: 'user_wallet', userId: move.userId, amount: move.amount - settle });
    return ledger.post(tx, {
      type: 'topup',
      reference: move.reference,
      userId: move.userId,
      description: move.description,
      currencyCode: move.currencyCode,
      legs,
    });
  },

  /**
   * The gateway took a credited top-up back (a refund, a lost chargeback): the money leaves through gateway clearing,
   * taken from the wallet as far as it holds it; the rest becomes the user's debt (decision 0019), never a negative
   * wallet. A new transaction (the ledger is append-only), once per reference.
   */
  async reverseTopup(tx: Executor, move: WalletMove): Promise<Posted & { fromWallet: number; toDebt: number }> {
    const walletId = await repo.ensureAccount(tx, 'user_wallet', move.userId, move.currencyCode);
    await repo.lockAccount(tx, walletId);
    const debtId = await repo.ensureAccount(tx, 'user_debt', move.userId, move.currencyCode);
    await repo.lockAccount(tx, debtId);
    const existing = await repo.findTransaction(tx, 'refund', move.reference);
    if (existing) return { transactionId: existing, created: false, fromWallet: 0, toDebt: 0 };
    const fromWallet = Math.min(move.amount, Math.max(0, await repo.balance(tx, walletId)));
    const toDebt = move.amount - fromWallet;
    const legs: Leg[] = [{ kind: 'gateway_clearing', amount: move.amount }];
    if (fromWallet > 0) legs.push({ kind: 'user_wallet', userId: move.userId, amount: -fromWallet });
    if (toDebt > 0) legs.push({ kind: 'user_debt', userId: move.userId, amount: -toDebt });
    const posted = await ledger.post(tx, {
      type: 'refund',
      reference: move.reference,
      userId: move.userId,
      description: move.description,
      currencyCode: move.currencyCode,
      legs,
    });
    return { ...posted, fromWallet, toDebt };
  },

  /** What the user owes in a currency (a reversal the wallet could not cover), 0 when nothing. */
  async outstandingDebt(db: Executor, userId: string, currencyCode: string): Promise<number> {
    const debtId = await repo.findAccount(db, 'user_debt', userId, currencyCode);
    return debtId ? Math.max(0, -(await repo.balance(db, debtId))) : 0;
  },

  /** Whether the user owes anything, in any currency (new bookings are refused until it is settled). */
  async hasDebt(db: Executor, userId: string): Promise<boolean> {
    return repo.owesDebt(db, userId);
  },

  /**
   * Takes money from a wallet into escrow (a booking's payment). The wallet row is locked first, so concurrent debits
   * of one wallet see each other's result and the balance can never go below zero.
   */
  debitToEscrow(tx: Executor, move: WalletMove): Promise<Posted> {
    return takeOnce(tx, move, { from: 'user_wallet', to: 'platform_escrow', type: 'booking_payment' }, () =>
      AppError.conflict('CONFLICT', 'insufficientFunds'),
    );
  },

  /** Gives escrowed money back to the client's wallet (a cancelled or rejected booking). */
  refundFromEscrow(tx: Executor, move: WalletMove): Promise<Posted> {
    return ledger.post(tx, {
      type: 'refund',
      reference: move.reference,
      userId: move.userId,
      description: move.description,
      currencyCode: move.currencyCode,
      legs: [
        { kind: 'platform_escrow', amount: -move.amount },
        { kind: 'user_wallet', userId: move.userId, amount: move.amount },
      ],
    });
  },

  /** Pays a completed booking out of escrow: the provider's earnings, minus the platform's commission. */
  releaseToProvider(tx: Executor, move: WalletMove & { commissionRate: number }): Promise<Posted> {
    const commission = Math.round(move.amount * move.commissionRate);
    const legs: Leg[] = [
      { kind: 'platform_escrow', amount: -move.amount },
      { kind: 'provider_earnings', userId: move.userId, amount: move.amount - commission },
    ];
    if (commission > 0) legs.push({ kind: 'platform_revenue', amount: commission });
    return ledger.post(tx, {
      type: 'booking_release',
      reference: move.reference,
      userId: move.userId,
      description: move.description,
      currencyCode: move.currencyCode,
      legs,
    });
  },

  /**
   * A payout leaves the provider's earnings for the gateway (decision 0022): earnings -> gateway clearing. The earnings
   * row is locked first and the balance checked under the lock, so concurrent payouts of one provider queue and never
   * take more than the earnings hold (the commit-time trigger is the last line). 409 `insufficientEarnings` otherwise.
   */
  payoutToClearing(tx: Executor, move: WalletMove): Promise<Posted> {
    return takeOnce(
      tx,
      move,
      { from: 'provider_earnings', to: 'gateway_clearing', type: 'payout' },
      () => new AppError(409, 'INSUFFICIENT_FUNDS', 'insufficientEarnings'),
    );
  },

  /** A payout that failed or came back: gateway clearing -> the provider's earnings, once per reference. */
  payoutReturned(tx: Executor, move: WalletMove): Promise<Posted> {
    return ledger.post(tx, {
      type: 'payout',
      reference: `${move.reference}:returned`,
      userId: move.userId,
      description: move.description,
      currencyCode: move.currencyCode,
      legs: [
        { kind: 'gateway_clearing', amount: -move.amount },
        { kind: 'provider_earnings', userId: move.userId, amount: move.amount },
      ],
    });
  },

  /** Every provider's earnings of at least `minimum` in these currencies (the weekly payout's list). */
  earningsToPayOut: (db: Executor, currencies: readonly string[], minimum: number) =>
    repo.earningsAtLeast(db, currencies, minimum),

  /** What a provider may be paid out in a currency: the balance of their earnings. */
  async earningsBalance(db: Executor, userId: string, currencyCode: string): Promise<number> {
    const id = await repo.findAccount(db, 'provider_earnings', userId, currencyCode);
    return id ? repo.balance(db, id) : 0;
  },

  /**
   * Decision 0016: when an account is deleted, each non-zero balance it holds (wallets, provider earnings) moves to a
   * "former user payable" account of the same user and currency, in the deletion's transaction. The books then show
   * exactly what the platform owes the former user until an operator refunds it. The accounts are locked first and
   * the reference is the account's id, so a second closure (a retried or concurrent delete) moves nothing.
   */
  async closeAccountsOf(tx: Executor, userId: string): Promise<Array<{ amount: number; currencyCode: string }>> {
    const moved: Array<{ amount: number; currencyCode: string }> = [];
    for (const account of await repo.lockAccountsOf(tx, userId, owedToUser)) {
      const amount = await repo.balance(tx, account.identifier);
      if (amount <= 0) continue;
      const posted = await ledger.post(tx, {
        type: 'adjustment',
        reference: `account-closure:${account.identifier}`,
        userId,
        description: 'Account deleted: balance owed to the former user',
        currencyCode: account.currencyCode,
        legs: [
          { kind: account.kind, userId, amount: -amount },
          { kind: 'former_user_payable', userId, amount },
        ],
      });
      if (posted.created) moved.push({ amount, currencyCode: account.currencyCode });
    }
    return moved;
  },

  /** What a user holds, per currency (wallets and provider earnings): what deleting the account would move. */
  async holdingsOf(db: Executor, userId: string): Promise<Array<{ amount: number; currencyCode: string }>> {
    const totals = new Map<string, number>();
    for (const account of await repo.accountsOf(db, userId, owedToUser)) {
      const amount = await repo.balance(db, account.identifier);
      if (amount > 0) totals.set(account.currencyCode, (totals.get(account.currencyCode) ?? 0) + amount);
    }
    return [...totals].map(([currencyCode, amount]) => ({ amount, currencyCode }));
  },

  async walletBalance(db: Executor, userId: string, currencyCode: string): Promise<number> {
    const walletId = await repo.findAccount(db, 'user_wallet', userId, currencyCode);
    return walletId ? repo.balance(db, walletId) : 0;
  },
};

/**
 * Moves `move.amount` out of the user's own account (`from`: a wallet or a provider's earnings) into a platform
 * account, once per (type, reference). The account row is locked first, so concurrent moves of one account see each
 * other's result and its balance is checked under the lock: `shortfall()` is thrown when it does not hold the amount.
 */
async function takeOnce(
  tx: Executor,
  move: WalletMove,
  route: {
    from: 'user_wallet' | 'provider_earnings';
    to: 'platform_escrow' | 'gateway_clearing';
    type: LedgerTransactionType;
  },
  shortfall: () => AppError,
): Promise<Posted> {
  const accountId = await repo.ensureAccount(tx, route.from, move.userId, move.currencyCode);
  await repo.lockAccount(tx, accountId);
  const existing = await repo.findTransaction(tx, route.type, move.reference);
  if (existing) return { transactionId: existing, created: false };
  if ((await repo.balance(tx, accountId)) < move.amount) throw shortfall();
  return ledger.post(tx, {
    type: route.type,
    reference: move.reference,
    userId: move.userId,
    description: move.description,
    currencyCode: move.currencyCode,
    legs: [
      { kind: route.from, userId: move.userId, amount: -move.amount },
      { kind: route.to, amount: move.amount },
    ],
  });
}
