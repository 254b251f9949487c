import type { WaitlistEntry } from '@therapy/contracts/waitlist';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { dateFormatter } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useAcceptOffer, useLeaveWaitlist, waitlistQuery } from '../api/waitlist-api';
import { clockTime, offerWhen, windowTime } from '../components/offer-time';
import { useWaitlistTranslation } from '../i18n';

function Place({ entry, highlighted }: { entry: WaitlistEntry; highlighted: boolean }) {
  const { t, locale } = useWaitlistTranslation();
  const accept = useAcceptOffer();
  const leave = useLeaveWaitlist();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const day = (date: string) =>
    dateFormatter(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const offer = entry.offer?.status === 'open' ? entry.offer : null;
  const provider = entry.provider.name ?? t('someone');

  const onAccept = (offerId: string) => {
    setError(null);
    accept.mutate(offerId, {
      onSuccess: (res) => {
        notify.success(res.message ?? t('offer.booked'));
        void navigate(
          res.data.status === 'pending' ? `/payment/${res.data.identifier}` : `/appointments/${res.data.identifier}`,
        );
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  const onLeave = () => {
    setError(null);
    leave.mutate(entry.identifier, {
      onSuccess: (res) => notify.success(res.message),
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <Card className={clsx(highlighted && 'ring-2 ring-brand-600')}>
      <article aria-labelledby={`place-${entry.identifier}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`place-${entry.identifier}`} className="text-lg font-semibold text-slate-900">
              {provider}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {t('place.range', {
                from: day(entry.fromDate),
                to: day(entry.toDate),
                fromTime: windowTime(entry.fromTime, locale),
                toTime: windowTime(entry.toTime, locale),
              })}
            </p>
          </div>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-inset ring-slate-300">
            {t(`status.${entry.status}`)}
          </span>
        </div>
        {entry.lapsedOffer && !offer && (
          <Alert tone="warning" className="mt-4">
            {t('place.lapsed', { when: offerWhen(entry.lapsedOffer.startsAt, entry.lapsedOffer.endsAt, locale) })}
          </Alert>
        )}
        {offer && (
          <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
            <h3 className="font-semibold text-slate-900">{t('offer.title')}</h3>
            <p className="mt-1 text-slate-900">{offerWhen(offer.startsAt, offer.endsAt, locale)}</p>
            <p className="mt-1 text-sm text-slate-700">
              {t('offer.until', { time: clockTime(offer.expiresAt, locale) })}
            </p>
            <Button className="mt-3" pending={accept.isPending} onClick={() => onAccept(offer.identifier)}>
              {t('offer.book')}
            </Button>
          </div>
        )}
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
        {(entry.status === 'waiting' || entry.status === 'offered') && (
          <Button variant="secondary" size="sm" className="mt-4" pending={leave.isPending} onClick={onLeave}>
            {t('place.leave')}
          </Button>
        )}
      </article>
    </Card>
  );
}

/** /waitlist (issue 19): a client's places in providers' lines, and the time held for them (from the mail's link). */
export function WaitlistRoute() {
  const { t } = useWaitlistTranslation();
  const [params] = useSearchParams();
  const list = useQuery(waitlistQuery());
  const highlighted = params.get('offer');

  if (list.isPending) return <PageSpinner label={t('loading')} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('title')} lead={t('lead')} />
      {list.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={Hourglass}
          title={t('empty.title')}
          description={t('empty.text')}
          action={
            <Link to="/therapists" className={buttonClasses({ variant: 'secondary' })}>
              {t('empty.find')}
            </Link>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          {highlighted && !list.data.some((e) => e.offer?.identifier === highlighted && e.offer.status === 'open') && (
            <Alert tone="warning">{t('offer.gone')}</Alert>
          )}
          {list.data.map((entry) => (
            <Place
              key={entry.identifier}
              entry={entry}
              highlighted={!!highlighted && entry.offer?.identifier === highlighted}
            />
          ))}
        </div>
      )}
    </div>
  );
}
