import { REFUND_CUTOFF_HOURS } from '@therapy/contracts/constants';
import { useTranslation } from 'react-i18next';
import { PolicyPage } from '../components/policy-page';
import { RESCHEDULE_LIMITS } from '../components/policy-limits';

export function ProviderCancellationRoute() {
  const { t } = useTranslation('policy');
  const values = { hours: REFUND_CUTOFF_HOURS, clientReschedules: RESCHEDULE_LIMITS.client, providerReschedules: RESCHEDULE_LIMITS.provider };
  return (
    <PolicyPage
      title={t('provider.title')}
      lead={t('provider.lead')}
      sections={[
        { title: t('provider.cancel.title'), paragraphs: [t('provider.cancel.refund', values), t('provider.cancel.how', values)] },
        { title: t('provider.reschedule.title'), paragraphs: [t('provider.reschedule.limit', values), t('provider.reschedule.approval', values)] },
      ]}
    />
  );
}
