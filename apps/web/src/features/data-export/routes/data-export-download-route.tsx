import { useMutation } from '@tanstack/react-query';
import { DatabaseBackup, Download } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { SectionCard } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth-store';
import { saveBlob } from '@/lib/private-file';
import { notify } from '@/lib/toast';
import { downloadDataExport } from '../api/data-export-api';
import { useDataExportTranslation } from '../i18n';

type Problem = 'expired' | 'invalid' | 'notFound' | 'failed';
const problemOf = (error: unknown): Problem => {
  if (!isApiError(error)) return 'failed';
  if (error.status === 410) return 'expired';
  if (error.status === 400) return 'invalid';
  if (error.status === 404) return 'notFound';
  return 'failed';
};

/**
 * /account/export/:id?expires=…&signature=… (issue 20): the page the "your data is ready" mail links to. Signed in
 * (the protected layout sends a signed-out visitor to sign in and back here), the person downloads the ZIP with their
 * bearer token; an expired, altered or someone else's link says so in words, with the way to a new export.
 */
export function DataExportDownloadRoute() {
  const { t } = useDataExportTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const userType = useAuthStore((s) => s.user?.userType);
  const download = useMutation({
    mutationFn: () => downloadDataExport(id, search, userType === 'provider' ? 'provider' : 'client'),
    onSuccess: (blob) => {
      saveBlob(blob, `data-export-${id.slice(0, 8)}.zip`);
      notify.success(t('download.started'));
    },
    meta: { silent: true },
  });
  const problem = download.isError ? problemOf(download.error) : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('download.title')} lead={t('download.lead')} />
      <SectionCard icon={DatabaseBackup} title={t('title')}>
        <div className="flex flex-col gap-4">
          {problem && (
            <Alert tone="error" title={t(`download.problem.${problem}.title`)}>
              {t(`download.problem.${problem}.body`)}
            </Alert>
          )}
          {download.isSuccess && <Alert tone="success">{t('download.done')}</Alert>}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {problem !== 'expired' && problem !== 'notFound' && (
              <Button onClick={() => download.mutate()} disabled={download.isPending}>
                <Download className="size-4" aria-hidden="true" />
                {download.isPending ? t('download.busy') : t('download.button')}
              </Button>
            )}
            <Link to="/account?section=data" className="inline-flex min-h-11 items-center text-sm font-medium">
              {t('download.back')}
            </Link>
          </div>
          <p className="text-sm text-slate-700">{t('privacy')}</p>
        </div>
      </SectionCard>
    </div>
  );
}
