import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { RegisterProviderForm } from '../components/register-provider-form';

export function RegisterProviderRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard wide title={t('register.providerTitle')} lead={t('register.providerLead')}>
      <RegisterProviderForm />
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('register.haveAccount')} <Link to="/login">{t('register.signIn')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/register/client">{t('register.switchToClient')}</Link>
      </p>
    </AuthCard>
  );
}
