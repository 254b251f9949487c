import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup, Download } from 'lucide-react';
import { SectionCard } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { latestDataExportQuery, useRequestDataExport } from '../api/data-export-api';
import { useDataExportTranslation } from '../i18n';

/**
 * /account?section=data (issue 20; GDPR Art. 15 and 20): "Your data". One button asks for a ZIP of everything the
 * platform holds about the user; the state of the latest export follows (preparing, ready and mailed with its
 * deadline, expired, failed). The file itself comes only through the mailed link.
 */
export function DataExportSection() {
  const { t, i18n } = useDataExportTranslation();
  const latest = useQuery(latestDataExportQuery());
  const request = useRequestDataExport();
  const locale = i18n.resolvedLanguage ?? 'en';
  const current = latest.data;
  const preparing = current?.status === 'pending';

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: (res) => notify.success(res.message ?? t('requested')),
    });

  return (
    <SectionCard icon={DatabaseBackup} title={t('title')} description={t('description')}>
      {latest.isPending ? (
        <Spinner label={t('loading')} />
      ) : latest.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void latest.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="empty:hidden">
            {current?.status === 'pending' && (
              <Alert tone="info" title={t('state.pending.title')}>
                {t('state.pending.body')}
              </Alert>
            )}
            {current?.status === 'ready' && (
              <Alert tone="success" title={t('state.ready.title')}>
                {t('state.ready.body', { until: formatDateTime(current.expiresAt ?? '', locale) })}
              </Alert>
            )}
            {current?.status === 'expired' && (
              <Alert tone="info">{t('state.expired', { at: formatDateTime(current.expiresAt ?? '', locale) })}</Alert>
            )}
            {current?.status === 'failed' && <Alert tone="warning">{t('state.failed')}</Alert>}
          </div>
          {request.isError && <Alert tone="error">{errorMessage(request.error)}</Alert>}
          <div>
            <Button onClick={ask} disabled={preparing || request.isPending}>
              {request.isPending || preparing ? (
                <Spinner size="sm" />
              ) : (
                <Download className="size-4" aria-hidden="true" />
              )}
              {preparing ? t('preparing') : current ? t('requestAgain') : t('request')}
            </Button>
          </div>
          <p className="text-sm text-slate-700">{t('privacy')}</p>
        </div>
      )}
    </SectionCard>
  );
}
