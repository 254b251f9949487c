import type { Country } from '@therapy/contracts/regions';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** GET /region/country: operating countries by default, every country with `all`. Used by sign-up and location. */
export const countriesQuery = (options: { all?: boolean } = {}) =>
  queryOptions({
    queryKey: ['region', 'countries', { all: options.all ?? false }],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Country[]>('/region/country', { signal, query: { all: options.all ? 'true' : undefined } })).data,
    staleTime: 60 * 60_000,
  });
