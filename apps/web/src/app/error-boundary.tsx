import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { Button, buttonClasses } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';
import { reportError } from '@/lib/error-reporting';
import { NotFoundRoute } from './not-found-route';

/** A crash of our code is reported; an API error was reported (5xx) or is an answer (4xx) already. */
function useReportCrash(error: unknown): void {
  useEffect(() => {
    if (!isRouteErrorResponse(error) && !(error instanceof ApiError)) reportError(error);
  }, [error]);
}

function ErrorContent() {
  const { t } = useTranslation();
  return (
    <StatusPage icon={TriangleAlert} tone="error" title={t('errorPage.title')} body={t('errorPage.body')}>
      <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
      <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
        {t('errorPage.home')}
      </Link>
    </StatusPage>
  );
}

/** Errors inside a page: the header and footer stay, so the user can still navigate away. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useReportCrash(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorContent />;
}

/** Last resort when the shell itself fails: a bare page with a way out. */
export function RootErrorBoundary() {
  const error = useRouteError();
  useReportCrash(error);
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main-content" className="min-h-screen bg-slate-50">
      <ErrorContent />
    </main>
  );
}
