import { useQuery } from '@tanstack/react-query';
import { List } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { calendarViewQuery } from '../api/calendar-view-api';
import { providerZoneQuery } from '../api/provider-zone';
import { useCompact } from '../api/use-compact';
import { BlockedDays } from '../components/blocked-days';
import { CalendarLegend } from '../components/calendar-legend';
import { ProviderCalendar } from '../components/provider-calendar';

/**
 * /calendar (issue 47): the provider's week and day (a month and a list on a phone) with bookings, requests, holds and
 * days off, in their own zone. The page is a lazy route, so FullCalendar loads only here.
 */
export function CalendarViewRoute() {
  const { t } = useTranslation('calendar-view');
  const user = useAuthStore((s) => s.user);
  const compact = useCompact();
  // ?date=YYYY-MM-DD opens the calendar on that day's week (or month), e.g. from a booking.
  const [params] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : undefined;
  const zone = useQuery({ ...providerZoneQuery(), enabled: user?.userType === 'provider' });
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [chosenBlocked, setChosenBlocked] = useState<string | null>(null);
  const view = useQuery({ ...calendarViewQuery(range?.from ?? '', range?.to ?? ''), enabled: !!range });

  const listLink = (
    <Link to="/appointments" className={buttonClasses({ variant: 'secondary' })}>
      <List className="size-4" aria-hidden="true" />
      {t('listLink')}
    </Link>
  );

  if (user?.userType !== 'provider')
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <PageHeading title={t('title')} />
        <Alert title={t('providersOnly.title')}>{t('providersOnly.body')}</Alert>
      </div>
    );

  const empty =
    !!view.data && !view.isPlaceholderData && view.data.events.length === 0 && view.data.blocked.length === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('title')} lead={t('lead')} actions={listLink} />
      <div className="flex flex-col gap-4">
        <CalendarLegend />
        <p className="text-sm text-slate-700">{t('keyboardHint')}</p>
        {zone.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner size="sm" />
            {t('loading')}
          </p>
        )}
        {zone.isError && (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={() => void zone.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('loadFailed')}
          </Alert>
        )}
        {zone.data && (
          <>
            <p className="text-sm text-slate-700">{t('zone', { zone: zone.data })}</p>
            <div role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
              {view.isFetching ? (
                <span className="flex items-center gap-2">
                  <Spinner size="sm" />
                  {t('loading')}
                </span>
              ) : empty ? (
                t('empty')
              ) : null}
            </div>
            {view.isError && (
              <Alert
                tone="error"
                action={
                  <Button size="sm" variant="secondary" onClick={() => void view.refetch()}>
                    {t('retry')}
                  </Button>
                }
              >
                {t('loadFailed')}
              </Alert>
            )}
            {/* A new key when the screen changes size: FullCalendar picks its first view only when it is made. */}
            <ProviderCalendar
              key={compact ? 'compact' : 'wide'}
              providerId={user.identifier}
              timezone={zone.data}
              data={view.data}
              compact={compact}
              initialDate={date}
              onRange={(from, to) => setRange((r) => (r?.from === from && r.to === to ? r : { from, to }))}
              onBlockedChosen={setChosenBlocked}
            />
            <BlockedDays days={view.data?.blocked ?? []} chosen={chosenBlocked} />
          </>
        )}
      </div>
    </div>
  );
}
