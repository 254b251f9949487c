import type { Booking, BookingRole } from '@therapy/contracts/bookings';
import { localize, message, type MessageKey } from '@therapy/contracts/messages';
import { CheckCircle2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { browserTimeZone } from '@/components/slot-picker/slot-picker-model';
import { dateFormatter, formatDateTime, formatTimeRange } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';

/** The server's message in the page's language, or the catalogue's text for `fallback` when it sent none. */
export function serverText(text: string | undefined, fallback: MessageKey): string {
  const locale = currentLocale();
  return text ? localize(text, locale) : message(fallback, locale);
}

/** A failure's text (spec §8: the server's message, or its list of errors). */
export const failureText = (error: unknown) => errorMessage(error);

/** "Mon, Jun 8, 2026, 9:00 AM – 10:00 AM" in the viewer's zone, or "No time yet". */
export function BookingWhen({ booking }: { booking: Pick<Booking, 'startTime' | 'endTime'> }) {
  const { t, i18n } = useTranslation('booking-changes');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  return <>{formatWhen(booking.startTime, booking.endTime, locale) ?? t('common.noTime')}</>;
}

/** "Thu, Nov 26, 2026, 10:00 AM – 11:00 AM" in the viewer's zone; null without a time. */
export function formatWhen(start: string | null, end: string | null, locale: string): string | null {
  if (!start) return null;
  if (!end) return formatDateTime(start, locale);
  const zone = browserTimeZone();
  const date = dateFormatter(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: zone,
  }).format(new Date(start));
  return `${date}, ${formatTimeRange(start, end, locale, zone)}`;
}

/** Who the booking is with, seen from the viewer's side. */
export function otherPartyName(booking: Booking, role: BookingRole): string {
  const party = role === 'client' ? booking.provider : booking.client;
  return [party.firstName, party.lastName].filter(Boolean).join(' ') || party.username || '';
}

/** The booking a modal is about: who, what and when. */
export function BookingSummary({ booking, role }: { booking: Booking; role: BookingRole }) {
  const { t } = useTranslation('booking-changes');
  return (
    <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
      <dt className="text-slate-600">{role === 'client' ? t('common.therapist') : t('common.client')}</dt>
      <dd className="font-medium break-words text-slate-900">{otherPartyName(booking, role)}</dd>
      <dt className="text-slate-600">{t('common.therapy')}</dt>
      <dd className="break-words text-slate-900">{booking.therapyCategory.name}</dd>
      <dt className="text-slate-600">{t('common.when')}</dt>
      <dd className="break-words text-slate-900">
        <BookingWhen booking={booking} />
      </dd>
    </dl>
  );
}

/** A modal's loading state: the title stays for screen readers, a spinner and a status line. */
export function ModalLoading({ title, label }: { title: string; label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-brand-700">
      <DialogTitle className="sr-only">{title}</DialogTitle>
      <Spinner size="lg" />
      <span role="status" className="text-sm text-slate-700">
        {label}
      </span>
    </div>
  );
}

/**
 * The result screen of a write (spec §2 "Cancel success", "Reschedule success"...): the message and "Done" (the
 * dialog's own corner button is already "Close"; two controls of one name confuse a screen reader).
 */
export function ResultScreen({
  title,
  children,
  onClose,
  action,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation('booking-changes');
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto mb-3 size-10 text-brand-700" aria-hidden="true" />
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription asChild>
        <div role="status" className="mt-2 text-slate-700">
          {children}
        </div>
      </DialogDescription>
      <DialogActions className="justify-center">
        {action}
        <Button autoFocus onClick={onClose}>
          {t('common.done')}
        </Button>
      </DialogActions>
    </div>
  );
}

/** A plain note field: 4 rows, the app's input look. */
export function NoteArea({ invalid, ...rest }: ComponentProps<'textarea'> & { invalid: boolean }) {
  return (
    <textarea
      rows={3}
      aria-invalid={invalid || undefined}
      className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ${invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600'}`}
      {...rest}
    />
  );
}

/** The cancellation rules of the viewer's side (features/policy pages). */
export function PolicyLink({ role }: { role: BookingRole }) {
  const { t } = useTranslation('booking-changes');
  return (
    <p className="text-sm">
      <Link
        to={role === 'client' ? '/policy/client-cancellation' : '/policy/provider-cancellation'}
        target="_blank"
        className="font-medium text-brand-800 underline underline-offset-2"
      >
        {t('common.policyLink')}
      </Link>
    </p>
  );
}
