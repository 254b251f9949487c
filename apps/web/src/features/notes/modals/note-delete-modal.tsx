import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-error';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useDeleteNote } from '../api/notes-api';
import { serverText, SuccessScreen } from '../components/note-bits';
import { useNotesTranslation } from '../i18n';

/** Spec §2 "Delete session note" / "Delete client note": Cancel or "Delete note", then "Note deleted". */
export function NoteDeleteModal({ noteId, title, onClose }: ModalComponentProps<'note-delete'>) {
  const { t } = useNotesTranslation();
  const remove = useDeleteNote();
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();

  if (result) return <SuccessScreen title={t('delete.successTitle')} onClose={onClose}>{result}</SuccessScreen>;

  const onDelete = async () => {
    setServerError(undefined);
    try {
      const res = await remove.mutateAsync({ id: noteId });
      setResult(serverText(res.message, 'noteDeleted'));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <div aria-busy={remove.isPending}>
      <DialogTitle>{t('delete.title')}</DialogTitle>
      <DialogDescription className="break-words">{t('delete.lead', { title })}</DialogDescription>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          {t('delete.cancel')}
        </Button>
        <Button variant="danger" pending={remove.isPending} onClick={() => void onDelete()}>
          {t('delete.submit')}
        </Button>
      </DialogActions>
    </div>
  );
}
