import { message } from '@therapy/contracts/messages';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useDeletePicture } from '../api/profile-api';

/** Spec §2 "Delete picture" ("Are you sure"). */
export function DeletePictureModal({ onClose }: ModalComponentProps<'delete-picture'>) {
  const { t } = useTranslation('profile');
  const remove = useDeletePicture();
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify.success(message('imageDeleted', currentLocale()));
        onClose();
      },
    });
  return (
    <>
      <DialogTitle>{t('deletePicture.title')}</DialogTitle>
      <DialogDescription>{t('deletePicture.body')}</DialogDescription>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button variant="danger" onClick={onDelete} pending={remove.isPending}>
          {t('deletePicture.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
