import type { Booking, BookingRole } from '@therapy/contracts/bookings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { formatSession, usePageLocale, useViewerZone } from './booking-bits';

/**
 * A declined request (issue 47): the provider's reason and the free times they suggested instead; the client books
 * one from its link (the therapist's page with that time chosen).
 */
export function DeclineNotice({ booking, role }: { booking: Booking; role: BookingRole }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  const zone = useViewerZone();
  const decline = booking.decline;
  if (!decline) return null;
  return (
    <Alert tone="warning" className="mt-4" title={t('decline.title')}>
      {decline.reason && <p className="whitespace-pre-line">{t('decline.reason', { reason: decline.reason })}</p>}
      {decline.suggestedTimes.length > 0 && (
        <>
          <p className="mt-2 font-medium">
            {role === 'client' ? t('decline.suggestedClient') : t('decline.suggested')}
          </p>
          <ul className="mt-1 flex flex-col gap-1">
            {decline.suggestedTimes.map((s) => {
              const when = formatSession(s.startTime, s.endTime, locale, zone);
              return (
                <li key={s.timeslotIdentifier}>
                  {role === 'client' ? (
                    <Link
                      to={`/therapists/${booking.provider.identifier}?slot=${encodeURIComponent(s.timeslotIdentifier)}`}
                      className="font-medium text-brand-700 underline"
                    >
                      {t('decline.book', { time: when })}
                    </Link>
                  ) : (
                    when
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Alert>
  );
}
