import { endpointPath } from '@therapy/contracts/endpoint';
import { exportAccessLogCsv } from '@therapy/contracts/endpoints/access-log';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { fetchPrivateFile, saveBlob } from '@/lib/private-file';
import type { AccessLogFilters } from '../api/access-log-api';
import { useAccessLogTranslation } from '../i18n';

/**
 * Issue 47: the log as a CSV file, with the filters shown (all pages). Fetched with the bearer header and handed to
 * the browser as a download; the server writes it formula-safe.
 */
export function CsvDownload({ filters, disabled }: { filters: Omit<AccessLogFilters, 'page'>; disabled: boolean }) {
  const { t } = useAccessLogTranslation();
  const errorId = useId();
  const download = useMutation({
    mutationFn: async () => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value));
      const qs = query.toString();
      const path = `${endpointPath(exportAccessLogCsv.path, {})}${qs ? `?${qs}` : ''}`;
      saveBlob(await fetchPrivateFile(path, 'provider'), 'access-log.csv');
    },
    meta: { silent: true },
  });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        pending={download.isPending}
        disabled={disabled}
        aria-describedby={download.isError ? errorId : undefined}
        onClick={() => download.mutate()}
      >
        <Download className="size-4" aria-hidden="true" />
        {t('csv.download')}
      </Button>
      {download.isError && <FieldError id={errorId} message={errorMessage(download.error) || t('csv.failed')} />}
    </div>
  );
}
