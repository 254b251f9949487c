import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Inbox, Landmark, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { buttonClasses } from '@/components/ui/button';
import { dateFormatter, formatAmounts } from '@/lib/format';
import { latestReviewsQuery, providerOverviewQuery } from '../api/overview-api';
import { NeedsAttentionCard } from './needs-attention-card';
import { SessionLine } from './session-line';

/** The provider's /overview (issue 16): today's sessions, requests to acknowledge, this month's earnings, latest reviews. */
export function ProviderDashboard({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const overview = useQuery(providerOverviewQuery());
  const status = (
    <SectionStatus
      loading={overview.isPending}
      error={overview.isError}
      onRetry={() => void overview.refetch()}
      loadingLabel={t('loading')}
      errorText={t('loadFailed')}
      retryLabel={t('retry')}
    />
  );
  const data = overview.data;
  const today = data
    ? dateFormatter(locale, { dateStyle: 'full', timeZone: data.timezone }).format(new Date())
    : undefined;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <NeedsAttentionCard timeZone={data?.timezone} />
      <SectionCard icon={CalendarDays} title={t('provider.today.title')} description={today}>
        {!data ? (
          status
        ) : data.today.length === 0 ? (
          <p className="text-slate-700">{t('provider.today.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.today.map((b) => (
              <SessionLine key={b.identifier} booking={b} withWhom="client" timeZone={data.timezone} />
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard
        icon={Inbox}
        title={t('provider.requests.title')}
        description={
          data && data.requestsCount > 0 ? t('provider.requests.count', { count: data.requestsCount }) : undefined
        }
      >
        {!data ? (
          status
        ) : data.requests.length === 0 ? (
          <p className="text-slate-700">{t('provider.requests.none')}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {data.requests.map((b) => (
                <SessionLine key={b.identifier} booking={b} withWhom="client" />
              ))}
            </ul>
            {data.requestsCount > data.requests.length && (
              <Link to="/appointments" className="mt-3 inline-block">
                {t('provider.requests.all')}
              </Link>
            )}
          </>
        )}
      </SectionCard>
      <SectionCard icon={Landmark} title={t('provider.earnings.title')}>
        {!data ? (
          status
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-2xl font-semibold text-slate-900">
              {data.earningsThisMonth.length > 0
                ? formatAmounts(data.earningsThisMonth, locale)
                : t('provider.earnings.none')}
            </p>
            <Link to="/wallet" className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
              {t('provider.earnings.open')}
            </Link>
          </div>
        )}
      </SectionCard>
      <LatestReviews providerId={providerId} />
    </div>
  );
}

function LatestReviews({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const reviews = useQuery(latestReviewsQuery(providerId));
  const number = (n: number) => n.toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  const data = reviews.data;
  return (
    <SectionCard
      icon={Star}
      title={t('provider.reviews.title')}
      description={
        data && data.count > 0
          ? t('provider.reviews.average', { value: number(data.average ?? 0), count: data.count })
          : undefined
      }
    >
      {!data ? (
        <SectionStatus
          loading={reviews.isPending}
          error={reviews.isError}
          onRetry={() => void reviews.refetch()}
          loadingLabel={t('loading')}
          errorText={t('loadFailed')}
          retryLabel={t('retry')}
        />
      ) : data.items.length === 0 ? (
        <p className="text-slate-700">{t('provider.reviews.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.items.map((r) => (
            <li key={r.identifier} className="rounded-lg border border-slate-200 px-3 py-2">
              <p className="text-sm font-medium text-slate-900">
                {t('provider.reviews.stars', { value: number(r.rating) })} ·{' '}
                {r.authorName ?? t('provider.reviews.anonymous')}
              </p>
              {r.comment && <p className="mt-1 line-clamp-3 text-sm text-slate-700">{r.comment}</p>}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
