import { message } from '@therapy/contracts/messages';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/safe-redirect';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';
import { currentLocale } from '@/lib/i18n';
import { useRequestVerification } from '../api/auth-api';

/**
 * After sign-up: the link is on its way; the user may resend it or postpone ("Do later"). A user whose address is
 * verified already has nothing to wait for here: they go on to the overview, or to `?redirect=` (a same-site path,
 * e.g. the invitation they signed up from).
 */
export function VerifyEmailPendingRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const email = useAuthStore((s) => s.user?.email ?? '');
  const emailVerified = useAuthStore((s) => s.user?.emailVerified ?? false);
  const resend = useRequestVerification();
  const [params] = useSearchParams();
  const next = safeRedirect(params.get('redirect'));
  const back = params.get('redirect') ? next : undefined;

  const onResend = () =>
    resend.mutate(
      { email, redirect: back },
      { onSuccess: () => notify.success(message('verificationSent', currentLocale())) },
    );

  if (emailVerified) return <Navigate to={next} replace />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <Card className="text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{t('verifyPending.title')}</h1>
        <p className="mt-3 text-slate-700">{t('verifyPending.body', { email })}</p>
        <p className="mt-2 text-sm text-slate-600">{t('verifyPending.hint')}</p>
        <div className="mt-8 flex flex-col gap-3">
          <Button onClick={onResend} pending={resend.isPending} fullWidth>
            {t('verifyPending.resend')}
          </Button>
          <Button variant="secondary" onClick={() => void navigate(next)} fullWidth>
            {t('verifyPending.later')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
