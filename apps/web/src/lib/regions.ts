import {
  getReferenceList,
  getSuggestedTimezones,
  listCountries,
  listLanguages,
  listStatesByCountryCode,
  listStatesByCountryId,
} from '@therapy/contracts/endpoints/regions';
import type { ReferenceList } from '@therapy/contracts/reference';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';

/** GET /region/country: operating countries by default, every country with `all`. Used by sign-up and location. */
export const countriesQuery = (options: { all?: boolean } = {}) =>
  queryOptions({
    queryKey: ['region', 'countries', { all: options.all ?? false }],
    queryFn: async ({ signal }) =>
      (await call(listCountries, { signal, query: { all: options.all ? 'true' : undefined } })).data,
    staleTime: 60 * 60_000,
  });

/** GET /region/country/:id/states: the states of one country (empty for countries without states). */
export const statesQuery = (countryIdentifier: string) =>
  queryOptions({
    queryKey: ['region', 'states', countryIdentifier],
    queryFn: async ({ signal }) =>
      (await call(listStatesByCountryId, { signal, params: { id: countryIdentifier } })).data,
    staleTime: 60 * 60_000,
  });

/** The states of the United States (licence states, a licence's state). */
export const usStatesQuery = () =>
  queryOptions({
    queryKey: ['region', 'states', 'code', 'US'],
    queryFn: async ({ signal }) => (await call(listStatesByCountryCode, { signal, params: { code: 'US' } })).data,
    staleTime: 60 * 60_000,
  });

/** GET /region/languages: every language a client may prefer. */
export const languagesQuery = () =>
  queryOptions({
    queryKey: ['region', 'languages'],
    queryFn: async ({ signal }) => (await call(listLanguages, { signal })).data,
    staleTime: 60 * 60_000,
  });

/** GET /region/user-timezone: the zone suggested for the user's country and that country's zones. */
export const userTimezoneQuery = () =>
  queryOptions({
    queryKey: ['region', 'user-timezone'],
    queryFn: async ({ signal }) => (await call(getSuggestedTimezones, { signal })).data,
    staleTime: 60 * 60_000,
  });

/** GET /reference/:list: a pick list (therapy categories, modalities, religions, ...). */
export const referenceListQuery = (list: ReferenceList) =>
  queryOptions({
    queryKey: ['reference', list],
    queryFn: async ({ signal }) => (await call(getReferenceList, { signal, params: { list } })).data,
    staleTime: 60 * 60_000,
  });

const languageNamesCache = new Map<string, Intl.DisplayNames | null>();

/** A language's name in the page's language from the browser's CLDR data; the API's English name otherwise. */
export function languageName(code: string, locale: string, fallback?: string): string {
  if (!languageNamesCache.has(locale)) {
    try {
      languageNamesCache.set(locale, new Intl.DisplayNames([locale], { type: 'language' }));
    } catch {
      languageNamesCache.set(locale, null);
    }
  }
  try {
    return languageNamesCache.get(locale)?.of(code) ?? fallback ?? code;
  } catch {
    return fallback ?? code;
  }
}
