import type { BookingDetails } from '@therapy/contracts/bookings';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { StatusPage } from '@/components/status-page';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';

/**
 * What a booking page shows until its booking is there: not found (a bad id, or someone else's booking: 400, 403, 404),
 * loading, or a load error with a retry. Null once the booking has loaded. The detail and payment pages share it.
 */
export function BookingLoadState({
  details,
  validId,
  page,
  width,
  after,
}: {
  details: UseQueryResult<BookingDetails, unknown>;
  validId: boolean;
  page: 'detail' | 'payment';
  /** The page's own width (max-w-*), so the error sits where the page would. */
  width: string;
  /** Shown under the error (the detail page's way back). */
  after?: ReactNode;
}): ReactNode {
  const { t } = useTranslation('appointments');
  const texts =
    page === 'detail'
      ? {
          notFoundTitle: t('detail.notFoundTitle'),
          notFoundBody: t('detail.notFoundBody'),
          loading: t('detail.loading'),
          title: t('detail.title'),
          loadFailed: t('detail.loadFailed'),
        }
      : {
          notFoundTitle: t('payment.notFoundTitle'),
          notFoundBody: t('payment.notFoundBody'),
          loading: t('payment.loading'),
          title: t('payment.title'),
          loadFailed: t('payment.loadFailed'),
        };

  const notFound = !validId || (isApiError(details.error) && [400, 403, 404].includes(details.error.status));
  if (notFound) {
    return (
      <StatusPage icon={CalendarX} title={texts.notFoundTitle} body={texts.notFoundBody}>
        <Link to="/appointments" className={buttonClasses()}>
          {t('detail.back')}
        </Link>
      </StatusPage>
    );
  }
  if (details.isPending) return <PageSpinner label={texts.loading} />;
  if (details.isError) {
    return (
      <div className={`mx-auto ${width} px-4 py-8 sm:px-6 sm:py-10`}>
        <h1 className="sr-only">{texts.title}</h1>
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" pending={details.isFetching} onClick={() => void details.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {texts.loadFailed}
        </Alert>
        {after}
      </div>
    );
  }
  return null;
}
