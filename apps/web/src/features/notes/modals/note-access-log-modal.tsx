import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { SectionStatus } from '@/components/section-card';
import { formatZoneName } from '@/lib/format';
import type { ModalComponentProps } from '@/lib/modal-store';
import { noteAccessLogQuery } from '../api/notes-api';
import { describeBrowser, formatInstant, useViewerZone } from '../components/note-bits';
import { useNotesTranslation } from '../i18n';

/** Who created, read, changed or downloaded a note, when (in the viewer's zone), from which address and browser. */
export function NoteAccessLogModal({ noteId, title, onClose }: ModalComponentProps<'note-access-log'>) {
  const { t, locale } = useNotesTranslation();
  const zone = useViewerZone();
  const log = useQuery(noteAccessLogQuery(noteId));

  return (
    <div>
      <DialogTitle>{t('log.title')}</DialogTitle>
      <DialogDescription className="break-words">
        {t('log.lead', { title, zone: formatZoneName(locale, zone) })}
      </DialogDescription>
      <div className="mt-4">
        <SectionStatus
          loading={log.isPending}
          error={log.isError}
          onRetry={() => void log.refetch()}
          loadingLabel={t('log.loading')}
          errorText={t('log.loadFailed')}
          retryLabel={t('list.retry')}
        />
        {log.isSuccess &&
          (log.data.length === 0 ? (
            <p className="text-sm text-slate-700">{t('log.empty')}</p>
          ) : (
            <ol className="max-h-[60vh] space-y-2 overflow-y-auto" aria-label={t('log.title')}>
              {log.data.map((entry, index) => (
                <li key={`${entry.at}-${index}`} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <p className="font-semibold text-slate-900">
                      {t(`log.action.${entry.action}`)} ·{' '}
                      <span className="font-normal">{entry.actorName ?? t('log.unknownActor')}</span>
                    </p>
                    <time dateTime={entry.at} className="text-slate-700">
                      {formatInstant(entry.at, locale, zone)}
                    </time>
                  </div>
                  <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-slate-700">
                    <dt className="text-slate-600">{t('log.address')}</dt>
                    <dd className="break-all">{entry.ipAddress ?? t('log.unknown')}</dd>
                    <dt className="text-slate-600">{t('log.browser')}</dt>
                    <dd className="break-words" title={entry.userAgent ?? undefined}>
                      {entry.userAgent ? describeBrowser(entry.userAgent) : t('log.unknown')}
                    </dd>
                  </dl>
                </li>
              ))}
            </ol>
          ))}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </div>
  );
}
