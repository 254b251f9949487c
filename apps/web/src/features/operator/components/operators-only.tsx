import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { buttonClasses } from '@/components/ui/button';

/** What a client or provider sees on an operator page: a clear refusal, no operator call made. */
export function OperatorsOnly() {
  const { t } = useTranslation('operator');
  return (
    <EmptyState
      icon={Lock}
      title={t('operatorsOnly.title')}
      description={t('operatorsOnly.body')}
      action={
        <Link to="/overview" className={buttonClasses({ variant: 'secondary' })}>
          {t('operatorsOnly.back')}
        </Link>
      }
    />
  );
}
