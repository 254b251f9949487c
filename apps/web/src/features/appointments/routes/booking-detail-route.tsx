import type { BookingDetails, BookingRole } from '@therapy/contracts/bookings';
import { activeBookingStatuses } from '@therapy/contracts/bookings';
import { message } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare, RotateCcw, Video } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { useModalStore } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { BookingLoadState } from '../components/booking-load-state';
import { BookingHistory } from '../components/booking-history';
import { BookingReview } from '../components/booking-review';
import { DeclineNotice } from '../components/decline-notice';
import {
  bookAgainPath,
  bookingDetailsQuery,
  partyName,
  useAnswerRequestedBooking,
  useWithdrawReschedule,
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The booking detail page (/appointments/:bookingId): participants, times in the viewer's zone (and the provider's
 * when it differs), therapy, modality, where, price, status and its history, reschedules, and the actions the booking's
 * state allows the viewer. The cancel, reschedule, schedule, answer and share flows are modals opened by id.
 */
export function BookingDetailRoute() {
  const { bookingId = '' } = useParams();
  const role: ViewerRole = useAuthStore((s) => (s.user?.userType === 'provider' ? 'provider' : 'client'));
  const validId = uuidPattern.test(bookingId);
  const details = useQuery({ ...bookingDetailsQuery(role, bookingId), enabled: validId });

  if (!validId || !details.isSuccess)
    return (
      <BookingLoadState details={details} validId={validId} page="detail" width="max-w-3xl" after={<BackLink />} />
    );
  return <BookingDetailView booking={details.data} role={role} />;
}

function BackLink() {
  const { t } = useTranslation('appointments');
  return (
    <Link to="/appointments" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
      <ArrowLeft aria-hidden className="size-4" />
      {t('detail.back')}
    </Link>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900 break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

/** Statuses of a booking that will not take place. */
const closedBookingStatuses = ['rejected', 'cancelled', 'expired'] as const;

export function BookingDetailView({ booking, role }: { booking: BookingDetails; role: BookingRole }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  const zone = useViewerZone();
  const openModal = useModalStore((s) => s.open);
  const answer = useAnswerRequestedBooking();
  const withdraw = useWithdrawReschedule();
  const limitId = useId();
  const requestId = useId();
  const providerZone = booking.provider.timezone;
  const active = (activeBookingStatuses as readonly string[]).includes(booking.status);
  const remaining =
    role === 'client'
      ? booking.rescheduleInfo.remainingClientReschedule
      : booking.rescheduleInfo.remainingProviderReschedule;
  const pendingRequest = booking.reschedules.find((r) => r.status === 'pending');
  const hasTime = !!booking.startTime;
  const canReschedule = hasTime && (booking.status === 'pending' || booking.status === 'confirmed');
  const online = !!booking.meetingLink || !booking.address;
  // A declined, cancelled or expired booking takes place nowhere and cannot be moved (issues 47, 48): no link, no
  // address, no count. A completed one cannot be moved either (decision 0027): no count.
  const closed = (closedBookingStatuses as readonly string[]).includes(booking.status);
  const movable = !closed && booking.status !== 'completed';
  // The client books the same therapist again, the therapy and session type chosen for them (issue 48).
  const bookAgain =
    role === 'client' &&
    (booking.status === 'completed' || booking.status === 'cancelled' || booking.status === 'expired')
      ? bookAgainPath(booking)
      : null;
  const other = role === 'client' ? booking.provider : booking.client;

  const onWithdraw = () =>
    withdraw.mutate(
      { id: booking.identifier },
      { onSuccess: (res) => notify.success(res.message ?? message('rescheduleWithdrawn', locale)) },
    );

  const onAccept = () =>
    answer.mutate(
      { id: booking.identifier, answer: 'accept' },
      { onSuccess: (res) => notify.success(res.message ?? message('bookingAcknowledged', locale)) },
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t('detail.title')}</h1>
        <StatusBadge status={booking.status} />
      </div>

      {booking.status === 'requested' && role === 'client' && (
        <Alert className="mt-4">{t('detail.requestedClient')}</Alert>
      )}
      {booking.status === 'pending' && role === 'client' && hasTime && (
        <Alert tone="warning" className="mt-4">
          {t('detail.pendingClient')}
        </Alert>
      )}

      {booking.decline && <DeclineNotice booking={booking} role={role} />}

      {pendingRequest && (
        <Alert tone="warning" className="mt-4" title={t('detail.rescheduleRequestTitle')}>
          <p id={requestId}>
            {t('detail.rescheduleRequestTo', {
              time: formatSession(pendingRequest.toStartTime, pendingRequest.toEndTime, locale, zone),
            })}
          </p>
          {pendingRequest.note && (
            <p className="mt-1">{t('detail.rescheduleRequestNote', { note: pendingRequest.note })}</p>
          )}
          {pendingRequest.requestedBy === role ? (
            <>
              <p className="mt-2 font-medium">{t('detail.waitingForOther')}</p>
              <Button
                size="sm"
                variant="secondary"
                className="mt-3"
                pending={withdraw.isPending}
                disabled={withdraw.isPending}
                onClick={onWithdraw}
              >
                {t('detail.withdrawRequest')}
              </Button>
            </>
          ) : (
            <Button size="sm" className="mt-3" onClick={() => openModal('answer-reschedule', { booking, role })}>
              {t('detail.answerRequest')}
            </Button>
          )}
        </Alert>
      )}

      <Card className="mt-6">
        <dl className="divide-y divide-slate-200">
          <Row label={t('detail.provider')}>{partyName(booking.provider)}</Row>
          <Row label={t('detail.client')}>{partyName(booking.client)}</Row>
          <Row label={t('detail.when')}>
            {booking.startTime ? (
              <>
                <span className="block">{formatSession(booking.startTime, booking.endTime, locale, zone)}</span>
                {providerZone && providerZone !== zone && role === 'client' && (
                  <span className="mt-1 block text-sm text-slate-600">
                    {t('detail.providerTime', {
                      time: formatSession(booking.startTime, booking.endTime, locale, providerZone),
                    })}
                  </span>
                )}
              </>
            ) : (
              t('detail.noTimeYet')
            )}
          </Row>
          <Row label={t('detail.therapy')}>{optionName('therapy-category', booking.therapyCategory, locale)}</Row>
          <Row label={t('detail.modality')}>{optionName('modality', booking.modality, locale)}</Row>
          {!closed && (
            <Row label={online ? t('detail.meetingLink') : t('detail.address')}>
              {booking.meetingLink ? (
                <a
                  href={booking.meetingLink}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="font-medium text-brand-700 underline break-all"
                >
                  {booking.meetingLink}
                </a>
              ) : booking.address ? (
                <span className="whitespace-pre-line">{booking.address}</span>
              ) : (
                t('detail.linkLater')
              )}
            </Row>
          )}
          <Row label={t('detail.price')}>
            <Price booking={booking} />
          </Row>
          <Row label={t('detail.note')}>
            {booking.note ? (
              <>
                <span className="line-clamp-2 whitespace-pre-line">{booking.note}</span>
                <Button variant="link" size="sm" onClick={() => openModal('booking-note', { booking })}>
                  {t('detail.readNote')}
                </Button>
              </>
            ) : (
              t('detail.noNote')
            )}
          </Row>
          {movable && (
            <Row label={t('detail.reschedules')}>
              {t('detail.remaining', { count: remaining })}
              {remaining <= 0 && (
                <span id={limitId} className="mt-1 block text-sm font-medium text-red-700">
                  {message('rescheduleLimitReached', locale)}
                </span>
              )}
            </Row>
          )}
          {booking.cancellation && (
            <Row label={t('detail.cancellation')}>
              {t(booking.cancellation.by === 'client' ? 'detail.cancelledByClient' : 'detail.cancelledByProvider')}
              <span className="mt-1 block text-sm text-slate-700">{booking.cancellation.note}</span>
              <span className="mt-1 block text-sm text-slate-700">
                {t('detail.refunded', {
                  amount: formatMoney(booking.cancellation.refundAmount, booking.price.currencyCode, locale),
                })}
              </span>
            </Row>
          )}
        </dl>
      </Card>

      <section aria-labelledby="booking-actions" className="mt-6">
        <h2 id="booking-actions" className="sr-only">
          {t('detail.actions')}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {booking.status === 'confirmed' && hasTime && online && (
            <Link to={`/session/${booking.identifier}`} className={buttonClasses()}>
              <Video className="size-4" aria-hidden="true" />
              {t('detail.joinSession')}
            </Link>
          )}
          {role === 'client' && booking.status === 'pending' && hasTime && (
            <Link to={`/payment/${booking.identifier}`} className={buttonClasses()}>
              {t('detail.pay')}
            </Link>
          )}
          {role === 'client' && active && !hasTime && (
            <Button onClick={() => openModal('schedule-booking', { booking }, { size: 'md' })}>
              {t('detail.schedule')}
            </Button>
          )}
          {role === 'provider' && booking.status === 'requested' && (
            <>
              <Button pending={answer.isPending} disabled={answer.isPending} onClick={onAccept}>
                {t('detail.accept')}
              </Button>
              <Button
                variant="secondary"
                disabled={answer.isPending}
                onClick={() => openModal('decline-booking', { booking }, { size: 'md' })}
              >
                {t('detail.decline')}
              </Button>
            </>
          )}
          {canReschedule && (
            <Button
              variant="secondary"
              // At 0 left (spec §6) or while a request waits for its answer, the button stays, disabled, with the reason.
              disabled={remaining <= 0 || !!pendingRequest}
              aria-describedby={remaining <= 0 ? limitId : pendingRequest ? requestId : undefined}
              onClick={() => openModal('reschedule-booking', { booking, role }, { size: 'md' })}
            >
              {t('detail.reschedule')}
            </Button>
          )}
          {active && hasTime && (
            <Button variant="secondary" onClick={() => openModal('share-booking', { booking })}>
              {t('detail.share')}
            </Button>
          )}
          <Link to={`/messages?with=${other.identifier}`} className={buttonClasses({ variant: 'secondary' })}>
            <MessageSquare className="size-4" aria-hidden="true" />
            {t('detail.message', { name: partyName(other) })}
          </Link>
          {bookAgain && (
            <Link
              to={bookAgain}
              className={buttonClasses({ variant: booking.status === 'completed' ? 'primary' : 'secondary' })}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('detail.bookAgain')}
            </Link>
          )}
          {active && (
            <Button variant="danger" onClick={() => openModal('cancel-booking', { booking, role })}>
              {t('detail.cancel')}
            </Button>
          )}
        </div>
      </section>

      {booking.status === 'completed' && <BookingReview booking={booking} role={role} />}

      <section aria-labelledby="booking-history" className="mt-8">
        <h2 id="booking-history" className="text-lg font-semibold text-slate-900">
          {t('detail.history')}
        </h2>
        <BookingHistory booking={booking} role={role} labelledBy="booking-history" />
      </section>

      {/* The provider's session notes of this booking (features/notes, through the route's child). */}
      <Outlet />

      <BackLink />
    </div>
  );
}
