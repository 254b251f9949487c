import { useQuery } from '@tanstack/react-query';
import type { VerificationReview } from '@therapy/contracts/verification';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { ProfileAvatar } from '@/components/profile-avatar';
import { SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/format';
import { reviewQuery } from '../api/operator-api';
import { Badge, StatusBadge } from '../components/badges';
import { DecisionCard } from '../components/decision-card';
import { ListingCard } from '../components/listing-card';
import { OperatorsOnly } from '../components/operators-only';
import { PracticeColumn } from '../components/practice-column';
import { HistoryCard, VerificationColumn } from '../components/verification-column';
import { providerDisplayName } from '@therapy/contracts/names';

/** Where the desk was opened from: the list of practices hands its address over, so "Back" returns to its filters. */
function useBackLink(): { to: string; list: boolean } {
  const state: unknown = useLocation().state;
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  if (typeof from === 'string' && (from === '/operator/practices' || from.startsWith('/operator/practices?'))) {
    return { to: from, list: true };
  }
  return { to: '/operator/reviews', list: false };
}

/**
 * /operator/reviews/:providerId, the operator's desk (spec §2 "Document review", issue 45): the practice on the left
 * (profile, fees, work history, the history of decisions), its verification on the right (each claimed state with its
 * licences, the other documents), then the decision and the listing. One column on a phone.
 */
export function DocumentReviewRoute() {
  const { t } = useTranslation('operator');
  const userType = useAuthStore((s) => s.user?.userType);
  const { providerId = '' } = useParams();
  const back = useBackLink();
  const backLink = (
    <Link to={back.to} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.list ? t('desk.backToList') : t('review.back')}
    </Link>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('review.title')} actions={userType === 'operator' ? backLink : undefined} />
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
          <Link to="/operator/practices" className={buttonClasses({ variant: 'secondary' })}>
            {t('desk.toList')}
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
  return <Desk providerId={providerId} review={review.data} />;
}

function practiceName(review: VerificationReview): string {
  const { provider } = review;
  return providerDisplayName(provider) || review.email;
}

function Desk({ providerId, review }: { providerId: string; review: VerificationReview }) {
  const name = practiceName(review);
  const statusRef = useRef<HTMLHeadingElement>(null);
  // The card that held the decision is gone (or changed) once it is made: focus goes to the practice's status.
  const focusStatus = () => requestAnimationFrame(() => statusRef.current?.focus());
  return (
    <div className="space-y-6">
      <Summary review={review} name={name} headingRef={statusRef} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="min-w-0 space-y-6">
          <PracticeColumn review={review} />
          <HistoryCard history={review.history} />
        </div>
        <div className="min-w-0 space-y-6">
          <VerificationColumn review={review} />
          <DecisionCard providerId={providerId} review={review} name={name} onDecided={focusStatus} />
          {(review.status === 'approved' || review.status === 'suspended') && (
            <ListingCard providerId={providerId} status={review.status} name={name} onDecided={focusStatus} />
          )}
        </div>
      </div>
    </div>
  );
}

/** Who the practice is and where it stands, above both columns: the status is the first thing a reviewer reads. */
function Summary({
  review,
  name,
  headingRef,
}: {
  review: VerificationReview;
  name: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { provider } = review;
  const latest = review.history.at(-1);
  const suspension = review.status === 'suspended' ? review.history.findLast((h) => h.kind === 'suspended') : null;
  const rejection = review.status === 'rejected' && latest?.kind === 'rejected' ? latest : null;
  return (
    <Card>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <ProfileAvatar photoUrl={provider.photoUrl} firstName={provider.firstName} lastName={provider.lastName} />
        <div className="min-w-0 flex-1">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold break-words text-slate-900 focus:outline-none"
          >
            {name}
          </h2>
          {provider.headline && <p className="text-sm break-words text-slate-700">{provider.headline}</p>}
          <p className="text-sm break-all text-slate-700">{review.email}</p>
          <p className="text-sm text-slate-700">
            {t('queue.submittedAt', { when: formatDateTime(review.submittedAt, locale) })}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-slate-700">{t('desk.status')}</span>
            <StatusBadge status={review.status} size="md" />
            {review.decision && <Badge tone="waiting">{t(`desk.waiting.${review.decision}`)}</Badge>}
          </div>
        </div>
        {review.status === 'approved' && (
          <Link to={`/therapists/${provider.identifier}/`} target="_blank" rel="noopener" className="shrink-0 text-sm">
            {t('review.publicPage')}
            <span className="sr-only"> {t('review.opensInNewTab')}</span>
          </Link>
        )}
      </div>
      {suspension && (
        <Alert tone="warning" title={t('desk.suspended.title')} className="mt-4">
          <p className="break-words whitespace-pre-line">{suspension.note}</p>
          <p className="mt-1 text-xs">
            {t('desk.history.by', {
              who: suspension.operator ?? t('desk.history.unknownOperator'),
              when: formatDateTime(suspension.at, locale),
            })}
          </p>
        </Alert>
      )}
      {rejection?.note && (
        <Alert tone="info" title={t('desk.rejected.title')} className="mt-4">
          <p className="break-words whitespace-pre-line">{rejection.note}</p>
        </Alert>
      )}
    </Card>
  );
}
