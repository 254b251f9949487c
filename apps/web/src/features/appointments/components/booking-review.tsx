import type { BookingDetails, BookingRole } from '@therapy/contracts/bookings';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useModalStore } from '@/lib/modal-store';
import { bookingReviewQuery } from '../api/bookings-api';
import { usePageLocale } from './booking-bits';

/**
 * The review of a completed session on its detail page (issue 16): the client writes it, or edits it once (the edit
 * control is gone after that); the provider reads it. The write and edit forms are the `review` modal.
 */
export function BookingReview({ booking, role }: { booking: BookingDetails; role: BookingRole }) {
  const { t } = useTranslation('appointments');
  const locale = usePageLocale();
  const openModal = useModalStore((s) => s.open);
  const review = useQuery(bookingReviewQuery(booking.identifier));
  const canWrite = role === 'client' && booking.participantIdentifier !== null;

  return (
    <section aria-labelledby="booking-review" className="mt-8">
      <h2 id="booking-review" className="text-lg font-semibold text-slate-900">
        {t('review.title')}
      </h2>
      {review.isPending ? (
        <p className="mt-2 text-sm text-slate-700" role="status">
          {t('review.loading')}
        </p>
      ) : review.isError ? (
        <Alert
          tone="error"
          className="mt-3"
          action={
            <Button size="sm" variant="secondary" onClick={() => void review.refetch()}>
              {t('review.retry')}
            </Button>
          }
        >
          {t('review.error')}
        </Alert>
      ) : review.data === null ? (
        <Card className="mt-3 p-4">
          <p className="text-slate-800">{role === 'client' ? t('review.invite') : t('review.none')}</p>
          {canWrite && (
            <Button className="mt-3" onClick={() => openModal('review', { booking, review: null }, { size: 'md' })}>
              {t('review.write')}
            </Button>
          )}
        </Card>
      ) : (
        <Card className="mt-3 p-4">
          <p className="flex items-center gap-2 font-medium text-slate-900">
            <Star aria-hidden className="size-5 fill-amber-400 text-amber-500" />
            {t('review.rating', { value: review.data.rating.toLocaleString(locale === 'de' ? 'de-DE' : 'en-US') })}
          </p>
          {review.data.comment && (
            <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.data.comment}</p>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {review.data.isAnonymous ? t('review.anonymous') : review.data.authorName}
          </p>
          {canWrite && review.data.canEdit && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => openModal('review', { booking, review: review.data }, { size: 'md' })}
            >
              {t('review.edit')}
            </Button>
          )}
        </Card>
      )}
    </section>
  );
}
