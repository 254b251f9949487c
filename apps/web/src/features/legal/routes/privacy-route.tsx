import { useTranslation } from 'react-i18next';
import type { LegalSection } from '../components/legal-page';
import { LegalPage } from '../components/legal-page';

export function PrivacyRoute() {
  const { t } = useTranslation('legal');
  return (
    <LegalPage
      title={t('privacy.title')}
      lead={t('privacy.lead')}
      sections={t('privacy.sections', { returnObjects: true }) as LegalSection[]}
    />
  );
}
