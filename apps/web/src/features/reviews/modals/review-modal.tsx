import { zodResolver } from '@hookform/resolvers/zod';
import { REVIEW_CLOSE_DELAY_MS, REVIEW_COMMENT_MAX } from '@therapy/contracts/constants';
import { localize } from '@therapy/contracts/messages';
import { reviewEditInput, reviewInput, type ReviewInput, type ReviewValues } from '@therapy/contracts/reviews';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useCreateReview, useRefreshReview, useUpdateReview } from '../api/reviews-api';
import { StarRating } from '../components/star-rating';

/**
 * Write a review of a completed session, or edit it once (spec §2 "Edit Review": "Your review can only be edited
 * once", half-star rating, optional text, "Update Review"). After saving, the modal shows the result, waits 2 s
 * (spec §9), closes and the review is refetched; the edit control is then gone.
 */
export function ReviewModal({ booking, review, onClose }: ModalComponentProps<'review'>) {
  const { t } = useTranslation('reviews');
  const participantId = booking.participantIdentifier ?? '';
  const editing = review !== null;
  const create = useCreateReview(participantId);
  const update = useUpdateReview(participantId);
  const refresh = useRefreshReview();
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const ratingError = useId();
  const commentId = useId();
  const form = useForm<ReviewInput, unknown, ReviewValues>({
    // The edit sends rating and comment only (spec §3: isAnonymous is shown but not sent).
    resolver: zodResolver(
      editing ? reviewEditInput.extend({ isAnonymous: reviewInput.shape.isAnonymous }) : reviewInput,
    ),
    defaultValues: {
      rating: review?.rating,
      comment: review?.comment ?? '',
      isAnonymous: review?.isAnonymous ?? false,
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      void refresh(booking.identifier);
      onClose();
    }, REVIEW_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, booking.identifier, onClose, refresh]);

  if (done) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
        <CheckCircle2 aria-hidden className="size-12 text-green-700" />
        <DialogTitle>{done}</DialogTitle>
        <DialogDescription>{t('closing')}</DialogDescription>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = editing
        ? await update.mutateAsync({ rating: values.rating, comment: values.comment })
        : await create.mutateAsync(values);
      setDone(answer.message ? localize(answer.message, currentLocale()) : t(editing ? 'updated' : 'saved'));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });
  const errors = form.formState.errors;
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
      <DialogTitle>{editing ? t('editTitle') : t('writeTitle')}</DialogTitle>
      <DialogDescription>
        {editing
          ? t('editOnce')
          : t('writeLead', { name: [booking.provider.firstName, booking.provider.lastName].filter(Boolean).join(' ') })}
      </DialogDescription>
      <div className="mt-5 space-y-5">
        {!editing && <Alert tone="info">{t('editOnce')}</Alert>}
        <div>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <StarRating
                label={t('rating')}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(errors.rating)}
                describedBy={errors.rating ? ratingError : undefined}
              />
            )}
          />
          <FieldError id={ratingError} message={errors.rating?.message} />
        </div>
        <div>
          <label htmlFor={commentId} className="mb-1.5 block text-sm font-medium text-slate-900">
            {t('comment')} <span className="font-normal text-slate-600">({t('optional')})</span>
          </label>
          <textarea
            id={commentId}
            rows={5}
            maxLength={REVIEW_COMMENT_MAX + 100}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? `${commentId}-error` : `${commentId}-hint`}
            className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ${errors.comment ? 'border-red-700' : 'border-slate-500 hover:border-slate-600'}`}
            {...form.register('comment')}
          />
          <p id={`${commentId}-hint`} className="mt-1 text-sm text-slate-600">
            {t('commentHint')}
          </p>
          <FieldError id={`${commentId}-error`} message={errors.comment?.message} />
        </div>
        <Checkbox label={t('anonymous')} disabled={editing} {...form.register('isAnonymous')} />
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={pending}>
          {editing ? t('update') : t('submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
