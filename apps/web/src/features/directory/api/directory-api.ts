import type { DirectoryQuery } from '@therapy/contracts/directory';
import { searchTherapists } from '@therapy/contracts/endpoints/directory';
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
  for (const key of [...filterKeys, 'page'] as const) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query as DirectoryQuery;
}
