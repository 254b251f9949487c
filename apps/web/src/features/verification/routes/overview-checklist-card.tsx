import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { buttonClasses } from '@/components/ui/button';
import { verificationQuery } from '../api/verification-api';
import { SetupChecklist } from '../components/setup-checklist';
import { VerificationStatusBadge } from '../components/status-badge';

/** The provider dashboard's set-up checklist card (/overview): progress, each step, and the way to /practice. */
export function OverviewChecklistCard() {
  const { t } = useTranslation('verification');
  const verification = useQuery(verificationQuery());
  const data = verification.data;
  return (
    <SectionCard icon={ClipboardCheck} title={t('card.title')} description={t('card.description')}>
      {data ? (
        <>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <VerificationStatusBadge status={data.status} />
          </div>
          <SetupChecklist steps={data.steps} compact />
          <Link
            to="/practice"
            className={buttonClasses({
              variant: 'secondary',
              className: 'mt-4',
            })}
          >
            {t('card.open')}
          </Link>
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
  );
}
