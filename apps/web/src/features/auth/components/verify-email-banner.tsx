import { message } from '@therapy/contracts/messages';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { currentLocale } from '@/lib/i18n';
import { useRequestVerification } from '../api/auth-api';

/** The "do later" reminder: shown on every signed-in page until the email is verified. */
export function VerifyEmailBanner() {
  const { t } = useTranslation('auth');
  const email = useAuthStore((s) => s.user?.email ?? '');
  const resend = useRequestVerification();

  const onResend = () =>
    resend.mutate(email, { onSuccess: () => notify.success(message('verificationSent', currentLocale())) });

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Alert
        tone="warning"
        title={t('verifyBanner.title')}
        action={
          <Button variant="secondary" size="sm" onClick={onResend} pending={resend.isPending}>
            {t('verifyBanner.resend')}
          </Button>
        }
      >
        {t('verifyBanner.body')}
      </Alert>
    </div>
  );
}
