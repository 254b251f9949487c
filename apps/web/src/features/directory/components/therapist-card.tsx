import type { DirectoryEntry } from '@therapy/contracts/directory';
import { Star, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useIntlReady } from '@/lib/intl-warmup';
import { useHydrated } from '@/lib/use-hydrated';
import { referenceName } from '@/lib/reference-names-de';
import { providerDisplayName } from '@therapy/contracts/names';

/** One therapist in the results: photo, name, headline, therapies, rating and the lowest bookable fee; the whole card links to the page. */
export function TherapistCard({
  entry,
  locale,
  eager = false,
}: {
  entry: DirectoryEntry;
  locale: 'en' | 'de';
  /** The first cards, in the first screen: their photos load at once, the others when scrolled near (issue 49). */
  eager?: boolean;
}) {
  const { t } = useTranslation('directory');
  // "Next free" is a time in the viewer's zone, which only the browser knows: it is written after hydration (the
  // server's HTML stays the same for every visitor), on a line of its own whose height is kept from the start.
  const hydrated = useHydrated();
  const intlReady = useIntlReady();
  const name = providerDisplayName(entry);
  const number = (n: number) => n.toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 1 });
  return (
    <li className="relative flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-300">
      {entry.photoUrl ? (
        <img
          src={entry.photoUrl}
          alt=""
          width={72}
          height={72}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-18 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-18 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        >
          <UserRound className="size-8" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={`/therapists/${entry.identifier}/`} className="after:absolute after:inset-0 focus:outline-none">
            {name || t('card.unnamed')}
          </Link>
        </h2>
        {entry.headline && <p className="text-sm text-slate-700">{entry.headline}</p>}
        {entry.therapies.length > 0 && (
          <p className="mt-1 text-sm text-slate-600">
            {entry.therapies.map((th) => referenceName('therapy-category', th.code, th.name, locale)).join(' · ')}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1 text-slate-800">
            <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
            {entry.rating.average === null
              ? t('card.noReviews')
              : t('card.rating', { value: number(entry.rating.average), count: entry.rating.count })}
          </span>
          {entry.fee && (
            <span className="font-medium text-slate-900">
              {/* The lowest price a client can book ("from"); free only when every therapy is free. */}
              {entry.fee.isFree && !entry.fee.varies
                ? t('card.free')
                : t('card.fee', { amount: formatMoney(entry.fee.amount, entry.fee.currencyCode, locale) })}
            </span>
          )}
          {/* Issue 48: a fee in another currency also in the visitor's, as the filters and the sort compare it. */}
          {entry.convertedFee && !entry.fee?.isFree && (
            <span className="text-slate-700">
              {t('card.converted', {
                amount: formatMoney(entry.convertedFee.amount, entry.convertedFee.currencyCode, locale),
              })}
            </span>
          )}
        </div>
        {entry.nextFreeAt && (
          <p className="mt-1 min-h-5 text-sm text-slate-700">
            {hydrated && intlReady ? t('card.nextFree', { when: formatDateTime(entry.nextFreeAt, locale) }) : null}
          </p>
        )}
      </div>
    </li>
  );
}
