import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { Button, buttonClasses } from '@/components/ui/button';
import { NotFoundRoute } from './not-found-route';

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
