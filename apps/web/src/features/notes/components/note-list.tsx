import type { Note } from '@therapy/contracts/notes';
import { noteFileSizeMb } from '@therapy/contracts/notes';
import { clsx } from 'clsx';
import { Download, FileText, History, Lock, MessageSquarePlus, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { openModal } from '@/lib/modal-store';
import { useDownloadNoteFile } from '../api/notes-api';
import { useNotesTranslation } from '../i18n';
import { formatInstant, useViewerZone } from './note-bits';

/** Long notes show their start; "Read more" shows the rest. */
const PREVIEW_CHARS = 280;

/** A list of notes, each with its title, dates, text or file, and its actions (edit, delete, access log). */
export function NoteList({ notes, label, showKind = false }: { notes: Note[]; label: string; showKind?: boolean }) {
  return (
    <ul className="space-y-3" aria-label={label}>
      {notes.map((note) => (
        <NoteItem key={note.identifier} note={note} showKind={showKind} />
      ))}
    </ul>
  );
}

function NoteItem({ note, showKind }: { note: Note; showKind: boolean }) {
  const { t, locale } = useNotesTranslation();
  const zone = useViewerZone();
  const [expanded, setExpanded] = useState(false);
  const download = useDownloadNoteFile();
  const contentId = useId();
  const errorId = useId();
  const long = note.content.length > PREVIEW_CHARS;
  const edited = note.updatedAt !== note.createdAt;

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{note.title}</h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {showKind && (
              <span className="mr-2 inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">
                {t(`kind.${note.type}`)}
              </span>
            )}
            <time dateTime={note.createdAt}>
              {t('list.added', { date: formatInstant(note.createdAt, locale, zone) })}
            </time>
            {edited && !note.signedAt && (
              <>
                {', '}
                <time dateTime={note.updatedAt}>
                  {t('list.edited', { date: formatInstant(note.updatedAt, locale, zone) })}
                </time>
              </>
            )}
          </p>
          {note.signedAt && (
            <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-inset ring-emerald-200">
              <Lock className="size-3.5" aria-hidden="true" />
              <time dateTime={note.signedAt}>
                {t('records.signedBy', {
                  date: formatInstant(note.signedAt, locale, zone),
                  name: note.signedByName ?? t('records.you'),
                })}
              </time>
            </p>
          )}
        </div>
      </div>

      {note.file ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <FileText className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium break-all text-slate-900">{note.file.filename}</p>
            <p className="text-slate-600">{noteFileSizeMb(note.file.size, locale)}</p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            pending={download.isPending}
            aria-label={t('list.downloadLabel', { name: note.file.filename })}
            aria-describedby={download.isError ? errorId : undefined}
            onClick={() => note.file && download.mutate({ id: note.identifier, filename: note.file.filename })}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('list.download')}
          </Button>
          {download.isError && (
            <div className="basis-full">
              <FieldError id={errorId} message={errorMessage(download.error) || t('list.downloadFailed')} />
            </div>
          )}
        </div>
      ) : (
        <div className="mt-3">
          <p
            id={contentId}
            className={clsx(
              'text-sm break-words whitespace-pre-line text-slate-800',
              !expanded && long && 'line-clamp-4',
            )}
          >
            {note.content}
          </p>
          {long && (
            <Button
              variant="link"
              size="sm"
              className="mt-1"
              aria-expanded={expanded}
              aria-controls={contentId}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? t('list.readLess') : t('list.readMore')}
            </Button>
          )}
        </div>
      )}

      {note.addenda.length > 0 && (
        <section
          className="mt-3 border-l-2 border-slate-300 pl-3"
          aria-label={t('records.addendaOf', { title: note.title })}
        >
          <h4 className="text-sm font-semibold text-slate-800">{t('records.addenda')}</h4>
          <ul className="mt-1 space-y-2">
            {note.addenda.map((a) => (
              <li key={a.identifier} className="text-sm">
                <p className="text-slate-600">
                  <time dateTime={a.createdAt}>
                    {t('records.addendumBy', {
                      date: formatInstant(a.createdAt, locale, zone),
                      name: a.authorName ?? t('records.you'),
                    })}
                  </time>
                </p>
                <p className="break-words whitespace-pre-line text-slate-800">{a.content}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="mt-3 flex flex-wrap gap-2">
        {showKind && note.type === 'booking' && note.bookingIdentifier && (
          <Link
            to={`/appointments/${note.bookingIdentifier}`}
            className="inline-flex h-9 items-center px-1 text-sm font-medium text-brand-800 underline underline-offset-2"
          >
            {t('list.booking')}
          </Link>
        )}
        {note.signedAt ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('records.addAddendumLabel', { title: note.title })}
            onClick={() => openModal('note-addendum', { noteId: note.identifier, title: note.title }, { size: 'md' })}
          >
            <MessageSquarePlus className="size-4" aria-hidden="true" />
            {t('records.addAddendum')}
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('list.editLabel', { title: note.title })}
              onClick={() => openModal('note-edit', { noteId: note.identifier }, { size: 'md' })}
            >
              <Pencil className="size-4" aria-hidden="true" />
              {t('list.edit')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('records.signLabel', { title: note.title })}
              onClick={() => openModal('note-sign', { noteId: note.identifier, title: note.title })}
            >
              <Lock className="size-4" aria-hidden="true" />
              {t('records.sign')}
            </Button>
          </>
        )}
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('list.logLabel', { title: note.title })}
          onClick={() => openModal('note-access-log', { noteId: note.identifier, title: note.title }, { size: 'md' })}
        >
          <History className="size-4" aria-hidden="true" />
          {t('list.log')}
        </Button>
        {!note.signedAt && (
          <Button
            variant="secondary"
            size="sm"
            className="text-red-800"
            aria-label={t('list.deleteLabel', { title: note.title })}
            onClick={() => openModal('note-delete', { noteId: note.identifier, title: note.title })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('list.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}
