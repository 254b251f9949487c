import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { dateFormatter } from '@/lib/format';
import { providerReviewsQuery } from '../api/therapists-api';

/** The therapist's reviews on their public page (issue 16): the exact average and count, then the reviews, paged. */
export function ProviderReviews({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation('therapists');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const [page, setPage] = useState(1);
  const reviews = useQuery(providerReviewsQuery(providerId, page));
  const headingId = useId();
  const number = (n: number) => n.toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  const data = reviews.data?.data;
  const meta = reviews.data?.meta;
  return (
    <section id="reviews" aria-labelledby={headingId} className="mt-10 scroll-mt-20" aria-busy={reviews.isFetching}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('reviews.title')}
      </h2>
      {reviews.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {t('reviews.loading')}
        </p>
      ) : reviews.isError ? (
        <Alert
          tone="error"
          className="mt-3"
          action={
            <Button size="sm" variant="secondary" onClick={() => void reviews.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('reviews.loadFailed')}
        </Alert>
      ) : !data || data.count === 0 ? (
        <p className="mt-2 text-slate-700">{t('reviews.none')}</p>
      ) : (
        <>
          <p className="mt-2 flex items-center gap-2 text-lg font-medium text-slate-900">
            <Star aria-hidden className="size-5 fill-amber-400 text-amber-500" />
            {t('reviews.average', { value: number(data.average ?? 0), count: data.count })}
          </p>
          <ul className="mt-4 flex flex-col gap-3">
            {data.items.map((r) => (
              <li key={r.identifier} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="text-sm font-medium text-slate-900">{t('reviews.stars', { value: number(r.rating) })}</p>
                {r.comment && <p className="mt-1 whitespace-pre-line break-words text-slate-800">{r.comment}</p>}
                <p className="mt-2 text-sm text-slate-600">
                  {r.authorName ?? t('reviews.anonymous')} ·{' '}
                  {dateFormatter(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
                    new Date(r.createdAt),
                  )}
                </p>
              </li>
            ))}
          </ul>
          {meta && meta.totalPages > 1 && (
            <nav aria-label={t('reviews.pages')} className="mt-4 flex items-center justify-between gap-2">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
                {t('reviews.newer')}
              </Button>
              <span className="text-sm text-slate-700">{t('reviews.pageOf', { page, pages: meta.totalPages })}</span>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= meta.totalPages}
                onClick={() => setPage((n) => n + 1)}
              >
                {t('reviews.older')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
