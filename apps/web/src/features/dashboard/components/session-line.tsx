import type { Booking } from '@therapy/contracts/bookings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatTimeRange } from '@/lib/format';

export const partyName = (p: Booking['client']) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username || '';

/**
 * One session in a dashboard list: when (the day's clock times with `timeZone`, else date and time in the viewer's
 * zone), with whom, its status; the whole line opens the booking's page.
 */
export function SessionLine({
  booking,
  withWhom,
  timeZone,
}: {
  booking: Booking;
  withWhom: 'client' | 'provider';
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const when = !booking.startTime
    ? t('session.noTime')
    : timeZone && booking.endTime
      ? formatTimeRange(booking.startTime, booking.endTime, locale, timeZone)
      : formatDateTime(booking.startTime, locale);
  return (
    <li>
      <Link
        to={`/appointments/${booking.identifier}`}
        className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2 text-slate-900 no-underline! hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span className="font-medium">{when}</span>
        <span className="text-sm text-slate-700">
          {t('session.with', { name: partyName(withWhom === 'client' ? booking.client : booking.provider) })} ·{' '}
          {t(`status.${booking.status}`)}
        </span>
      </Link>
    </li>
  );
}
