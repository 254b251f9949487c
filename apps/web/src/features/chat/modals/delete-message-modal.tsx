import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-error';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useDeleteMessage } from '../api/chat-api';
import { useChatTranslation } from '../i18n';

/** Spec §2 "Delete message": Cancel or "Delete message"; the other side then sees "This message was deleted". */
export function DeleteMessageModal({ messageId, otherName, onClose }: ModalComponentProps<'delete-message'>) {
  const { t } = useChatTranslation();
  const remove = useDeleteMessage();
  const [serverError, setServerError] = useState<string | undefined>();

  const onDelete = async () => {
    setServerError(undefined);
    try {
      const res = await remove.mutateAsync(messageId);
      notify.success(res.message);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <div aria-busy={remove.isPending}>
      <DialogTitle>{t('delete.title')}</DialogTitle>
      <DialogDescription className="break-words">{t('delete.lead', { name: otherName })}</DialogDescription>
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
