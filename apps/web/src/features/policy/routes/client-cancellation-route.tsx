import { REFUND_CUTOFF_HOURS } from '@therapy/contracts/constants';
import { useTranslation } from 'react-i18next';
import { PolicyPage } from '../components/policy-page';
import { RESCHEDULE_LIMITS } from '../components/policy-limits';

export function ClientCancellationRoute() {
  const { t } = useTranslation('policy');
  const values = { hours: REFUND_CUTOFF_HOURS, clientReschedules: RESCHEDULE_LIMITS.client, providerReschedules: RESCHEDULE_LIMITS.provider };
  return (
    <PolicyPage
      title={t('client.title')}
      lead={t('client.lead')}
      sections={[
        { title: t('client.cancel.title'), paragraphs: [t('client.cancel.early', values), t('client.cancel.late', values)] },
        { title: t('client.reschedule.title'), paragraphs: [t('client.reschedule.limit', values), t('client.reschedule.approval', values)] },
        { title: t('client.provider.title'), paragraphs: [t('client.provider.body', values)] },
      ]}
    />
  );
}
