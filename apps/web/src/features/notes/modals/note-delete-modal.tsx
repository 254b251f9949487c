import { useState } from 'react';
import { ConfirmBody } from '@/components/confirm-body';
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

  if (result)
    return (
      <SuccessScreen title={t('delete.successTitle')} onClose={onClose}>
        {result}
      </SuccessScreen>
    );

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
    <ConfirmBody
      title={t('delete.title')}
      description={t('delete.lead', { title })}
      error={serverError}
      pending={remove.isPending}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.submit')}
      onCancel={onClose}
      onConfirm={() => void onDelete()}
    />
  );
}
