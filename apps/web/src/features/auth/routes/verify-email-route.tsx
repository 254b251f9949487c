import { message } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Link2Off } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/safe-redirect';
import { PageSpinner } from '@/components/page-spinner';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';
import { currentLocale } from '@/lib/i18n';
import { updateSessionUser } from '@/lib/session-state';
import { verifyEmailQuery } from '../api/auth-api';
import { ResendVerificationForm } from '../components/resend-verification-form';

export function VerifyEmailRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Where the person signed up from (a therapist's page with the chosen time), carried by the link; this site only.
  const back = params.get('redirect') ? safeRedirect(params.get('redirect'), '') : '';
  const verification = useQuery({ ...verifyEmailQuery(token), enabled: token.length > 0 });
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  const email = useAuthStore((s) => s.user?.email);
  const locale = currentLocale();

  useEffect(() => {
    if (verification.isSuccess) updateSessionUser({ emailVerified: true });
  }, [verification.isSuccess]);

  if (token && verification.isPending) return <PageSpinner label={t('verify.checking')} />;

  if (verification.isSuccess) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
        <Card className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700">
            <CircleCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{message('emailVerified', locale)}</h1>
          <p className="mt-3 text-slate-700">{t('verify.successBody')}</p>
          <Link
            to={signedIn ? back || '/overview' : back ? `/login?redirect=${encodeURIComponent(back)}` : '/login'}
            className={buttonClasses({ fullWidth: true, className: 'mt-8' })}
          >
            {signedIn ? (back ? t('verify.toRedirect') : t('verify.toDashboard')) : t('verify.toLogin')}
          </Link>
        </Card>
      </div>
    );
  }

  // A missing token and a rejected one look the same to the user: the link cannot be used.
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <Card>
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-800">
          <Link2Off className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{message('tokenInvalid', locale)}</h1>
        <p className="mt-3 text-slate-700">{t('verify.invalidBody')}</p>
        <div className="mt-6">
          <ResendVerificationForm defaultEmail={email ?? ''} redirect={back || undefined} />
        </div>
      </Card>
    </div>
  );
}
