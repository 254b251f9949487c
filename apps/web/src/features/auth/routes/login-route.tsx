import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useAuthStore } from '@/lib/auth-store';
import { safeRedirect } from '@/lib/safe-redirect';
import { AuthCard } from '../components/auth-card';
import { GoogleSignIn } from '../components/google-sign-in';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  // The page the visitor came from (a therapist's page with the chosen time) goes on with them to the sign-up.
  const back = params.get('redirect') ? safeRedirect(params.get('redirect'), '') : '';
  const status = useAuthStore((s) => s.status);

  // Covers both a fresh sign-in and a visitor whose session was restored while this page was open.
  if (status === 'authenticated') return <Navigate to={target} replace />;

  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      {/* The server sends a failed Google sign-in back here with ?error=social. */}
      {/* An idle sign-out (decision 0036) sends the person here with ?reason=idle: say why they must sign in again. */}
      {params.get('reason') === 'idle' && (
        <Alert tone="info" className="mb-5">
          {t('login.idleSignedOut')}
        </Alert>
      )}
      {/* Sent here by Continue on a therapist's page: the chosen time waits for them (issue 48). */}
      {/[?&]slot=/.test(back) && (
        <Alert tone="info" className="mb-5">
          {t('login.slotKept')}
        </Alert>
      )}
      {params.get('error') === 'social' && (
        <Alert tone="error" className="mb-5">
          {t('login.socialFailed')}
        </Alert>
      )}
      <LoginForm />
      <GoogleSignIn redirect={target} />
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('login.noAccount')}{' '}
        <Link to={back ? `/register?redirect=${encodeURIComponent(back)}` : '/register'}>{t('login.register')}</Link>
      </p>
    </AuthCard>
  );
}
