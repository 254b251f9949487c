import { useTranslation } from 'react-i18next';
import { PolicyPage } from '../components/policy-page';
import { policyValues } from '../components/policy-limits';

export function ProviderCancellationRoute() {
  const { t } = useTranslation('policy');
  const values = policyValues;
  return (
    <PolicyPage
      title={t('provider.title')}
      lead={t('provider.lead')}
      sections={[
        {
          title: t('provider.cancel.title'),
          paragraphs: [t('provider.cancel.refund', values), t('provider.cancel.how', values)],
        },
        {
          title: t('provider.reschedule.title'),
          paragraphs: [t('provider.reschedule.limit', values), t('provider.reschedule.approval', values)],
        },
      ]}
    />
  );
}
