import { useState } from 'react';
import { ConfirmBody } from '@/components/confirm-body';
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
    <ConfirmBody
      title={t('delete.title')}
      description={t('delete.lead', { name: otherName })}
      error={serverError}
      pending={remove.isPending}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.submit')}
      onCancel={onClose}
      onConfirm={() => void onDelete()}
    />
  );
}
