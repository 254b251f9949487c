import { zodResolver } from '@hookform/resolvers/zod';
import { NOTE_ADDENDUM_MAX, noteAddendumInput, type NoteAddendumInput } from '@therapy/contracts/note-records';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { TextArea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useAddAddendum } from '../api/note-records-api';
import { codePointLength, serverText, SuccessScreen } from '../components/note-bits';
import { useNotesTranslation } from '../i18n';

/** Issue 47: a dated addendum to a signed note (at most 4000 characters); addenda are never changed. */
export function NoteAddendumModal({ noteId, title, onClose }: ModalComponentProps<'note-addendum'>) {
  const { t } = useNotesTranslation();
  const add = useAddAddendum();
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();
  const form = useForm<NoteAddendumInput>({ resolver: zodResolver(noteAddendumInput), defaultValues: { content: '' } });
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';

  if (result)
    return (
      <SuccessScreen title={t('records.addendumAddedTitle')} onClose={onClose}>
        {result}
      </SuccessScreen>
    );

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const res = await add.mutateAsync({ id: noteId, content: values.content });
      setResult(serverText(res.message, 'noteAddendumAdded'));
    } catch (error) {
      const marked = applyServerFieldErrors(error, form.setError, {
        byMessage: { noteAddendumRequired: 'content', noteAddendumMax: 'content' },
      });
      if (!marked) setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={add.isPending}>
      <DialogTitle>{t('records.addendumTitle')}</DialogTitle>
      <DialogDescription className="break-words">{t('records.addendumLead', { title })}</DialogDescription>
      <div className="mt-5 space-y-4">
        <FormField
          label={t('records.addendum')}
          hint={t('add.counter', { count: codePointLength(content), max: NOTE_ADDENDUM_MAX })}
          error={form.formState.errors.content?.message}
        >
          {({ invalid, ...c }) => (
            <TextArea {...c} invalid={invalid} rows={6} autoFocus {...form.register('content')} />
          )}
        </FormField>
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
          {t('add.cancel')}
        </Button>
        <Button type="submit" pending={add.isPending}>
          {t('records.addendumSubmit')}
        </Button>
      </DialogActions>
    </form>
  );
}
