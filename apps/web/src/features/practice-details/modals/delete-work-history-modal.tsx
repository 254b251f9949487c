import { message } from '@therapy/contracts/messages';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useDeleteWorkHistory } from '../api/practice-details-api';

/** Deleting a work history entry asks first ("Are you sure?"). */
export function DeleteWorkHistoryModal({ entry, onClose }: ModalComponentProps<'delete-work-history'>) {
  const { t } = useTranslation('practice-details');
  const remove = useDeleteWorkHistory();
  return (
    <>
      <DialogTitle>{t('deleteModal.title')}</DialogTitle>
      <DialogDescription>{t('deleteModal.body', { company: entry.companyName })}</DialogDescription>
      <DialogActions className="mt-6">
        <Button variant="secondary" onClick={onClose}>
          {t('deleteModal.cancel')}
        </Button>
        <Button
          variant="danger"
          pending={remove.isPending}
          onClick={() =>
            remove.mutate(entry.identifier, {
              onSuccess: (res) => {
                notify.success(res.message ?? message('workHistoryDeleted', currentLocale()));
                onClose();
              },
            })
          }
        >
          {t('deleteModal.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
