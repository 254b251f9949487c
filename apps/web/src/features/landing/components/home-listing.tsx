import { searchTherapists } from '@therapy/contracts/endpoints/directory';
import { listStatesByCountryCode } from '@therapy/contracts/endpoints/regions';
import { useQuery } from '@tanstack/react-query';
import { Star, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { call } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { readLocal, writeLocal } from '@/lib/storage';
import { providerDisplayName } from '@therapy/contracts/names';

const LAST_STATE = 'homeListingState';
const SHOWN = 6;

/**
 * The home page's therapist listing (spec §6 flag `therapist_listing_on_homepage`, issue 16): the best-rated verified
 * therapists of a US state, picked here (the state list is fetched only when the flag is on, since only this asks for
 * it) and remembered on the device; "See all" opens the directory with that state.
 */
export function HomeListing() {
  const { t, i18n } = useTranslation('home-listing');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const [state, setState] = useState(() => readLocal(LAST_STATE) ?? '');
  const selectId = useId();
  const states = useQuery({
    queryKey: ['region', 'states', 'code', 'US'],
    queryFn: async ({ signal }) => (await call(listStatesByCountryCode, { signal, params: { code: 'US' } })).data,
    staleTime: 60 * 60_000,
  });
  const results = useQuery({
    queryKey: ['directory', { state, sort: 'rating', pageSize: SHOWN }],
    queryFn: async ({ signal }) =>
      call(searchTherapists, { signal, query: { state, sort: 'rating', pageSize: SHOWN } }),
    enabled: state !== '',
    meta: { silent: true },
  });
  const number = (n: number) => n.toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 1 });

  return (
    <section aria-labelledby="listing-title" className="mx-auto max-w-6xl px-4 pb-14 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="listing-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('title')}
        </h2>
        <div className="w-full sm:w-64">
          <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-900">
            {t('state')}
          </label>
          <Select
            id={selectId}
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              writeLocal(LAST_STATE, e.target.value);
            }}
          >
            <option value="">{t('choose')}</option>
            {(states.data ?? []).map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="mt-6" aria-live="polite" aria-busy={results.isFetching}>
        {!state ? (
          <p className="text-slate-700">{t('pick')}</p>
        ) : results.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={() => void results.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('failed')}
          </Alert>
        ) : results.isPending ? (
          <p role="status" className="text-slate-700">
            {t('loading')}
          </p>
        ) : results.data.data.length === 0 ? (
          <p className="text-slate-700">{t('none')}</p>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {results.data.data.map((e) => {
                const name = providerDisplayName(e);
                return (
                  <li
                    key={e.identifier}
                    className="relative flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-300"
                  >
                    {e.photoUrl ? (
                      <img
                        src={e.photoUrl}
                        alt=""
                        width={56}
                        height={56}
                        loading="lazy"
                        className="size-14 shrink-0 rounded-full object-cover"
                      />
                    ) : (
                      <span
                        aria-hidden
                        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
                      >
                        <UserRound className="size-7" />
                      </span>
                    )}
                    <div className="min-w-0">
                      <h3 className="font-semibold text-slate-900">
                        <Link
                          to={`/therapists/${e.identifier}/`}
                          className="after:absolute after:inset-0 focus:outline-none"
                        >
                          {name || t('unnamed')}
                        </Link>
                      </h3>
                      {e.headline && <p className="text-sm text-slate-700">{e.headline}</p>}
                      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-slate-800">
                        <span className="inline-flex items-center gap-1">
                          <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
                          {e.rating.average === null
                            ? t('noReviews')
                            : t('rating', { value: number(e.rating.average), count: e.rating.count })}
                        </span>
                        {e.fee && (
                          <span>
                            {/* The lowest price a client can book, as the directory's card says it (issue 48). */}
                            {e.fee.isFree && !e.fee.varies
                              ? t('free')
                              : t('from', { amount: formatMoney(e.fee.amount, e.fee.currencyCode, locale) })}
                          </span>
                        )}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
            <Link
              to={`/therapists?state=${state}`}
              className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}
            >
              {t('all')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
