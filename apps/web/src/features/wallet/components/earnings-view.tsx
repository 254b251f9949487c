import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { SectionStatus } from '@/components/section-card';
import { earningsQuery } from '../api/wallet-api';
import { EarningSessions } from './earning-sessions';
import { EarningsSummary } from './earnings-summary';
import { PayoutsCard } from './payouts-card';

/** /wallet for a provider (issue 46): their earnings per currency, each session's line, and their payouts. */
export function EarningsView() {
  const { t } = useTranslation('wallet');
  const earnings = useQuery(earningsQuery());
  return (
    <>
      <PageHeading title={t('earnings.title')} lead={t('earnings.lead')} />
      <div className="flex flex-col gap-6">
        {!earnings.data && (
          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <SectionStatus
              loading={earnings.isPending}
              error={earnings.isError}
              onRetry={() => void earnings.refetch()}
              loadingLabel={t('loading')}
              errorText={t('earnings.loadFailed')}
              retryLabel={t('retry')}
            />
          </div>
        )}
        {earnings.data?.currencies.map((e) => (
          <EarningsSummary key={e.currency} earnings={e} />
        ))}
        {earnings.data && <EarningSessions sessions={earnings.data.sessions} />}
        <PayoutsCard />
      </div>
    </>
  );
}
