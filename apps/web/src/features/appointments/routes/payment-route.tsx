import type { BookingDetails } from '@therapy/contracts/bookings';
import { message } from '@therapy/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarX, CheckCircle2, Clock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { StatusPage } from '@/components/status-page';
import { CrisisHelp } from '@/components/crisis-help';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, isApiError } from '@/lib/api-error';
import { bookingKeys } from '@/lib/booking-queries';
import { formatMoney } from '@/lib/format';
import { useModalStore } from '@/lib/modal-store';
import { BookingLoadState } from '../components/booking-load-state';
import { TopupReturn } from '../components/topup-return';
import { bookAgainPath, bookingDetailsQuery, bookingWalletQuery, partyName, usePayBooking } from '../api/bookings-api';
import { formatSession, optionName, usePageLocale, useViewerZone } from '../components/booking-bits';
import { newIdempotencyKey } from '../components/idempotency-key';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /payment/:bookingId (spec §2): a pending booking's summary, its price, the 30-minute hold counting down, the wallet
 * balance in the booking's currency and "Pay"; when the wallet is short, the top-up (in that currency, for what is
 * missing) comes first. Paid, expired, already paid and unknown bookings each have their own state.
 */
export function PaymentRoute() {
  const { t } = useTranslation('appointments');
  const { bookingId = '' } = useParams();
  const validId = uuidPattern.test(bookingId);
  // The client pays; a provider who follows a payment link sees the booking's own page (where it says who pays).
  const isProvider = useAuthStore((s) => s.user?.userType === 'provider');
  const details = useQuery({ ...bookingDetailsQuery('client', bookingId), enabled: validId && !isProvider });
  // Once paid here, the page keeps its success state even though the refreshed booking is `confirmed`.
  const [paid, setPaid] = useState(false);

  if (isProvider && validId) return <Navigate to={`/appointments/${bookingId}`} replace />;

  if (!validId || !details.isSuccess)
    return <BookingLoadState details={details} validId={validId} page="payment" width="max-w-2xl" />;
  const booking = details.data;
  if (paid) return <PaidState booking={booking} />;
  if (booking.status === 'confirmed' || booking.status === 'completed') {
    return (
      <StatusPage icon={CheckCircle2} title={t('payment.alreadyPaidTitle')} body={t('payment.alreadyPaidBody')}>
        <Link to={`/appointments/${booking.identifier}`} className={buttonClasses()}>
          {t('payment.viewBooking')}
        </Link>
      </StatusPage>
    );
  }
  if (booking.status === 'expired') return <ExpiredState booking={booking} />;
  if (booking.status !== 'pending' || !booking.startTime) {
    return (
      <StatusPage icon={CalendarX} title={t('payment.notPayableTitle')} body={t('payment.notPayableBody')}>
        <Link to={`/appointments/${booking.identifier}`} className={buttonClasses()}>
          {t('payment.viewBooking')}
        </Link>
      </StatusPage>
    );
  }
  return <PayPending booking={booking} onPaid={() => setPaid(true)} />;
}

function PaidState({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  return (
    <StatusPage icon={CheckCircle2} title={t('payment.successTitle')} body={message('bookingPaid', locale)}>
      <Link to={`/appointments/${booking.identifier}`} className={buttonClasses()}>
        {t('payment.viewBooking')}
      </Link>
    </StatusPage>
  );
}

function ExpiredState({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  return (
    <StatusPage icon={Clock} tone="error" title={t('payment.expiredTitle')} body={message('bookingExpired', locale)}>
      <Link to={bookAgainPath(booking)} className={buttonClasses()}>
        {t('payment.bookAgain')}
      </Link>
    </StatusPage>
  );
}

/** Milliseconds until `until`, ticking every second; null without a deadline. */
function useRemaining(until: string | null): number | null {
  const deadline = until ? new Date(until).getTime() : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, deadline - now);
}

function PayPending({ booking, onPaid }: { booking: BookingDetails; onPaid: () => void }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  const zone = useViewerZone();
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.open);
  const currency = booking.price.currencyCode;
  const wallet = useQuery(bookingWalletQuery(currency));
  const pay = usePayBooking(onPaid);
  // One key per payment attempt: a double click or a retry after a lost answer is the same attempt.
  const attemptKey = useRef(newIdempotencyKey());
  const [error, setError] = useState<string | null>(null);
  const remaining = useRemaining(booking.holdExpiresAt);
  const expired = remaining !== null && remaining <= 0;
  // Back from a card top-up begun here (`?payment=<id>`): its confirmation is watched until it has an answer.
  const [searchParams, setSearchParams] = useSearchParams();
  const topupId = searchParams.get('payment');
  const clearTopup = useCallback(
    () =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('payment');
          next.delete('reference');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  useEffect(() => {
    if (expired) void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.identifier) });
  }, [expired, booking.identifier, queryClient]);

  if (expired) return <ExpiredState booking={booking} />;

  const price = booking.price.amount;
  const balance = wallet.data?.balance;
  const missing = balance === undefined ? 0 : Math.max(0, price - balance);
  const minutes = remaining === null ? null : Math.floor(remaining / 60_000);
  const seconds = remaining === null ? null : Math.floor((remaining % 60_000) / 1000);

  const onPay = () => {
    setError(null);
    pay.mutate(
      { id: booking.identifier, idempotencyKey: attemptKey.current },
      {
        onError: (e) => {
          // The server answered: this attempt is over, the next click is a new one. A lost answer keeps the key.
          if (isApiError(e) && e.status < 500 && e.code !== 'NETWORK_ERROR' && e.code !== 'TIMEOUT')
            attemptKey.current = newIdempotencyKey();
          setError(errorMessage(e));
          void wallet.refetch();
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold text-slate-900">{t('payment.title')}</h1>
      <p className="mt-1 text-slate-700">{t('payment.lead')}</p>
      {topupId && (
        <div className="mt-4">
          <TopupReturn key={topupId} paymentId={topupId} onDone={clearTopup} />
        </div>
      )}

      {minutes !== null && seconds !== null && (
        <div className="mt-4 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <Clock aria-hidden className="size-5 shrink-0" />
          <p>
            {t('payment.holdLead')}{' '}
            <span className="font-semibold tabular-nums" aria-hidden>
              {String(minutes).padStart(2, '0')}:{String(seconds).padStart(2, '0')}
            </span>
            <span className="sr-only">
              {t('payment.holdMinutes', { count: Math.max(1, minutes + (seconds > 0 ? 1 : 0)) })}
            </span>
          </p>
        </div>
      )}

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('payment.summary')}</h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          <dt className="text-sm font-medium text-slate-600">{t('detail.provider')}</dt>
          <dd className="text-slate-900 sm:col-span-2">{partyName(booking.provider)}</dd>
          <dt className="text-sm font-medium text-slate-600">{t('detail.when')}</dt>
          <dd className="text-slate-900 sm:col-span-2">
            {formatSession(booking.startTime!, booking.endTime, locale, zone)}
          </dd>
          <dt className="text-sm font-medium text-slate-600">{t('detail.therapy')}</dt>
          <dd className="text-slate-900 sm:col-span-2">
            {optionName('therapy-category', booking.therapyCategory, locale)}
          </dd>
          <dt className="text-sm font-medium text-slate-600">{t('detail.modality')}</dt>
          <dd className="text-slate-900 sm:col-span-2">{optionName('modality', booking.modality, locale)}</dd>
          <dt className="text-sm font-medium text-slate-600">{t('detail.price')}</dt>
          <dd className="text-lg font-semibold text-slate-900 sm:col-span-2" data-testid="payment-price">
            {formatMoney(price, currency, locale)}
          </dd>
        </dl>
      </Card>

      <Card className="mt-4">
        <h2 className="text-lg font-semibold text-slate-900">{t('payment.wallet')}</h2>
        {wallet.isPending ? (
          <p className="mt-2 text-slate-700" role="status">
            {t('payment.balanceLoading')}
          </p>
        ) : wallet.isError ? (
          <Alert
            tone="error"
            className="mt-3"
            action={
              <Button size="sm" variant="secondary" pending={wallet.isFetching} onClick={() => void wallet.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('payment.balanceFailed')}
          </Alert>
        ) : (
          <>
            <p className="mt-2 text-slate-900" data-testid="payment-balance">
              {t('payment.balance', { amount: formatMoney(wallet.data.balance, wallet.data.currency, locale) })}
            </p>
            {missing > 0 && (
              <Alert tone="warning" className="mt-3">
                {t('payment.short', { amount: formatMoney(missing, currency, locale) })}
              </Alert>
            )}
          </>
        )}

        {error && (
          <Alert tone="error" className="mt-3">
            {error}
          </Alert>
        )}

        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          {missing > 0 ? (
            <Button
              onClick={() =>
                openModal('wallet-topup', {
                  currencyCode: currency,
                  amountMinor: missing,
                  returnTo: `/payment/${booking.identifier}`,
                })
              }
            >
              {t('payment.topUp', { amount: formatMoney(missing, currency, locale) })}
            </Button>
          ) : (
            <Button pending={pay.isPending} disabled={wallet.isPending || wallet.isError} onClick={onPay}>
              {t('payment.pay', { amount: formatMoney(price, currency, locale) })}
            </Button>
          )}
          <Link to={`/appointments/${booking.identifier}`} className={buttonClasses({ variant: 'secondary' })}>
            {t('payment.viewBooking')}
          </Link>
        </div>
      </Card>
      {/* Issue 48 "Help in a crisis": in the booking flow too. */}
      <CrisisHelp className="mt-6" />
    </div>
  );
}
