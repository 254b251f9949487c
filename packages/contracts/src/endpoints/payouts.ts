import { z } from 'zod';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { createPayoutBatchInput, duePayout, duePayoutsQuery, payoutBatch, payoutItem } from '../payouts.ts';
import { payoutBatchHistory, payoutBatchHistoryQuery, payoutOverviewEntry } from '../payouts.ts';

/** Operator payout batches (decisions 0022, 0051): GBP, EUR and USD earnings paid by a bank file. Operators only. */
const tags = ['payouts'] as const;
const batchParams = z.strictObject({ id: z.uuid() });

export const listDuePayouts = defineEndpoint({
  method: 'GET',
  path: '/operator/payouts/due',
  operationId: 'listDuePayouts',
  summary: 'Providers whose earnings in a batch currency are due for payout',
  tags,
  role: 'operator',
  query: duePayoutsQuery,
  responses: { 200: envelope(z.array(duePayout)), 400: errorBody },
});

export const createPayoutBatch = defineEndpoint({
  method: 'POST',
  path: '/operator/payout-batches',
  operationId: 'createPayoutBatch',
  summary: 'Start a payout batch: each due provider earnings move to clearing',
  tags,
  role: 'operator',
  body: createPayoutBatchInput,
  responses: { 201: envelope(payoutBatch), 400: errorBody },
});

export const getPayoutBatchFile = defineEndpoint({
  method: 'GET',
  path: '/operator/payout-batches/:id/file',
  operationId: 'getPayoutBatchFile',
  summary: 'The bank file of a batch: SEPA pain.001 XML for EUR, CSV for GBP, a NACHA ACH file for USD',
  tags,
  role: 'operator',
  params: batchParams,
  responses: {
    200: {
      description: 'The bank file',
      content: {
        'application/xml': { schema: z.string() },
        'text/csv': { schema: z.string() },
        'text/plain': { schema: z.string() },
      },
    },
    400: errorBody,
    404: errorBody,
  },
});

export const markPayoutBatchPaid = defineEndpoint({
  method: 'POST',
  path: '/operator/payout-batches/:id/paid',
  operationId: 'markPayoutBatchPaid',
  summary: 'Mark the started items of a batch paid (repeating it changes nothing)',
  tags,
  role: 'operator',
  params: batchParams,
  responses: { 200: envelope(payoutBatch), 400: errorBody, 404: errorBody },
});

export const markPayoutReturned = defineEndpoint({
  method: 'POST',
  path: '/operator/payouts/:id/returned',
  operationId: 'markPayoutReturned',
  summary: 'Mark a batch item returned by the bank: its money goes back to the earnings',
  tags,
  role: 'operator',
  params: batchParams,
  responses: { 200: envelope(payoutItem), 400: errorBody, 404: errorBody, 409: errorBody },
});

/** The sandbox's transfer desk (outside production): settles a sandbox payout and delivers its signed webhook. */
export const settleSandboxPayout = defineEndpoint({
  method: 'POST',
  path: '/payment/sandbox/payouts/:reference/:outcome',
  operationId: 'settleSandboxPayout',
  summary: 'Make a sandbox transfer succeed, fail or (after success) reverse, and deliver its transfer.* webhook',
  tags: ['payment-sandbox'],
  role: 'public',
  params: z.strictObject({ reference: z.string().min(1).max(100), outcome: z.enum(['success', 'failed', 'reversed']) }),
  responses: {
    200: envelope(z.object({ reference: z.string(), status: z.string() })),
    400: errorBody,
    404: errorBody,
    409: errorBody,
  },
});

/** The operator's payouts page (issue 46): what is due per currency and route, and the batches made so far. */
export const getPayoutOverview = defineEndpoint({
  method: 'GET',
  path: '/operator/payouts/overview',
  operationId: 'getPayoutOverview',
  summary: 'Per currency: how its earnings are paid out (bank file or the weekly gateway run), providers due and total',
  tags,
  role: 'operator',
  responses: { 200: envelope(z.array(payoutOverviewEntry)) },
});

export const listPayoutBatches = defineEndpoint({
  method: 'GET',
  path: '/operator/payout-batches',
  operationId: 'listPayoutBatches',
  summary: 'The payout batches, newest first, with their items (20 a page)',
  tags,
  role: 'operator',
  query: payoutBatchHistoryQuery,
  responses: { 200: envelope(payoutBatchHistory), 400: errorBody },
});
