import type { Booking } from '@therapy/contracts/bookings';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarDays, CalendarX, ChevronRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { useModalStore } from '@/lib/modal-store';
import {
  bookingListQuery,
  bookingTabs,
  isBookingTab,
  otherParty,
  partyName,
  type BookingTab,
  type ViewerRole,
} from '../api/bookings-api';
import {
  formatSession,
  optionName,
  Price,
  StatusBadge,
  usePageLocale,
  useViewerZone,
} from '../components/booking-bits';

/**
 * /appointments (spec §2): the client's bookings (GET /booking) or the provider's appointments (GET /appointment),
 * by tab (upcoming, past, cancelled) and page, both kept in the address so Back and a shared link keep them.
 */
export function AppointmentsRoute() {
  const { t } = useTranslation('appointments');
  const role: ViewerRole = useAuthStore((s) => (s.user?.userType === 'provider' ? 'provider' : 'client'));
  const openModal = useModalStore((s) => s.open);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: BookingTab = isBookingTab(tabParam) ? tabParam : 'upcoming';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(bookingListQuery(role, tab, page));

  const go = (next: { tab?: BookingTab; page?: number }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'upcoming') search.set('tab', nextTab);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  const totalPages = list.data?.meta.totalPages ?? 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading
        title={t('title')}
        lead={t('lead')}
        actions={
          role === 'provider' ? (
            <div className="flex flex-wrap gap-2">
              <Link to="/calendar" className={buttonClasses({ variant: 'secondary' })}>
                <CalendarDays aria-hidden className="size-4" />
                {t('list.calendar')}
              </Link>
              <Button onClick={() => openModal('create-appointment', {}, { size: 'md' })}>
                <Plus aria-hidden className="size-4" />
                {t('list.createAppointment')}
              </Button>
            </div>
          ) : (
            <Link to="/waitlist" className={buttonClasses({ variant: 'secondary' })}>
              {t('list.waitlist')}
            </Link>
          )
        }
      />
      <nav aria-label={t('list.filterLabel')} className="mt-6 flex flex-wrap gap-2">
        {(Object.keys(bookingTabs) as BookingTab[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === tab}
            onClick={() => go({ tab: key })}
            className={clsx(
              'min-h-11 rounded-full px-4 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              key === tab
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </nav>

      <div className="mt-6">
        {list.isPending ? (
          <div className="flex justify-center py-12" role="status">
            <Spinner />
            <span className="sr-only">{t('list.loading')}</span>
          </div>
        ) : list.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" pending={list.isFetching} onClick={() => void list.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('list.loadFailed')}
          </Alert>
        ) : list.data.data.length === 0 ? (
          <EmptyState
            icon={CalendarX}
            title={t(`empty.${tab}Title`)}
            description={
              tab === 'upcoming' ? (role === 'provider' ? t('empty.provider') : t('empty.client')) : undefined
            }
            action={
              <Link to={role === 'provider' ? '/overview' : '/'} className={buttonClasses({ variant: 'secondary' })}>
                {role === 'provider' ? t('empty.back') : t('empty.findTherapist')}
              </Link>
            }
          />
        ) : (
          <>
            <ul
              className="flex flex-col gap-3"
              aria-label={t(`tabs.${tab}`)}
              aria-busy={list.isPlaceholderData || undefined}
            >
              {list.data.data.map((booking) => (
                <BookingRow key={booking.identifier} booking={booking} role={role} />
              ))}
            </ul>
            {totalPages > 1 && (
              <nav aria-label={t('list.pagination')} className="mt-6 flex items-center justify-between gap-3">
                <Button variant="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                  {t('list.previous')}
                </Button>
                <p className="text-sm text-slate-700">{t('list.pageOf', { page, total: totalPages })}</p>
                <Button variant="secondary" disabled={page >= totalPages} onClick={() => go({ page: page + 1 })}>
                  {t('list.next')}
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function BookingRow({ booking, role }: { booking: Booking; role: ViewerRole }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  const zone = useViewerZone();
  const other = partyName(otherParty(booking, role));
  return (
    <li>
      <Link
        to={`/appointments/${booking.identifier}`}
        className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold text-slate-900">{other}</p>
            <StatusBadge status={booking.status} />
          </div>
          <p className="mt-1 text-sm text-slate-800">
            {booking.startTime
              ? formatSession(booking.startTime, booking.endTime, locale, zone)
              : t('detail.noTimeYet')}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {optionName('therapy-category', booking.therapyCategory, locale)} ·{' '}
            {optionName('modality', booking.modality, locale)} · <Price booking={booking} />
          </p>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-500" />
        <span className="sr-only">{t('list.open')}</span>
      </Link>
    </li>
  );
}
