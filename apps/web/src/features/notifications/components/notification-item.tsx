import type { Notification } from '@therapy/contracts/notifications';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';

/** The headline of a notification in the viewer's language: what happened, and who did it. */
export function useNotificationText() {
  const { t, i18n } = useTranslation('notifications');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const headline = (n: Notification) => {
    const name = n.otherName ?? t('someone');
    if (n.kind === 'appointment-created' && !n.startTime) return t('kind.appointment-created-untimed', { name });
    if (n.kind === 'booking-confirmed')
      return t(n.by === 'client' ? 'kind.booking-confirmed-provider' : 'kind.booking-confirmed-client', { name });
    return t(`kind.${n.kind}`, { name });
  };
  return { t, locale, headline };
}

/**
 * One notification: its headline, the session's time and a "pay by" when it has one, when it came; unread ones are
 * marked (in words too). Opening it marks it read and goes to the booking.
 */
export function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t, locale, headline } = useNotificationText();
  const unread = n.readAt === null;
  return (
    <li
      className={clsx(
        'rounded-xl border p-4',
        unread ? 'border-brand-200 bg-brand-50/60' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900">
          {unread && (
            <>
              <span aria-hidden="true" className="mr-2 inline-block size-2 rounded-full bg-brand-700 align-middle" />
              <span className="sr-only">{`${t('unread')}: `}</span>
            </>
          )}
          {headline(n)}
        </p>
        <time dateTime={n.createdAt} className="text-sm text-slate-600">
          {formatDateTime(n.createdAt, locale)}
        </time>
      </div>
      {n.startTime && (
        <p className="mt-1 text-sm text-slate-700">{t('when', { time: formatDateTime(n.startTime, locale) })}</p>
      )}
      {n.dueAt && (
        <p className="mt-1 text-sm font-medium text-amber-800">
          {t('payBy', { time: formatDateTime(n.dueAt, locale) })}
        </p>
      )}
      {n.bookingIdentifier && (
        <Link
          to={`/appointments/${n.bookingIdentifier}`}
          onClick={onOpen}
          className="mt-2 inline-block font-medium text-brand-700 underline"
        >
          {t('open')}
          <span className="sr-only">{`: ${headline(n)}`}</span>
        </Link>
      )}
    </li>
  );
}
