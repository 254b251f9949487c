import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { RegisterClientForm } from '../components/register-client-form';

export function RegisterClientRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard wide title={t('register.clientTitle')} lead={t('register.clientLead')}>
      <RegisterClientForm />
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('register.haveAccount')} <Link to="/login">{t('register.signIn')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/register/provider">{t('register.switchToProvider')}</Link>
      </p>
    </AuthCard>
  );
}
