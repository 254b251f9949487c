import { z } from 'zod';
import { m } from './messages/index.ts';

/**
 * Operator payout batches (decision 0022): currencies paid by a bank file instead of the gateway (GBP by CSV, EUR by
 * SEPA pain.001, USD by a NACHA ACH file; decision 0051).
 */
export const batchCurrencies = ['GBP', 'EUR', 'USD'] as const;
export type BatchCurrency = (typeof batchCurrencies)[number];
export const batchCurrency = z.enum(batchCurrencies, { error: m.batchCurrencyUnsupported });

export const duePayoutsQuery = z.strictObject({ currency: batchCurrency });
export const createPayoutBatchInput = z.strictObject({ currency: batchCurrency });

export const duePayout = z.object({
  providerId: z.uuid(),
  accountName: z.string(),
  amount: z.number().int(),
  currencyCode: z.string(),
});
export type DuePayout = z.infer<typeof duePayout>;

export const payoutItem = z.object({
  identifier: z.uuid(),
  reference: z.string(),
  providerId: z.uuid(),
  accountName: z.string(),
  amount: z.number().int(),
  currencyCode: z.string(),
  status: z.enum(['started', 'paid', 'failed', 'returned']),
});
export type PayoutItem = z.infer<typeof payoutItem>;

export const payoutBatch = z.object({
  identifier: z.uuid(),
  currencyCode: z.string(),
  itemCount: z.number().int(),
  total: z.number().int(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(payoutItem),
});
export type PayoutBatch = z.infer<typeof payoutBatch>;

/**
 * The operator's payouts page (issue 46): per currency, how its earnings leave. `bank-file` currencies (every entry of
 * `batchCurrencies`) wait for an operator's batch; `gateway` currencies are paid by the weekly run, nothing to do here.
 */
export const payoutRoutes = ['bank-file', 'gateway'] as const;
export type PayoutRoute = (typeof payoutRoutes)[number];
export const payoutOverviewEntry = z.object({
  currencyCode: z.string(),
  route: z.enum(payoutRoutes),
  /** Providers with earnings to pay: for a bank file, every positive balance with a bank account; for the gateway,
   * what the weekly run would send (at least its minimum). */
  providers: z.number().int(),
  total: z.number().int(),
  /** Providers with earnings in the currency but no bank account for it: no route can pay them yet. */
  withoutBankDetails: z.number().int(),
});
export type PayoutOverviewEntry = z.infer<typeof payoutOverviewEntry>;

export const payoutBatchHistoryQuery = z.strictObject({
  page: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(10_000, m.pageInvalid)
    .default(1),
});
export type PayoutBatchHistoryQuery = z.input<typeof payoutBatchHistoryQuery>;
export const PAYOUT_BATCH_PAGE_SIZE = 20;

/** A batch item as the history shows it: the provider's own name beside the account holder's. */
export const payoutHistoryItem = payoutItem.extend({ providerName: z.string().nullable() });
export type PayoutHistoryItem = z.infer<typeof payoutHistoryItem>;
export const payoutHistoryBatch = payoutBatch.extend({ items: z.array(payoutHistoryItem) });
export type PayoutHistoryBatch = z.infer<typeof payoutHistoryBatch>;
export const payoutBatchHistory = z.object({
  items: z.array(payoutHistoryBatch),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PayoutBatchHistory = z.infer<typeof payoutBatchHistory>;
