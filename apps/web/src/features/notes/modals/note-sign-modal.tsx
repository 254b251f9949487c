import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-error';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useSignNote } from '../api/note-records-api';
import { serverText, SuccessScreen } from '../components/note-bits';
import { useNotesTranslation } from '../i18n';

/**
 * Issue 47: "Sign and lock", confirmed. Signing cannot be undone: the note can no longer be changed or deleted, only
 * added to by dated addenda. The dialog says so before the provider signs.
 */
export function NoteSignModal({ noteId, title, onClose }: ModalComponentProps<'note-sign'>) {
  const { t } = useNotesTranslation();
  const sign = useSignNote();
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();

  if (result)
    return (
      <SuccessScreen title={t('records.signedTitle')} onClose={onClose}>
        {result}
      </SuccessScreen>
    );

  const onSign = async () => {
    setServerError(undefined);
    try {
      const res = await sign.mutateAsync({ id: noteId });
      setResult(serverText(res.message, 'noteSigned'));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <div aria-busy={sign.isPending}>
      <DialogTitle>{t('records.signTitle')}</DialogTitle>
      <DialogDescription className="break-words">{t('records.signLead', { title })}</DialogDescription>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('records.signPoint1')}</li>
        <li>{t('records.signPoint2')}</li>
      </ul>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={sign.isPending}>
          {t('add.cancel')}
        </Button>
        <Button pending={sign.isPending} onClick={() => void onSign()}>
          {t('records.signConfirm')}
        </Button>
      </DialogActions>
    </div>
  );
}
