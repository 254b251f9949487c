import { useQuery } from '@tanstack/react-query';
import { NotebookPen, Plus } from 'lucide-react';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { openModal } from '@/lib/modal-store';
import { bookingNotesQuery } from '../api/notes-api';
import { useNotesTranslation } from '../i18n';
import { TemplatesButton } from './templates-button';
import { NoteList } from './note-list';

/** A booking's page, provider side: the session notes of the booking, "Add Session Note" and each note's actions. */
export function SessionNotesSection({ bookingId }: { bookingId: string }) {
  const { t } = useNotesTranslation();
  const notes = useQuery(bookingNotesQuery(bookingId));

  return (
    <div className="mt-8">
      <SectionCard icon={NotebookPen} title={t('session.heading')} description={t('session.lead')}>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => openModal('note-add', { type: 'booking', reference: bookingId }, { size: 'md' })}>
            <Plus className="size-4" aria-hidden="true" />
            {t('session.add')}
          </Button>
          <TemplatesButton />
        </div>
        <div className="mt-4">
          <SectionStatus
            loading={notes.isPending}
            error={notes.isError}
            onRetry={() => void notes.refetch()}
            loadingLabel={t('session.loading')}
            errorText={t('session.loadFailed')}
            retryLabel={t('list.retry')}
          />
          {notes.isSuccess &&
            (notes.data.length === 0 ? (
              <div className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center">
                <p className="font-medium text-slate-900">{t('session.empty')}</p>
                <p className="mt-1 text-sm text-slate-700">{t('session.emptyHint')}</p>
              </div>
            ) : (
              <NoteList notes={notes.data} label={t('session.heading')} />
            ))}
        </div>
      </SectionCard>
    </div>
  );
}
