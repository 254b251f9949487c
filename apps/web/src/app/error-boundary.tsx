import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { NotFoundRoute } from './not-found-route';

function ErrorContent() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold text-slate-900">{t('errorPage.title')}</h1>
      <p className="mt-3 text-slate-700">{t('errorPage.body')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          {t('errorPage.home')}
        </Link>
      </div>
    </div>
  );
}

/** Errors inside a page: the header and footer stay, so the user can still navigate away. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorContent />;
}

/** Last resort when the shell itself fails: a bare page with a way out. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main-content" className="min-h-screen bg-slate-50">
      <ErrorContent />
    </main>
  );
}
