/** Pick-list options shared by the client profile and the practice profile (features must not import each other). */
import type { ReferenceList } from '@therapy/contracts/reference';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countryName } from './country';
import { compareIn } from './collate';
import { referenceName } from './reference-names-de';
import {
  countriesQuery,
  languageName,
  languagesQuery,
  referenceListQuery,
  statesQuery,
  userTimezoneQuery,
} from './regions';

export interface Option {
  value: string;
  label: string;
}

export interface OptionsState {
  options: Option[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

const byLabel = (locale: string) => {
  const compare = compareIn(locale);
  return (a: Option, b: Option) => compare(a.label, b.label);
};

/** A reference list as options keyed by identifier (or by code, for gender), sorted in the page's language. */
export function useReferenceOptions(list: ReferenceList, key: 'identifier' | 'code' = 'identifier'): OptionsState {
  const { i18n } = useTranslation();
  const query = useQuery(referenceListQuery(list));
  const locale = i18n.resolvedLanguage ?? 'en';
  const options = (query.data ?? [])
    .map((item) => ({ value: item[key], label: referenceName(list, item.code, item.name, locale) }))
    .sort(byLabel(locale));
  return { options, isPending: query.isPending, isError: query.isError, refetch: () => void query.refetch() };
}

/** Every country, named in the page's language by the browser (Intl.DisplayNames). */
export function useCountryOptions(): OptionsState {
  const { i18n } = useTranslation();
  const query = useQuery(countriesQuery({ all: true }));
  const locale = i18n.resolvedLanguage ?? 'en';
  const options = (query.data ?? [])
    .map((c) => ({ value: c.identifier, label: countryName(c.code, locale, c.name) }))
    .sort(byLabel(locale));
  return { options, isPending: query.isPending, isError: query.isError, refetch: () => void query.refetch() };
}

export function useLanguageOptions(): OptionsState {
  const { i18n } = useTranslation();
  const query = useQuery(languagesQuery());
  const locale = i18n.resolvedLanguage ?? 'en';
  const options = (query.data ?? [])
    .map((l) => ({ value: l.identifier, label: languageName(l.code, locale, l.name) }))
    .sort(byLabel(locale));
  return { options, isPending: query.isPending, isError: query.isError, refetch: () => void query.refetch() };
}

/** The states of the chosen country; none until a country is chosen. */
export function useStateOptions(countryIdentifier: string | null | undefined): OptionsState {
  const { i18n } = useTranslation();
  const query = useQuery({ ...statesQuery(countryIdentifier ?? ''), enabled: !!countryIdentifier });
  const locale = i18n.resolvedLanguage ?? 'en';
  const options = (query.data ?? []).map((s) => ({ value: s.identifier, label: s.name })).sort(byLabel(locale));
  return {
    options,
    isPending: !!countryIdentifier && query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

function allTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Time zones: the ones of the user's country first (GET /region/user-timezone), then every zone. */
export function useTimezoneOptions(current: string | null | undefined): {
  suggested: string[];
  others: string[];
  suggestion: string | null;
  isPending: boolean;
} {
  const query = useQuery({ ...userTimezoneQuery(), meta: { silent: true } });
  const suggested = query.data?.timezones ?? [];
  const seen = new Set(suggested);
  const others = ['UTC', ...allTimeZones()].filter((tz) => !seen.has(tz) && (seen.add(tz), true));
  if (current && !seen.has(current)) others.unshift(current);
  return { suggested, others, suggestion: query.data?.suggested ?? null, isPending: query.isPending };
}
