import { useQuery } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { notificationsPageQuery, useMarkNotificationsRead } from '@/lib/notification-queries';
import { notify } from '@/lib/toast';
import { NotificationItem, useNotificationText } from '../components/notification-item';

/**
 * The notification centre (issue 47; /notifications): every booking change told to the viewer, newest first, a page
 * at a time; opening one marks it read, "Mark all as read" clears the bell. The live channel refreshes it.
 */
export function NotificationsRoute() {
  const { t } = useNotificationText();
  const [page, setPage] = useState(1);
  const list = useQuery(notificationsPageQuery(page));
  const mark = useMarkNotificationsRead();

  if (list.isPending) return <PageSpinner label={t('loading')} />;
  const items = list.data?.data ?? [];
  const pages = list.data?.meta.totalPages ?? 1;
  const anyUnread = items.some((n) => n.readAt === null);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading
        title={t('title')}
        lead={t('lead')}
        actions={
          anyUnread && (
            <Button
              variant="secondary"
              pending={mark.isPending && mark.variables === 'all'}
              onClick={() =>
                mark.mutate('all', {
                  onSuccess: (res) => notify.success((res as { message?: string }).message ?? t('markAll')),
                  onError: (e) => notify.error(errorMessage(e)),
                })
              }
            >
              {t('markAll')}
            </Button>
          )
        }
      />
      {list.isError ? (
        <Alert
          tone="error"
          title={t('failed')}
          action={
            <Button size="sm" variant="secondary" pending={list.isFetching} onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {errorMessage(list.error)}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={BellOff} title={t('empty')} description={t('emptyLead')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('title')}>
            {items.map((n) => (
              <NotificationItem
                key={n.identifier}
                notification={n}
                onOpen={() => n.readAt === null && mark.mutate(n.identifier)}
              />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label={t('title')} className="mt-6 flex items-center justify-between gap-3">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <span className="text-sm text-slate-700">{t('pageOf', { page, pages })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
