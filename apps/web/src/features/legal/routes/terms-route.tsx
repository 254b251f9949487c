import { useTranslation } from 'react-i18next';
import type { LegalSection } from '../components/legal-page';
import { LegalPage } from '../components/legal-page';

export function TermsRoute() {
  const { t } = useTranslation('legal');
  return (
    <LegalPage
      title={t('terms.title')}
      lead={t('terms.lead')}
      sections={t('terms.sections', { returnObjects: true }) as LegalSection[]}
    />
  );
}
