import { zodResolver } from '@hookform/resolvers/zod';
import { keyOfText } from '@therapy/contracts/messages';
import {
  NOTE_CONTENT_MAX,
  noteContentProblem,
  noteFileExtensions,
  noteFileProblem,
  noteFileSizeMb,
  noteInput,
  type NoteInput,
  type NoteValues,
} from '@therapy/contracts/notes';
import { useQuery } from '@tanstack/react-query';
import { FileText, PenLine, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useCreateNote } from '../api/notes-api';
import { noteTemplatesQuery } from '../api/note-records-api';
import { headingsOf, SectionFields, sectionsProblem, TemplatePicker } from '../components/note-template-fields';
import { codePointLength, noteFileAccept, NoteFilePicker, serverText, SuccessScreen } from '../components/note-bits';
import { TextArea } from '@/components/ui/textarea';
import { useNotesTranslation } from '../i18n';

type Step = 'choose' | 'form' | 'done';

/** The file messages the server may send back for the chosen file: they belong next to the file, not in the title. */
const fileMessages = new Set(['noteBookingFileType', 'noteClientFileType', 'noteFileTooLarge', 'noteFileContent']);

/**
 * Spec §2 "Session note" / "Client note" and §4 "Note modal": choose "Type ..." or "Upload File", then the form (Note
 * Title, the Booking ID of a session note, the text or the chosen file with its size in MB), then "Add Note" and the
 * success step; the note lists refresh. Choosing a file switches to file mode; Cancel on the form returns to the
 * choice, Cancel on the choice closes the modal. A client note takes the client's id from the page.
 */
export function NoteAddModal({ type, reference, onClose }: ModalComponentProps<'note-add'>) {
  const { t, locale } = useNotesTranslation();
  const create = useCreateNote();
  // Issue 47: a typed note may follow a template, one field per section.
  const own = useQuery(noteTemplatesQuery()).data ?? [];
  const [template, setTemplate] = useState('');
  const [sections, setSections] = useState<string[]>([]);
  const [sectionsError, setSectionsError] = useState<string | undefined>();
  const headings = template ? headingsOf(template, own, locale) : [];
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const [result, setResult] = useState('');
  const hintId = useId();
  const fileErrorId = useId();
  const title = type === 'booking' ? t('add.titleBooking') : t('add.titleClient');
  const accept = noteFileAccept(type);

  // Content is required when typing (spec §5); the schema alone allows it empty, for file notes.
  const schemaResolver = zodResolver(noteInput);
  const resolver: Resolver<NoteInput, unknown, NoteValues> = async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const problem = file || template ? undefined : noteContentProblem(values.content ?? '', false);
    if (!problem) return result;
    return { values: {}, errors: { ...result.errors, content: { type: 'custom', message: problem } } };
  };
  const form = useForm<NoteInput, unknown, NoteValues>({
    resolver,
    defaultValues: { type, reference, title: '', content: '' },
  });
  const errors = form.formState.errors;
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';

  const pick = (picked: File) => {
    setFile(picked);
    setFileProblem(noteFileProblem(type, picked));
    setServerError(undefined);
    form.clearErrors('content');
    setStep('form');
  };

  const backToChoice = () => {
    form.reset({ type, reference, title: '', content: '' });
    setTemplate('');
    setSections([]);
    setSectionsError(undefined);
    setFile(null);
    setFileProblem(undefined);
    setServerError(undefined);
    setStep('choose');
  };

  if (step === 'done')
    return (
      <SuccessScreen title={t('add.successTitle')} onClose={onClose}>
        {result}
      </SuccessScreen>
    );

  if (step === 'choose') {
    return (
      <div>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{t('add.chooseLead')}</DialogDescription>
        <div className="mt-5 grid gap-3 sm:grid-cols-2">
          <Button
            variant="secondary"
            size="lg"
            className="h-auto min-h-12 py-3"
            autoFocus
            onClick={() => setStep('form')}
          >
            <PenLine className="size-4" aria-hidden="true" />
            {type === 'booking' ? t('add.typeBooking') : t('add.typeClient')}
          </Button>
          <NoteFilePicker
            label={t('add.upload')}
            accept={accept}
            className="h-auto min-h-12 py-3"
            describedBy={hintId}
            onPick={pick}
          />
        </div>
        <p id={hintId} className="mt-3 text-sm text-slate-600">
          {t('add.uploadHint', { extensions: noteFileExtensions[type].join(', ') })}
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('add.cancel')}
          </Button>
        </DialogActions>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    if (file && fileProblem) return;
    const texts = headings.map((_, i) => sections[i] ?? '');
    const problem = template && !file ? sectionsProblem(texts, headings) : undefined;
    setSectionsError(problem);
    if (problem) return;
    try {
      const res = await create.mutateAsync({
        type,
        reference: values.reference,
        title: values.title,
        content: values.content,
        file: file ?? undefined,
        template: template && !file ? template : undefined,
        sections: template && !file ? texts : undefined,
      });
      setResult(serverText(res.message, 'noteAdded'));
      setStep('done');
    } catch (error) {
      const marked = applyServerFieldErrors(error, form.setError, {
        byMessage: {
          noteTitleRequired: 'title',
          noteTitleMin: 'title',
          noteTitleMax: 'title',
          noteContentRequired: 'content',
          noteContentMax: 'content',
          noteClientIdMissing: 'reference',
          noteReferenceInvalid: 'reference',
        },
      });
      const text = errorMessage(error);
      const key = keyOfText(text)?.key;
      if (file && key && fileMessages.has(key)) setFileProblem(text);
      else if (key && key.startsWith('noteSection')) setSectionsError(text);
      else if (!marked) setServerError(text);
    }
  });

  const count = codePointLength(content);
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={create.isPending}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{file ? t('add.formLeadFile') : t('add.formLeadText')}</DialogDescription>
      <div className="mt-5 space-y-4">
        <FormField label={t('add.noteTitle')} error={errors.title?.message}>
          {(c) => <Input {...c} autoComplete="off" autoFocus {...form.register('title')} />}
        </FormField>

        {type === 'booking' ? (
          <FormField label={t('add.bookingId')} error={errors.reference?.message}>
            {(c) => <Input {...c} readOnly className="bg-slate-50 font-mono text-sm" {...form.register('reference')} />}
          </FormField>
        ) : (
          errors.reference?.message && <FieldError id={`${fileErrorId}-reference`} message={errors.reference.message} />
        )}

        {file ? (
          <div>
            <h3 className="mb-1.5 text-sm font-medium text-slate-800">{t('add.file')}</h3>
            <div className="flex items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
              <FileText className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-all text-slate-900">{file.name}</p>
                <p className="text-slate-600">{noteFileSizeMb(file.size, locale)}</p>
                <FieldError id={fileErrorId} message={fileProblem} />
              </div>
            </div>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <NoteFilePicker
                label={t('add.chooseOther')}
                accept={accept}
                describedBy={fileProblem ? fileErrorId : undefined}
                onPick={pick}
              />
              <Button
                variant="ghost"
                onClick={() => {
                  setFile(null);
                  setFileProblem(undefined);
                }}
              >
                <X className="size-4" aria-hidden="true" />
                {t('add.removeFile')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <TemplatePicker
              value={template}
              own={own}
              onChange={(ref) => {
                setTemplate(ref);
                setSections([]);
                setSectionsError(undefined);
                form.clearErrors('content');
              }}
            />
            {template ? (
              <SectionFields headings={headings} values={sections} error={sectionsError} onChange={setSections} />
            ) : (
              <FormField
                label={t('add.content')}
                hint={t('add.counter', { count, max: NOTE_CONTENT_MAX })}
                error={errors.content?.message}
              >
                {({ invalid, ...c }) => <TextArea {...c} invalid={invalid} rows={8} {...form.register('content')} />}
              </FormField>
            )}
            {!template && <NoteFilePicker label={t('add.chooseFile')} accept={accept} onPick={pick} />}
          </>
        )}

        {create.isPending && (
          <p role="status" className="text-sm text-slate-700">
            {t('add.sending')}
          </p>
        )}
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={backToChoice} disabled={create.isPending}>
          {t('add.cancel')}
        </Button>
        <Button type="submit" pending={create.isPending}>
          {t('add.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
