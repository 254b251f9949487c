import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { buttonClasses } from '@/components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <StatusPage icon={Compass} eyebrow="404" title={t('notFound.title')} body={t('notFound.body')}>
      <Link to="/" className={buttonClasses()}>
        {t('notFound.home')}
      </Link>
    </StatusPage>
  );
}
