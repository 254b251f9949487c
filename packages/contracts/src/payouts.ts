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
