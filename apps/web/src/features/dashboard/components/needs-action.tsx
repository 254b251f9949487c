import type { Booking } from '@therapy/contracts/bookings';
import { listBookings } from '@therapy/contracts/endpoints/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { call } from '@/lib/api-client';
import { bookingKeys } from '@/lib/booking-queries';
import { formatDateTime } from '@/lib/format';

/** The client's unpaid bookings (a provider's appointment, an accepted request): under `bookingKeys.all`, so every booking change refreshes it. */
export const unpaidBookingsQuery = () =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'overview', 'needs-action'] as const,
    queryFn: async ({ signal }) =>
      (await call(listBookings, { query: { statuses: 'pending', page: 1, pageSize: 20 }, signal })).data,
    meta: { silent: true },
  });

const name = (b: Booking) =>
  [b.provider.firstName, b.provider.lastName].filter(Boolean).join(' ') || b.provider.username || '—';

/**
 * Issue 47: what waits for the client on /overview: each unpaid booking with "Pay by …" and the way to pay, or "Pick
 * a time" for a provider's appointment without one. Nothing shows while nothing waits (or the list cannot load: the
 * appointments page has it too).
 */
export function NeedsAction() {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const list = useQuery(unpaidBookingsQuery());
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="needs-action-title"
      className="mb-8 rounded-2xl border border-amber-300 bg-amber-50 p-5"
      data-testid="needs-action"
    >
      <h2 id="needs-action-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <AlertCircle className="size-5 text-amber-700" aria-hidden="true" />
        {t('needsAction.title')}
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((b) => (
          <li
            key={b.identifier}
            className="flex flex-col gap-2 rounded-xl bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {t('needsAction.with', { name: name(b), therapy: b.therapyCategory.name })}
              </p>
              <p className="mt-1 text-sm font-medium text-amber-900">
                {b.startTime && b.holdExpiresAt
                  ? t('needsAction.payBy', { time: formatDateTime(b.holdExpiresAt, locale) })
                  : t('needsAction.pickTime')}
              </p>
              {b.startTime && (
                <p className="mt-1 text-sm text-slate-700">
                  {t('needsAction.when', { time: formatDateTime(b.startTime, locale) })}
                </p>
              )}
            </div>
            <Link
              to={b.startTime ? `/payment/${b.identifier}` : `/appointments/${b.identifier}`}
              className={buttonClasses({ size: 'sm', className: 'shrink-0' })}
            >
              {b.startTime ? t('needsAction.pay') : t('needsAction.choose')}
              <span className="sr-only">{`: ${name(b)}`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
