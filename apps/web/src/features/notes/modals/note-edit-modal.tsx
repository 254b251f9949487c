import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTE_CONTENT_MAX,
  noteContentProblem,
  noteFileSizeMb,
  noteUpdateInput,
  type Note,
  type NoteUpdateValues,
} from '@therapy/contracts/notes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileText } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { ModalComponentProps } from '@/lib/modal-store';
import { noteQuery, useUpdateNote } from '../api/notes-api';
import { codePointLength, ModalLoading, serverText, SuccessScreen } from '../components/note-bits';
import { TextArea } from '@/components/ui/textarea';
import { useNotesTranslation } from '../i18n';
import { SectionFields, sectionsProblem } from '../components/note-template-fields';

type FormInput = { title: string; content?: string };

/** Spec §2 "Edit session note" / "Edit client note": the note's full form with a back arrow; a file note keeps its file. */
export function NoteEditModal({ noteId, onClose }: ModalComponentProps<'note-edit'>) {
  const { t } = useNotesTranslation();
  const note = useQuery(noteQuery(noteId));
  if (note.isPending) return <ModalLoading title={t('edit.title')} label={t('edit.loading')} />;
  if (note.isError) {
    const gone = isApiError(note.error) && note.error.status === 404;
    return (
      <div>
        <DialogTitle>{t('edit.title')}</DialogTitle>
        <DialogDescription>{gone ? t('edit.notFound') : t('edit.loadFailed')}</DialogDescription>
        <DialogActions>
          {!gone && (
            <Button variant="secondary" pending={note.isFetching} onClick={() => void note.refetch()}>
              {t('list.retry')}
            </Button>
          )}
          <Button onClick={onClose}>{t('done')}</Button>
        </DialogActions>
      </div>
    );
  }
  return <NoteEditForm note={note.data} onClose={onClose} />;
}

export function NoteEditForm({ note, onClose }: { note: Note; onClose: () => void }) {
  const { t, locale } = useNotesTranslation();
  const update = useUpdateNote();
  const [serverError, setServerError] = useState<string | undefined>();
  const [result, setResult] = useState<string | null>(null);
  const hasFile = !!note.file;
  // Issue 47: a note written from a template is edited section by section, under the headings it was written with.
  const headings = note.sections?.map((s) => s.heading) ?? null;
  const [sections, setSections] = useState<string[]>(note.sections?.map((s) => s.text) ?? []);
  const [sectionsError, setSectionsError] = useState<string | undefined>();
  const schemaResolver = zodResolver(noteUpdateInput);
  const resolver: Resolver<FormInput, unknown, NoteUpdateValues> = async (values, context, options) => {
    const checked = await schemaResolver(values, context, options);
    const problem = headings ? undefined : noteContentProblem(values.content ?? '', hasFile);
    if (!problem) return checked;
    return { values: {}, errors: { ...checked.errors, content: { type: 'custom', message: problem } } };
  };
  const form = useForm<FormInput, unknown, NoteUpdateValues>({
    resolver,
    defaultValues: { title: note.title, content: note.content },
  });
  const errors = form.formState.errors;
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';

  if (result)
    return (
      <SuccessScreen title={t('edit.successTitle')} onClose={onClose}>
        {result}
      </SuccessScreen>
    );

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    const problem = headings ? sectionsProblem(sections, headings) : undefined;
    setSectionsError(problem);
    if (problem) return;
    try {
      const res = await update.mutateAsync({
        id: note.identifier,
        title: values.title,
        content: hasFile ? '' : values.content,
        sections: headings ? sections : undefined,
      });
      setResult(serverText(res.message, 'noteUpdated'));
    } catch (error) {
      const marked = applyServerFieldErrors(error, form.setError, {
        byMessage: {
          noteTitleRequired: 'title',
          noteTitleMin: 'title',
          noteTitleMax: 'title',
          noteContentRequired: 'content',
          noteContentMax: 'content',
        },
      });
      if (!marked) setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={update.isPending}>
      <div className="flex items-center gap-2 pr-10">
        <Button variant="ghost" size="sm" className="-ml-2 size-10 px-0" aria-label={t('edit.back')} onClick={onClose}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Button>
        <DialogTitle className="pr-0">{t('edit.title')}</DialogTitle>
      </div>
      <DialogDescription>{hasFile ? t('edit.leadFile') : t('edit.lead')}</DialogDescription>
      <div className="mt-5 space-y-4">
        <FormField label={t('add.noteTitle')} error={errors.title?.message}>
          {(c) => <Input {...c} autoComplete="off" {...form.register('title')} />}
        </FormField>
        {note.file ? (
          <div>
            <h3 className="mb-1.5 text-sm font-medium text-slate-800">{t('add.file')}</h3>
            <div className="flex items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
              <FileText className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-all text-slate-900">{note.file.filename}</p>
                <p className="text-slate-600">{noteFileSizeMb(note.file.size, locale)}</p>
              </div>
            </div>
          </div>
        ) : headings ? (
          <SectionFields headings={headings} values={sections} error={sectionsError} onChange={setSections} />
        ) : (
          <FormField
            label={t('add.content')}
            hint={t('add.counter', { count: codePointLength(content), max: NOTE_CONTENT_MAX })}
            error={errors.content?.message}
          >
            {({ invalid, ...c }) => <TextArea {...c} invalid={invalid} rows={10} {...form.register('content')} />}
          </FormField>
        )}
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          {t('add.cancel')}
        </Button>
        <Button type="submit" pending={update.isPending}>
          {t('edit.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
