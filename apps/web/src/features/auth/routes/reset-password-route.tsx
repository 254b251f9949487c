import { message } from '@therapy/contracts/messages';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { currentLocale } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');

  return (
    <AuthCard title={t('reset.title')} lead={token ? t('reset.lead') : undefined}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert tone="error" action={<Link to="/forgot-password">{t('reset.requestNew')}</Link>}>
          {message('tokenInvalid', currentLocale())}
        </Alert>
      )}
    </AuthCard>
  );
}
