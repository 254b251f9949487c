import type { DirectoryQuery } from '@therapy/contracts/directory';
import { searchTherapists } from '@therapy/contracts/endpoints/directory';
import { getWalletBalance } from '@therapy/contracts/endpoints/wallet';
import { supportedCurrencies, type CurrencyCode } from '@therapy/contracts/wallet';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /therapists: one page of the directory for the filters in the URL (kept while the next page loads). */
export const directoryQuery = (query: DirectoryQuery) =>
  queryOptions({
    queryKey: ['directory', query],
    queryFn: async ({ signal }) => call(searchTherapists, { signal, query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { silent: true },
  });

/**
 * Issue 48: a signed-in user's own wallet currency (GET /wallet/balance without `currency`), in which the directory
 * filters, sorts and converts prices (decision 0059).
 */
export const ownCurrencyQuery = () =>
  queryOptions({
    queryKey: ['directory', 'own-currency'],
    queryFn: async ({ signal }): Promise<CurrencyCode | null> => {
      const { currency } = (await call(getWalletBalance, { signal })).data;
      return supportedCurrencies.find((c) => c === currency) ?? null;
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** GET /region/country/code/US/states: the states the picker offers (one query for every feature that lists them). */
export { usStatesQuery } from '@/lib/regions';

/** The filters a directory URL carries, read from its search parameters (unknown ones are left to the server). */
export const filterKeys = [
  'q',
  'available',
  'therapy',
  'modality',
  'speciality',
  'language',
  'gender',
  'religion',
  'ethnicity',
  'priceMin',
  'priceMax',
  'sort',
] as const;
export type FilterKey = (typeof filterKeys)[number];

export function queryFromParams(params: URLSearchParams): DirectoryQuery {
  const query: Record<string, string> = { state: params.get('state') ?? '' };
  // `currency`: the visitor's choice in the URL (a signed-in user's own currency wins, directory-route.tsx).
  for (const key of [...filterKeys, 'page', 'currency'] as const) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query as DirectoryQuery;
}
