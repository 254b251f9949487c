import { ArrowRight, Stethoscope, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/safe-redirect';

export function RegisterChoiceRoute() {
  const { t } = useTranslation('auth');
  // A visitor sent here from a therapist's page keeps the way back: clients book, so the client sign-up carries it.
  const [params] = useSearchParams();
  const back = params.get('redirect') ? safeRedirect(params.get('redirect'), '') : '';
  const withBack = (path: string) => (back ? `${path}?redirect=${encodeURIComponent(back)}` : path);
  const choices = [
    {
      to: withBack('/register/client'),
      icon: UserRound,
      title: t('registerChoice.client.title'),
      body: t('registerChoice.client.body'),
    },
    {
      to: '/register/provider',
      icon: Stethoscope,
      title: t('registerChoice.provider.title'),
      body: t('registerChoice.provider.body'),
    },
  ];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('registerChoice.title')}</h1>
      <p className="mt-2 text-slate-700">{t('registerChoice.lead')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {choices.map(({ to, icon: Icon, title, body }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 no-underline! shadow-sm transition hover:border-brand-600 hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="mt-4 text-lg font-semibold">{title}</span>
              <span className="mt-2 flex-1 text-slate-700">{body}</span>
              <span className="mt-4 inline-flex items-center gap-1 font-medium text-brand-700">
                {t('registerChoice.continue')}
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-slate-700">
        {t('register.haveAccount')} <Link to={withBack('/login')}>{t('register.signIn')}</Link>
      </p>
    </div>
  );
}
