import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  rejectVerificationInput,
  type RejectVerificationInput,
  type VerificationReview,
} from '@therapy/contracts/verification';
import { ArrowLeft, CheckCircle2, ExternalLink, Eye, FileText, SearchX, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { ProfileAvatar } from '@/components/profile-avatar';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/format';
import { openModal } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { reviewQuery, useApprove, useReject } from '../api/operator-api';
import { OperatorsOnly } from '../components/operators-only';

/** /operator/reviews/:providerId: the "Document review" screen (spec §2): documents, approve, or reject with a note. */
export function DocumentReviewRoute() {
  const { t } = useTranslation('operator');
  const userType = useAuthStore((s) => s.user?.userType);
  const { providerId = '' } = useParams();
  const back = (
    <Link to="/operator/reviews" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('review.back')}
    </Link>
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('review.title')} actions={userType === 'operator' ? back : undefined} />
      {userType === 'operator' ? <Review providerId={providerId} /> : userType ? <OperatorsOnly /> : null}
    </div>
  );
}

function Review({ providerId }: { providerId: string }) {
  const { t } = useTranslation('operator');
  const review = useQuery(reviewQuery(providerId));
  if (review.isError && isApiError(review.error) && review.error.status === 404) {
    return (
      <EmptyState
        icon={SearchX}
        title={t('review.gone.title')}
        description={t('review.gone.body')}
        action={
          <Link to="/operator/reviews" className={buttonClasses({ variant: 'secondary' })}>
            {t('review.back')}
          </Link>
        }
      />
    );
  }
  if (!review.data) {
    return (
      <SectionStatus
        loading={review.isLoading}
        error={review.isError}
        onRetry={() => void review.refetch()}
        loadingLabel={t('loading')}
        errorText={t('review.loadFailed')}
        retryLabel={t('retry')}
      />
    );
  }
  return <ReviewContent providerId={providerId} review={review.data} />;
}

function ReviewContent({ providerId, review }: { providerId: string; review: VerificationReview }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { provider } = review;
  const name = [provider.title, provider.firstName, provider.lastName].filter(Boolean).join(' ') || review.email;
  return (
    <div className="space-y-6">
      <SectionCard icon={UserRound} title={t('review.provider')}>
        <div className="flex items-start gap-4">
          <ProfileAvatar
            photoUrl={provider.photoUrl}
            firstName={provider.firstName}
            lastName={provider.lastName}
            size="md"
          />
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">{name}</p>
            {provider.headline && <p className="text-sm break-words text-slate-700">{provider.headline}</p>}
            <p className="text-sm break-all text-slate-700">{review.email}</p>
            <p className="text-sm text-slate-700">
              {t('queue.submittedAt', {
                when: formatDateTime(review.submittedAt, locale),
              })}
            </p>
            {provider.therapies.length > 0 && (
              <p className="mt-1 text-sm text-slate-700">
                {t('review.therapies', {
                  list: provider.therapies.map((th) => th.name).join(', '),
                })}
              </p>
            )}
          </div>
          <Link
            to={`/therapists/${providerId}/`}
            target="_blank"
            rel="noopener"
            className="ml-auto hidden shrink-0 text-sm sm:inline"
          >
            {t('review.publicPage')}
          </Link>
        </div>
      </SectionCard>

      <SectionCard icon={FileText} title={t('review.documents')} description={t('review.documentsHint')}>
        {review.documents.length === 0 ? (
          <p className="text-sm text-slate-700">{t('review.noDocuments')}</p>
        ) : (
          <ul className="space-y-4">
            {review.documents.map((doc) => (
              <li key={doc.identifier} className="rounded-xl border border-slate-200 p-4">
                <p className="font-semibold break-words text-slate-900">
                  {t(`kinds.${doc.kind}`)}: {doc.title}
                </p>
                <ul className="mt-2 space-y-1">
                  {doc.files.map((file) => (
                    <li key={file.identifier} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <button
                        type="button"
                        onClick={() =>
                          openModal(
                            'file-preview',
                            { url: file.url, filename: file.filename, contentType: file.contentType },
                            { size: 'lg' },
                          )
                        }
                        className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                      >
                        <Eye className="size-4 shrink-0" aria-hidden="true" />
                        {t('review.preview', { name: file.filename })}
                      </button>
                      <a
                        href={file.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 text-sm break-all"
                      >
                        {file.filename}
                        <span className="text-slate-600">
                          (
                          {t('review.size', {
                            kb: Math.max(1, Math.round(file.size / 1024)),
                          })}
                          )
                        </span>
                        <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                        <span className="sr-only">{t('review.opensInNewTab')}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard icon={CheckCircle2} title={t('review.decision')} description={t('review.decisionHint')}>
        <Decision providerId={providerId} />
      </SectionCard>
    </div>
  );
}

function Decision({ providerId }: { providerId: string }) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const approve = useApprove(providerId);
  const reject = useReject(providerId);
  const [rejecting, setRejecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectVerificationInput>({
    resolver: zodResolver(rejectVerificationInput),
    defaultValues: { note: '' },
  });
  const done = async (message: string | undefined) => {
    if (message) notify.success(message);
    await navigate('/operator/reviews');
  };
  const busy = approve.isPending || reject.isPending;

  if (rejecting) {
    return (
      <form
        noValidate
        onSubmit={handleSubmit((values) => reject.mutate(values, { onSuccess: (res) => void done(res.message) }))}
      >
        <FormField label={t('review.note')} error={errors.note?.message} hint={t('review.noteHint')}>
          {({ invalid, ...field }) => (
            <textarea
              {...field}
              rows={5}
              aria-invalid={invalid || undefined}
              className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ${invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600'}`}
              {...register('note')}
            />
          )}
        </FormField>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" variant="danger" pending={reject.isPending}>
            {t('review.rejectConfirm')}
          </Button>
          <Button variant="secondary" onClick={() => setRejecting(false)} disabled={busy}>
            {t('review.cancel')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        onClick={() =>
          approve.mutate(undefined, {
            onSuccess: (res) => void done(res.message),
          })
        }
        pending={approve.isPending}
        disabled={busy}
      >
        {t('review.approve')}
      </Button>
      <Button variant="secondary" onClick={() => setRejecting(true)} disabled={busy}>
        {t('review.reject')}
      </Button>
    </div>
  );
}
