import { useTranslation } from 'react-i18next';
import { PolicyPage } from '../components/policy-page';
import { policyValues } from '../components/policy-limits';

export function ClientCancellationRoute() {
  const { t } = useTranslation('policy');
  const values = policyValues;
  return (
    <PolicyPage
      title={t('client.title')}
      lead={t('client.lead')}
      sections={[
        {
          title: t('client.cancel.title'),
          paragraphs: [t('client.cancel.early', values), t('client.cancel.late', values)],
        },
        {
          title: t('client.reschedule.title'),
          paragraphs: [t('client.reschedule.limit', values), t('client.reschedule.approval', values)],
        },
        { title: t('client.provider.title'), paragraphs: [t('client.provider.body', values)] },
      ]}
    />
  );
}
