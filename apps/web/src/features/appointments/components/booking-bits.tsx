import type { Booking, BookingStatus } from '@therapy/contracts/bookings';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store';
import { dateFormatter, formatMoney } from '@/lib/format';
import { referenceName } from '@/lib/reference-names-de';

/** The viewer's zone: their profile's, else the browser's. */
export function useViewerZone(): string {
  const zone = useAuthStore((s) => s.user?.timezone);
  return zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function usePageLocale(): 'en' | 'de' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'de' ? 'de' : 'en';
}

/** "Mon, Jun 8, 2026, 9:00 – 9:50 AM" in the given zone, with the zone's short name. */
export function formatSession(start: string, end: string | null, locale: string, timeZone: string): string {
  const from = new Date(start);
  if (Number.isNaN(from.getTime())) return start;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  };
  const to = end ? new Date(end) : null;
  const text =
    to && !Number.isNaN(to.getTime())
      ? dateFormatter(locale, options).formatRange(from, to)
      : dateFormatter(locale, options).format(from);
  const zone = dateFormatter(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(from)
    .find((p) => p.type === 'timeZoneName')?.value;
  return zone ? `${text} (${zone})` : text;
}

const badgeTones: Record<BookingStatus, string> = {
  requested: 'bg-amber-50 text-amber-900 ring-amber-300',
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  completed: 'bg-slate-100 text-slate-800 ring-slate-300',
  cancelled: 'bg-red-50 text-red-800 ring-red-300',
  rejected: 'bg-red-50 text-red-800 ring-red-300',
  expired: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('appointments');
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        badgeTones[status],
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** The price, or for an appointment paid outside the platform that fact: its stored price 0 is no price (decision 0053). */
export function Price({ booking }: { booking: Pick<Booking, 'price' | 'paymentMethod'> }) {
  const locale = usePageLocale();
  const { t } = useTranslation('appointments');
  if (booking.paymentMethod === 'outside') return <>{t('detail.paidOutside')}</>;
  return <>{formatMoney(booking.price.amount, booking.price.currencyCode, locale)}</>;
}

export function optionName(
  kind: 'therapy-category' | 'modality',
  option: Booking['modality'],
  locale: 'en' | 'de',
): string {
  return referenceName(kind, option.code, option.name, locale);
}
