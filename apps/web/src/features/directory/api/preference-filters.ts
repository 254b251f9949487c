import { getClientPreferences } from '@therapy/contracts/endpoints/client-profile';
import type { ClientPreferences } from '@therapy/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api-client';
import { languagesQuery, referenceListQuery } from '@/lib/regions';
import type { FilterKey } from './directory-api';

/** Which preference list fills which filter (spec §3 client preference lists; the directory filters by code). */
const MAPPING = [
  ['therapy', 'therapy-category', 'therapy'],
  ['modality', 'modality', 'modality'],
  ['specialities', 'speciality', 'speciality'],
  ['gender', 'gender', 'gender'],
  ['religion', 'religion', 'religion'],
] as const;

/**
 * The filters a client's saved preferences fill in: each list where exactly one item is preferred. With several, any
 * of them suits the client, and the filter's "Any" says that better than one of them would.
 */
export function preferenceFilters(
  prefs: ClientPreferences,
  lists: ReadonlyArray<ReadonlyArray<{ identifier: string; code: string }> | undefined>,
  languages: ReadonlyArray<{ identifier: string; code: string }> | undefined,
): Partial<Record<FilterKey, string>> {
  const filters: Partial<Record<FilterKey, string>> = {};
  const language =
    prefs.language.length === 1 ? languages?.find((l) => l.identifier === prefs.language[0])?.code : undefined;
  if (language) filters.language = language;
  MAPPING.forEach(([pref, , filter], i) => {
    const ids = prefs[pref];
    const code = ids.length === 1 ? lists[i]?.find((item) => item.identifier === ids[0])?.code : undefined;
    if (code) filters[filter] = code;
  });
  return filters;
}

const PREFILLED = 'therapy.directory-prefilled';
const alreadyPrefilled = () => {
  try {
    return sessionStorage.getItem(PREFILLED) === '1';
  } catch {
    return true;
  }
};

/**
 * Once per browser session, a signed-in client arriving at a state's directory without filters gets their saved
 * preferences as filters (`apply`, only when there are any); clearing the filters afterwards keeps them cleared.
 */
export function usePreferencePrefill(
  enabled: boolean,
  apply: (filters: Partial<Record<FilterKey, string>>) => void,
): void {
  // Read on every render: the session may become known after the page first renders (a reload signs in again).
  const pending = enabled && !alreadyPrefilled();
  const prefs = useQuery({
    queryKey: ['client', 'preferences'],
    queryFn: async ({ signal }) => (await call(getClientPreferences, { signal })).data,
    enabled: pending,
    meta: { silent: true },
  });
  // One query per list, written out (useQueries would add its observer to every page's JavaScript: the shared vendor chunk).
  const lists = [
    useQuery({ ...referenceListQuery(MAPPING[0][1]), enabled: pending }),
    useQuery({ ...referenceListQuery(MAPPING[1][1]), enabled: pending }),
    useQuery({ ...referenceListQuery(MAPPING[2][1]), enabled: pending }),
    useQuery({ ...referenceListQuery(MAPPING[3][1]), enabled: pending }),
    useQuery({ ...referenceListQuery(MAPPING[4][1]), enabled: pending }),
  ];
  const languageList = useQuery({ ...languagesQuery(), enabled: pending });
  const [therapies, modalities, specialities, genders, religions] = lists.map((l) => l.data);
  const allLanguages = languageList.data;
  const listsReady = lists.every((l) => l.isSuccess) && languageList.isSuccess;
  useEffect(() => {
    if (!pending || alreadyPrefilled() || !(prefs.isSuccess || prefs.isError) || (prefs.isSuccess && !listsReady))
      return;
    try {
      sessionStorage.setItem(PREFILLED, '1');
    } catch {
      // Without storage it fills in on every visit; still correct.
    }
    if (!prefs.data) return;
    const filters = preferenceFilters(
      prefs.data,
      [therapies, modalities, specialities, genders, religions],
      allLanguages,
    );
    if (Object.keys(filters).length === 0) return;
    apply(filters);
  }, [
    pending,
    prefs.isSuccess,
    prefs.isError,
    prefs.data,
    listsReady,
    therapies,
    modalities,
    specialities,
    genders,
    religions,
    allLanguages,
    apply,
  ]);
}
