import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/safe-redirect';
import { AuthCard } from '../components/auth-card';
import { RegisterClientForm } from '../components/register-client-form';

/** Client sign-up; `?redirect=` (a same-site path, e.g. a provider's invitation) is where the new client goes on to. */
export function RegisterClientRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = params.get('redirect') ? safeRedirect(params.get('redirect')) : undefined;
  return (
    <AuthCard wide title={t('register.clientTitle')} lead={t('register.clientLead')}>
      <RegisterClientForm redirect={redirect} />
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('register.haveAccount')}{' '}
        <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>{t('register.signIn')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/register/provider">{t('register.switchToProvider')}</Link>
      </p>
    </AuthCard>
  );
}
