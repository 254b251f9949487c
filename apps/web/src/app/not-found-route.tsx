import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.body')}</p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
