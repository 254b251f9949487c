import { useQuery } from '@tanstack/react-query';
import type { PracticeChange, ProviderVerification, VerificationNote } from '@therapy/contracts/verification';
import { ClipboardCheck, FileClock, ScrollText, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PracticePage } from '@/components/practice-page';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-error';
import { formatDay } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useSubmitVerification, verificationNoteQuery, verificationQuery } from '../api/verification-api';
import { SetupChecklist } from '../components/setup-checklist';
import { VerificationStatusBadge } from '../components/status-badge';

/** /practice: the provider's practice hub: verification status, the operator's note, the checklist and submission. */
export function PracticeHubRoute() {
  const { t } = useTranslation('verification');
  return (
    <PracticePage
      backToPractice={false}
      title={t('hub.title')}
      lead={t('hub.lead')}
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
    >
      <ProviderPractice />
    </PracticePage>
  );
}

function ProviderPractice() {
  const { t } = useTranslation('verification');
  const verification = useQuery(verificationQuery());
  const note = useQuery(verificationNoteQuery());
  const data = verification.data;
  return (
    <div className="space-y-6">
      <SectionCard icon={ShieldCheck} title={t('status.title')}>
        {data && !note.isLoading ? (
          <StatusPanel verification={data} note={note.data} />
        ) : (
          <SectionStatus
            loading={verification.isLoading || note.isLoading}
            error={verification.isError}
            onRetry={() => void verification.refetch()}
            loadingLabel={t('loading')}
            errorText={t('loadFailed')}
            retryLabel={t('retry')}
          />
        )}
      </SectionCard>
      {data && data.changes.length > 0 && (
        <SectionCard icon={FileClock} title={t('changes.title')} description={t('changes.lead')}>
          <PendingChanges changes={data.changes} />
        </SectionCard>
      )}
      <SectionCard icon={ClipboardCheck} title={t('checklist.title')} description={t('checklist.description')}>
        {data ? (
          <>
            <SetupChecklist steps={data.steps} />
            <SubmitPanel verification={data} />
          </>
        ) : (
          <SectionStatus
            loading={verification.isLoading}
            error={verification.isError}
            onRetry={() => void verification.refetch()}
            loadingLabel={t('loading')}
            errorText={t('loadFailed')}
            retryLabel={t('retry')}
          />
        )}
      </SectionCard>
      {/* The access log (issue 20) is its own feature; a plain link keeps the features apart. */}
      <SectionCard icon={ScrollText} title={t('accessLog.title')} description={t('accessLog.description')}>
        <Link to="/practice/access-log" className={buttonClasses({ variant: 'secondary' })}>
          {t('accessLog.open')}
        </Link>
      </SectionCard>
    </div>
  );
}

function StatusPanel({
  verification,
  note,
}: {
  verification: ProviderVerification;
  note: VerificationNote | undefined;
}) {
  const { t } = useTranslation('verification');
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <VerificationStatusBadge status={verification.status} />
      </div>
      <p className="text-sm text-slate-700">{t(`status.explain.${verification.status}`)}</p>
      {verification.suspendedReason ? (
        <Alert tone="warning" title={t('status.suspendedReason')}>
          <p className="whitespace-pre-line break-words">{verification.suspendedReason}</p>
        </Alert>
      ) : (
        note?.note && (
          <Alert tone={verification.status === 'rejected' ? 'warning' : 'info'} title={t('status.note')}>
            <p className="whitespace-pre-line break-words">{note.note}</p>
          </Alert>
        )
      )}
    </div>
  );
}

const reviewTones: Record<PracticeChange['review'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-red-100 text-red-900',
};

/** What of the verified practice is not in force yet (or any more): pending, not approved, expired (issue 45). */
function PendingChanges({ changes }: { changes: PracticeChange[] }) {
  const { t, i18n } = useTranslation('verification');
  const locale = i18n.resolvedLanguage ?? 'en';
  const day = (date: string) => formatDay(date, locale);
  const states = changes.some((c) => c.kind === 'licenseState');
  const documents = changes.some((c) => c.kind !== 'licenseState');
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {changes.map((c) => (
          <li key={c.identifier} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                {t(`changes.kind.${c.kind}`)}
              </p>
              <p className="break-words font-medium text-slate-900">{c.title}</p>
              {c.review === 'expired' && c.expiresOn && (
                <p className="text-sm text-slate-700">{t('changes.expired', { date: day(c.expiresOn) })}</p>
              )}
            </div>
            <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${reviewTones[c.review]}`}>
              {t(`changes.review.${c.review}`)}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {documents && (
          <Link to="/practice/credentials" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('changes.fix')}
          </Link>
        )}
        {states && (
          <Link to="/practice/license-states" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('changes.states')}
          </Link>
        )}
      </div>
    </div>
  );
}

function SubmitPanel({ verification }: { verification: ProviderVerification }) {
  const { t } = useTranslation('verification');
  const submit = useSubmitVerification();
  const [confirming, setConfirming] = useState(false);
  const open = verification.status === 'not_submitted' || verification.status === 'rejected';
  if (!open) return null;
  const complete = verification.completed === verification.total;
  const refusal = submit.error
    ? isApiError(submit.error) && submit.error.message
      ? submit.error.message
      : errorMessage(submit.error)
    : undefined;

  const send = () =>
    submit.mutate(undefined, {
      onSuccess: (res) => {
        setConfirming(false);
        if (res.message) notify.success(res.message);
      },
      onError: () => setConfirming(false),
    });

  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      {refusal && (
        <Alert tone="error" className="mb-4">
          {refusal}
        </Alert>
      )}
      {confirming ? (
        <div
          role="group"
          aria-labelledby="submit-confirm-text"
          className="rounded-xl border border-brand-200 bg-brand-50 p-4"
        >
          <p id="submit-confirm-text" className="text-sm text-slate-900">
            {t('submit.confirm')}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={send} pending={submit.isPending}>
              {t('submit.confirmButton')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submit.isPending}>
              {t('submit.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Button
            onClick={() => setConfirming(true)}
            disabled={!complete}
            aria-describedby={complete ? undefined : 'submit-hint'}
          >
            {verification.status === 'rejected' ? t('submit.again') : t('submit.button')}
          </Button>
          {!complete && (
            <p id="submit-hint" className="mt-2 text-sm text-slate-700">
              {t('submit.incomplete')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
