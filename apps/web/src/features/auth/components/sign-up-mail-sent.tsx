import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** After a sign-up that did not end signed in: a mail went to the address (verification or "you already have an account"). */
export function SignUpMailSent({ email, redirect }: { email: string; redirect?: string | undefined }) {
  const { t } = useTranslation('auth');
  return (
    <div className="text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{t('signUpSent.title')}</h1>
      <p className="mt-3 text-slate-700">{t('signUpSent.body', { email })}</p>
      <p className="mt-8">
        <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>
          {t('signUpSent.signIn')}
        </Link>
      </p>
    </div>
  );
}
