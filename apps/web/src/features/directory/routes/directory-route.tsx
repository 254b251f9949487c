import { useQuery } from '@tanstack/react-query';
import { localize } from '@therapy/contracts/messages';
import { MapPin, SearchX, SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth-store';
import { currentLocale } from '@/lib/i18n';
import { useModalStore } from '@/lib/modal-store';
import { rememberDirectoryState } from '@/lib/viewer-state';
import { referenceName } from '@/lib/reference-names-de';
import { languageName, languagesQuery, referenceListQuery } from '@/lib/regions';
import { formatMoney } from '@/lib/format';
import { compareIn } from '@/lib/collate';
import {
  directoryQuery,
  filterKeys,
  ownCurrencyQuery,
  queryFromParams,
  usStatesQuery,
  type FilterKey,
} from '../api/directory-api';
import { usePreferencePrefill } from '../api/preference-filters';
import { TherapistCard } from '../components/therapist-card';

/**
 * Find a therapist (issue 16): the verified therapists licensed in the chosen US state, with the filters, the search
 * and the sort in the URL (`/therapists?state=CA&therapy=couples&sort=price`), so a search can be shared and the
 * back button works. Without a state it asks for one first (spec §2 "US state picker").
 */
export function DirectoryRoute() {
  const { t } = useTranslation('directory');
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const openModal = useModalStore((s) => s.open);
  const state = params.get('state') ?? '';
  // Issue 48: prices are filtered, sorted and converted in the visitor's currency: a signed-in user's own, else the
  // one in the URL, else the state's country's (the API's default, which it names in `meta.currency`).
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  const own = useQuery({ ...ownCurrencyQuery(), enabled: signedIn });
  const fromUrl = queryFromParams(params);
  const query = own.data ? { ...fromUrl, currency: own.data } : fromUrl;
  const results = useQuery({ ...directoryQuery(query), enabled: state !== '' && !(signedIn && own.isLoading) });
  const currency = results.data?.meta.currency ?? query.currency ?? 'USD';
  const states = useQuery(usStatesQuery());
  const stateName = states.data?.find((s) => s.code === state.toUpperCase())?.name ?? state;
  const page = Number(params.get('page') ?? '1') || 1;
  const headingId = useId();
  const filtersId = useId();
  // On a phone the filters fold away above the results; from lg they stand beside them.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = filterKeys.filter((k) => k !== 'sort' && params.get(k)).length;

  const setFilter = (key: FilterKey | 'page', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      // Issue 48: every change is a step of its own, so Back returns to the filters before it.
    );
  // A client's saved preferences fill in the filters when they arrive without any (once per browser session).
  const isClient = useAuthStore((s) => s.status === 'authenticated' && s.user?.userType === 'client');
  const onlyState = state !== '' && [...params.keys()].every((k) => k === 'state');
  const applyPreferences = useCallback(
    (filters: Partial<Record<FilterKey, string>>) =>
      setParams(
        (prev) => {
          // Only while the visitor has not chosen anything meanwhile.
          if (![...prev.keys()].every((k) => k === 'state')) return prev;
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(filters)) next.set(key, value);
          return next;
        },
        // The page says so until the visitor changes a filter (which navigates without this state).
        { replace: true, state: { prefilled: true } },
      ),
    [setParams],
  );
  usePreferencePrefill(isClient && onlyState, applyPreferences);
  const prefilled = (useLocation().state as { prefilled?: boolean } | null)?.prefilled === true;
  const pickState = () => openModal('state-picker', { initialState: state || undefined }, { size: 'md' });
  // The chosen state is remembered: the picker starts on it next time, a therapist's page checks the licence (issue 48).
  useEffect(() => {
    if (state) rememberDirectoryState(state);
  }, [state]);
  // Arriving without a state (from "Find a therapist"): the picker opens at once; the page explains it if closed.
  useEffect(() => {
    if (!state) openModal('state-picker', {}, { size: 'md' });
  }, [state, openModal]);

  if (!state) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
        <MapPin aria-hidden className="mx-auto size-10 text-brand-700" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('noState.title')}</h1>
        <p className="mt-2 text-slate-700">{t('noState.body')}</p>
        <Button className="mt-6" onClick={pickState}>
          {t('noState.pick')}
        </Button>
      </div>
    );
  }

  const meta = results.data?.meta;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('title', { state: stateName })}
          </h1>
          <p className="mt-1 text-slate-700" role="status">
            {results.isSuccess && meta ? t('count', { count: meta.total }) : results.isPending ? t('loading') : ''}
          </p>
        </div>
        <Button variant="secondary" onClick={pickState}>
          <MapPin aria-hidden className="size-4" />
          {t('changeState')}
        </Button>
      </div>

      <Button
        variant="secondary"
        className="mt-4 lg:hidden"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((o) => !o)}
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        {active > 0 ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </Button>
      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Filters
          id={filtersId}
          open={filtersOpen}
          key={params.get('q') ?? ''}
          params={params}
          setFilter={setFilter}
          onClear={() => setParams(new URLSearchParams({ state }))}
          locale={locale}
          currency={currency}
        />
        <section aria-labelledby={headingId} aria-busy={results.isFetching}>
          {prefilled && active > 0 && (
            <Alert tone="info" className="mb-4">
              {t('prefilled')}
            </Alert>
          )}
          {results.isError ? (
            <Alert
              tone="error"
              action={
                <Button size="sm" variant="secondary" onClick={() => void results.refetch()}>
                  {t('retry')}
                </Button>
              }
            >
              {localize(errorMessage(results.error), locale)}
            </Alert>
          ) : results.isPending ? (
            <ul className="flex flex-col gap-3" aria-hidden>
              {[0, 1, 2].map((i) => (
                <li key={i} className="h-28 animate-pulse rounded-xl bg-slate-100" />
              ))}
            </ul>
          ) : results.data.data.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <SearchX aria-hidden className="mx-auto size-8 text-slate-500" />
              <p className="mt-2 font-medium text-slate-900">{t('empty.title')}</p>
              <p className="mt-1 text-sm text-slate-700">{t('empty.body')}</p>
            </div>
          ) : (
            <>
              <ul className="flex flex-col gap-3">
                {results.data.data.map((entry, i) => (
                  <TherapistCard key={entry.identifier} entry={entry} locale={locale} eager={i < EAGER_CARDS} />
                ))}
              </ul>
              {meta && meta.totalPages > 1 && (
                <nav aria-label={t('pages')} className="mt-6 flex items-center justify-between gap-3">
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setFilter('page', String(page - 1))}>
                    {t('previous')}
                  </Button>
                  <span className="text-sm text-slate-700">{t('pageOf', { page, pages: meta.totalPages })}</span>
                  <Button
                    variant="secondary"
                    disabled={page >= meta.totalPages}
                    onClick={() => setFilter('page', String(page + 1))}
                  >
                    {t('next')}
                  </Button>
                </nav>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** Cards whose photos load at once: what a phone's first screen shows of the results (the rest load lazily). */
const EAGER_CARDS = 3;

/** Price steps in minor units of the visitor's currency (issue 48: each fee is compared after conversion to it). */
const PRICE_STEPS = [5000, 7500, 10000, 15000, 20000, 30000];

function Filters({
  id,
  open,
  params,
  setFilter,
  onClear,
  locale,
  currency,
}: {
  id: string;
  open: boolean;
  params: URLSearchParams;
  setFilter: (key: FilterKey, value: string) => void;
  onClear: () => void;
  locale: 'en' | 'de';
  /** The currency of the price steps (ISO 4217), in which the server compares every fee. */
  currency: string;
}) {
  const { t } = useTranslation('directory');
  // The box starts from the URL; the parent remounts this panel (key) when the URL's search changes from outside.
  const [q, setQ] = useState(params.get('q') ?? '');
  const ids = {
    q: useId(),
    language: useId(),
    available: useId(),
    therapy: useId(),
    modality: useId(),
    speciality: useId(),
    gender: useId(),
    religion: useId(),
    ethnicity: useId(),
    priceMin: useId(),
    priceMax: useId(),
    sort: useId(),
  };
  const lists = {
    therapy: useQuery(referenceListQuery('therapy-category')),
    modality: useQuery(referenceListQuery('modality')),
    speciality: useQuery(referenceListQuery('speciality')),
    gender: useQuery(referenceListQuery('gender')),
    religion: useQuery(referenceListQuery('religion')),
    ethnicity: useQuery(referenceListQuery('ethnicity')),
  };
  // The short list of common languages (the full ISO list is for clients' own preferences).
  const languages = useQuery({ ...languagesQuery(), select: (all) => all.filter((l) => l.isPrimary) });
  const compareLabels = compareIn(locale);
  // The box ticks at once; the URL, which it mirrors, follows a moment later (and may change it from outside).
  const inUrl = params.get('available') === 'week';
  const [available, setAvailable] = useState(inUrl);
  const [seenInUrl, setSeenInUrl] = useState(inUrl);
  if (seenInUrl !== inUrl) {
    setSeenInUrl(inUrl);
    setAvailable(inUrl);
  }
  const min = Number(params.get('priceMin') ?? '0') || 0;
  const max = Number(params.get('priceMax') ?? '0') || 0;
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilter('q', q.trim());
  };
  const pick = (
    key: keyof typeof lists,
    list: 'therapy-category' | 'modality' | 'speciality' | 'gender' | 'religion' | 'ethnicity',
  ) => (
    <div>
      <label htmlFor={ids[key]} className="mb-1.5 block text-sm font-medium text-slate-900">
        {t(`filters.${key}`)}
      </label>
      <Select id={ids[key]} value={params.get(key) ?? ''} onChange={(e) => setFilter(key, e.target.value)}>
        <option value="">{t('filters.any')}</option>
        {(lists[key].data ?? []).map((item) => (
          <option key={item.code} value={item.code}>
            {referenceName(list, item.code, item.name, locale)}
          </option>
        ))}
      </Select>
    </div>
  );
  return (
    <aside
      id={id}
      aria-label={t('filters.title')}
      className={`${open ? 'flex' : 'hidden'} flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:flex lg:self-start`}
    >
      <form role="search" onSubmit={search}>
        <label htmlFor={ids.q} className="mb-1.5 block text-sm font-medium text-slate-900">
          {t('filters.search')}
        </label>
        <div className="flex gap-2">
          <Input
            id={ids.q}
            type="search"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('filters.searchHint')}
          />
          <Button type="submit" variant="secondary">
            {t('filters.go')}
          </Button>
        </div>
      </form>
      <div className="flex items-center gap-2">
        <input
          id={ids.available}
          type="checkbox"
          className="size-4 rounded border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
          checked={available}
          onChange={(e) => {
            setAvailable(e.target.checked);
            setFilter('available', e.target.checked ? 'week' : '');
          }}
        />
        <label htmlFor={ids.available} className="text-sm font-medium text-slate-900">
          {t('filters.availableWeek')}
        </label>
      </div>
      {pick('therapy', 'therapy-category')}
      {pick('modality', 'modality')}
      {pick('speciality', 'speciality')}
      <div>
        <label htmlFor={ids.language} className="mb-1.5 block text-sm font-medium text-slate-900">
          {t('filters.language')}
        </label>
        <Select
          id={ids.language}
          value={params.get('language') ?? ''}
          onChange={(e) => setFilter('language', e.target.value)}
        >
          <option value="">{t('filters.any')}</option>
          {(languages.data ?? [])
            .map((l) => ({ code: l.code, label: languageName(l.code, locale, l.name) }))
            .sort((a, b) => compareLabels(a.label, b.label))
            .map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
        </Select>
      </div>
      {pick('gender', 'gender')}
      {pick('religion', 'religion')}
      {pick('ethnicity', 'ethnicity')}
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-900">
          {t('filters.priceIn', { currency })}
        </legend>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor={ids.priceMin} className="mb-1 block text-xs text-slate-700">
              {t('filters.minimum')}
            </label>
            <Select
              id={ids.priceMin}
              value={params.get('priceMin') ?? ''}
              onChange={(e) => setFilter('priceMin', e.target.value)}
            >
              <option value="">{t('filters.any')}</option>
              {/* Only what the maximum leaves possible, and the other way round: a range is never empty by choice. */}
              {PRICE_STEPS.filter((v) => !max || v <= max).map((v) => (
                <option key={v} value={String(v)}>
                  {t('filters.from', { amount: formatMoney(v, currency, locale) })}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor={ids.priceMax} className="mb-1 block text-xs text-slate-700">
              {t('filters.maximum')}
            </label>
            <Select
              id={ids.priceMax}
              value={params.get('priceMax') ?? ''}
              onChange={(e) => setFilter('priceMax', e.target.value)}
            >
              <option value="">{t('filters.any')}</option>
              {PRICE_STEPS.filter((v) => v >= min).map((v) => (
                <option key={v} value={String(v)}>
                  {t('filters.upTo', { amount: formatMoney(v, currency, locale) })}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </fieldset>
      <div>
        <label htmlFor={ids.sort} className="mb-1.5 block text-sm font-medium text-slate-900">
          {t('filters.sort')}
        </label>
        <Select
          id={ids.sort}
          value={params.get('sort') ?? 'match'}
          onChange={(e) => setFilter('sort', e.target.value === 'match' ? '' : e.target.value)}
        >
          <option value="match">{t('filters.sortMatch')}</option>
          <option value="rating">{t('filters.sortRating')}</option>
          <option value="price">{t('filters.sortPrice')}</option>
          <option value="soonest">{t('filters.sortSoonest')}</option>
        </Select>
      </div>
      <Button variant="secondary" onClick={onClear}>
        {t('filters.clear')}
      </Button>
    </aside>
  );
}
