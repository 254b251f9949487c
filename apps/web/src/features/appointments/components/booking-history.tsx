import type { BookingActor, BookingDetails, BookingHistoryEntry, BookingRole } from '@therapy/contracts/bookings';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { partyName } from '../api/bookings-api';
import { formatSession, StatusBadge, usePageLocale, useViewerZone } from './booking-bits';

type MoveEntry = Extract<BookingHistoryEntry, { kind: 'move' }>;

/**
 * A booking's history (issue 48), oldest first: every status with who caused it (a cancellation with its refund),
 * every move from one time to another and every reschedule request with how it ended, each with its note. Times are
 * in the viewer's zone.
 */
export function BookingHistory({
  booking,
  role,
  labelledBy,
}: {
  booking: BookingDetails;
  role: BookingRole;
  /** The heading that names the list. */
  labelledBy: string;
}) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  const zone = useViewerZone();

  if (booking.history.length === 0) return <p className="mt-2 text-sm text-slate-700">{t('detail.noHistory')}</p>;
  return (
    <ol aria-labelledby={labelledBy} className="mt-3 flex flex-col gap-4 border-l-2 border-slate-200 pl-4">
      {booking.history.map((entry, index) => (
        <li key={`${entry.kind}-${entry.at}-${index}`}>
          {entry.kind === 'status' ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={entry.status} />
                <span className="text-sm text-slate-700">{t(`actor.${entry.actor}`)}</span>
              </div>
              <p className="mt-1 text-sm text-slate-600">{formatSession(entry.at, null, locale, zone)}</p>
              {entry.status === 'cancelled' && entry.refundAmount !== null && (
                <p className="mt-1 text-sm text-slate-800">
                  {entry.refundAmount > 0
                    ? t('detail.refunded', {
                        amount: formatMoney(entry.refundAmount, booking.price.currencyCode, locale),
                      })
                    : t('history.noRefund')}
                </p>
              )}
              {entry.note && <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{entry.note}</p>}
            </>
          ) : (
            <MoveLine entry={entry} booking={booking} role={role} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** The party who acted, by name; `system` acts only on closed requests, which name nobody. */
const nameOf = (booking: BookingDetails, actor: BookingActor) =>
  actor === 'provider' ? partyName(booking.provider) : actor === 'client' ? partyName(booking.client) : '';

function MoveLine({ entry, booking, role }: { entry: MoveEntry; booking: BookingDetails; role: BookingRole }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  const zone = useViewerZone();
  const title =
    entry.action === 'closed'
      ? t('history.closed')
      : entry.actor === role
        ? t(`history.${entry.action}You`)
        : t(`history.${entry.action}Other`, { name: nameOf(booking, entry.actor) });
  return (
    <>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{formatSession(entry.at, null, locale, zone)}</p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm">
        {entry.fromStartTime && (
          <>
            <dt className="text-slate-600">{t('history.from')}</dt>
            <dd className="break-words text-slate-800">
              {formatSession(entry.fromStartTime, entry.fromEndTime, locale, zone)}
            </dd>
          </>
        )}
        <dt className="text-slate-600">{t('history.to')}</dt>
        <dd className="break-words text-slate-800">
          {formatSession(entry.toStartTime, entry.toEndTime, locale, zone)}
        </dd>
      </dl>
      {entry.note && (
        <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{t('history.note', { note: entry.note })}</p>
      )}
    </>
  );
}
