import type { pageMeta } from '@therapy/contracts/common';
import type { CurrencyCode, TransactionType, WalletTransaction } from '@therapy/contracts/wallet';
import { PAYMENT_POLL_MS } from '@therapy/contracts/constants';
import {
  generateBankAccount,
  getBankAccount,
  getPaymentStatus,
  getTopupOptions,
  getWalletBalance,
  getProviderEarnings,
  listWalletBalances,
  listWalletPayouts,
  getWalletStats,
  getWalletTransaction,
  listWalletTransactions,
  startTopup,
} from '@therapy/contracts/endpoints/wallet';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

export interface TransactionFilters {
  page: number;
  /** "YYYY-MM-DD" or undefined. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  transactionType?: TransactionType | undefined;
  /** The wallet of this currency (each currency is its own wallet); the user's own when left out. */
  currency?: CurrencyCode | undefined;
}

export const TRANSACTIONS_PAGE_SIZE = 10;

export type PagedMeta = z.infer<typeof pageMeta>;

export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  balanceIn: (currency: string) => ['wallet', 'balance', currency] as const,
  /** Under `balance`, so whatever refreshes a balance refreshes the list of wallets too. */
  balances: ['wallet', 'balance', 'every'] as const,
  stats: ['wallet', 'stats'] as const,
  statsIn: (currency: string) => ['wallet', 'stats', currency] as const,
  earnings: ['wallet', 'earnings'] as const,
  payouts: (page: number) => ['wallet', 'payouts', page] as const,
  transactions: ['wallet', 'transactions'] as const,
  transactionList: (filters: TransactionFilters) => ['wallet', 'transactions', 'list', filters] as const,
  transaction: (id: string) => ['wallet', 'transactions', 'one', id] as const,
  bankAccount: ['wallet', 'bank-account'] as const,
  topupOptions: ['wallet', 'topup-options'] as const,
  topupOptionsIn: (currency: string) => ['wallet', 'topup-options', currency] as const,
  payment: (id: string) => ['payment', 'status', id] as const,
};

/** GET /wallet/balance. Silent: the balance card and the top-up modal show "Failed to load" themselves (spec §2). */
export const balanceQuery = (currency?: CurrencyCode) =>
  queryOptions({
    queryKey: currency ? walletKeys.balanceIn(currency) : walletKeys.balance,
    queryFn: async ({ signal }) =>
      (await call(getWalletBalance, { signal, ...(currency ? { query: { currency } } : {}) })).data,
    meta: { silent: true },
  });

/** GET /wallet/balances: every wallet the user holds, the own currency first. */
export const balancesQuery = () =>
  queryOptions({
    queryKey: walletKeys.balances,
    queryFn: async ({ signal }) => (await call(listWalletBalances, { signal })).data,
    meta: { silent: true },
  });

/** GET /provider/earnings: the provider's money per currency, their sessions' lines, payouts and the next payout. */
export const earningsQuery = () =>
  queryOptions({
    queryKey: walletKeys.earnings,
    queryFn: async ({ signal }) => (await call(getProviderEarnings, { signal })).data,
    meta: { silent: true },
  });

/** GET /wallet/payouts: the provider's payouts to their bank, newest first. */
export const payoutsQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.payouts(page),
    queryFn: async ({ signal }) => call(listWalletPayouts, { signal, query: { page, pageSize: 5 } }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** GET /wallet/stats: money in and out, all time and this month, of a currency's wallet (the own without one). */
export const statsQuery = (currency?: CurrencyCode) =>
  queryOptions({
    queryKey: currency ? walletKeys.statsIn(currency) : walletKeys.stats,
    queryFn: async ({ signal }) =>
      (await call(getWalletStats, { signal, ...(currency ? { query: { currency } } : {}) })).data,
    meta: { silent: true },
  });

export interface TransactionPage {
  data: WalletTransaction[];
  meta: PagedMeta;
}

/** GET /wallet/transactions?page=&pageSize=&fromDate=&toDate=&transactionType=&currency=; the previous page stays while the next loads. */
export const transactionsQuery = (filters: TransactionFilters) =>
  queryOptions({
    queryKey: walletKeys.transactionList(filters),
    queryFn: async ({ signal }) => {
      const response = await call(listWalletTransactions, {
        query: {
          page: filters.page,
          pageSize: TRANSACTIONS_PAGE_SIZE,
          fromDate: filters.fromDate,
          toDate: filters.toDate,
          transactionType: filters.transactionType,
          currency: filters.currency,
        },
        signal,
      });
      // A body without `meta` (an older server) still shows its rows as one page.
      const meta = (response.meta as PagedMeta | undefined) ?? {
        page: filters.page,
        pageSize: TRANSACTIONS_PAGE_SIZE,
        total: response.data.length,
        totalPages: 1,
      };
      return { data: response.data, meta } satisfies TransactionPage;
    },
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** GET /wallet/transactions/{id}: someone else's id answers 404, which the page shows as "not found". */
export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: walletKeys.transaction(id),
    queryFn: async ({ signal }) => (await call(getWalletTransaction, { signal, params: { id } })).data,
    meta: { silent: true },
  });

/** How often a dedicated account being assigned (status `pending`, it arrives by the gateway's webhook) is asked about. */
export const BANK_ACCOUNT_PENDING_POLL_MS = 3_000;

/**
 * GET /virtual-accounts/account (spec §7): the dedicated account for transfer top-ups, or null with its status and
 * whether one can be generated. While the gateway is assigning it (`pending`) it is asked for again every few seconds.
 */
export const bankAccountQuery = () =>
  queryOptions({
    queryKey: walletKeys.bankAccount,
    queryFn: async ({ signal }) => (await call(getBankAccount, { signal })).data,
    staleTime: 5 * 60_000,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? BANK_ACCOUNT_PENDING_POLL_MS : false),
    meta: { silent: true },
  });

/** GET /payment/options: the gateway a card top-up goes to (the button names it) and whether bank transfers are offered. */
export const topupOptionsQuery = (currency?: CurrencyCode) =>
  queryOptions({
    queryKey: currency ? walletKeys.topupOptionsIn(currency) : walletKeys.topupOptions,
    queryFn: async ({ signal }) =>
      (await call(getTopupOptions, { signal, ...(currency ? { query: { currency } } : {}) })).data,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** POST /virtual-accounts/generate (spec §7): requests the dedicated account (spec §4: automatic when the profile has both names). */
export function useRequestBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(generateBankAccount)).data,
    onSuccess: (data) => queryClient.setQueryData(walletKeys.bankAccount, data),
    meta: { silent: true },
  });
}

/**
 * POST /payment/wallet with the amount in minor units. The Idempotency-Key belongs to one attempt: a repeated click
 * or a retry after a lost answer gets the same payment back instead of a second one.
 */
export function useStartCardTopup() {
  return useMutation({
    mutationFn: async ({
      amount,
      currencyCode,
      returnTo,
      idempotencyKey,
    }: {
      amount: number;
      currencyCode?: CurrencyCode | undefined;
      returnTo?: string | undefined;
      idempotencyKey: string;
    }) =>
      (
        await call(startTopup, {
          body: { amount, ...(currencyCode ? { currencyCode } : {}), ...(returnTo ? { returnTo } : {}) },
          idempotencyKey,
        })
      ).data,
  });
}

/** A client error (the payment does not exist or is not the user's) will not change by asking again. */
export const isFinalError = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/** GET /payment/status/{paymentId}, polled every 5 s while pending (spec §4, §9). */
export const paymentStatusQuery = (paymentId: string) =>
  queryOptions({
    queryKey: walletKeys.payment(paymentId),
    queryFn: async ({ signal }) => (await call(getPaymentStatus, { signal, params: { paymentId } })).data,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && status !== 'pending') return false;
      if (isFinalError(query.state.error)) return false;
      return PAYMENT_POLL_MS;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });

/** After money moved: the balance, the stats and every transaction page are out of date. */
export function invalidateWallet(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
    queryClient.invalidateQueries({ queryKey: walletKeys.stats }),
    queryClient.invalidateQueries({ queryKey: walletKeys.transactions }),
  ]);
}
