import {
  createPayoutBatch,
  getPayoutBatchFile,
  getPayoutOverview,
  listPayoutBatches,
  markPayoutBatchPaid,
  markPayoutReturned,
} from '@therapy/contracts/endpoints/payouts';
import { endpointPath } from '@therapy/contracts/endpoint';
import { batchCurrencies } from '@therapy/contracts/payouts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { fetchPrivateFile, saveBlob } from '@/lib/private-file';

export type BatchCurrency = (typeof batchCurrencies)[number];
export const isBatchCurrency = (code: string): code is BatchCurrency =>
  (batchCurrencies as readonly string[]).includes(code);

export const payoutKeys = {
  all: ['operator', 'payouts'] as const,
  overview: ['operator', 'payouts', 'overview'] as const,
  history: (page: number) => ['operator', 'payouts', 'history', page] as const,
};

/** GET /operator/payouts/overview: per currency, its route (bank file or weekly run), providers due and total. */
export const payoutOverviewQuery = () =>
  queryOptions({
    queryKey: payoutKeys.overview,
    queryFn: async ({ signal }) => (await call(getPayoutOverview, { signal })).data,
    meta: { silent: true },
  });

/** GET /operator/payout-batches: the batches, newest first, 20 a page. */
export const payoutHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: payoutKeys.history(page),
    queryFn: async ({ signal }) => (await call(listPayoutBatches, { query: { page }, signal })).data,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/**
 * Every change on the page changes both what is due and the history: both are read again, on a refusal too (another
 * operator may have made the batch or marked it first). Errors are shown in the confirmation itself (silent).
 */
function usePayoutChange<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

export const useCreateBatch = () =>
  usePayoutChange(async (currency: BatchCurrency) => (await call(createPayoutBatch, { body: { currency } })).data);

export const useMarkBatchSent = () =>
  usePayoutChange(async (id: string) => (await call(markPayoutBatchPaid, { params: { id } })).data);

export const useMarkPayoutReturned = () =>
  usePayoutChange(async (id: string) => (await call(markPayoutReturned, { params: { id } })).data);

/**
 * GET /operator/payout-batches/{id}/file with the bearer header (lib/private-file.ts), saved under the name the bank
 * portal expects by its type: pain.001 XML for EUR, CSV for the others.
 */
export function useDownloadBatchFile() {
  return useMutation({
    mutationFn: async (id: string) => {
      // An operator has no client/provider view; the header only says which one, and the server ignores it here.
      const blob = await fetchPrivateFile(endpointPath(getPayoutBatchFile.path, { id }), 'client');
      saveBlob(blob, `payouts-${id}.${blob.type.includes('xml') ? 'xml' : 'csv'}`);
    },
    meta: { silent: true },
  });
}
