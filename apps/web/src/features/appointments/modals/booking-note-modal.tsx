import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ModalComponentProps } from '@/lib/modal-store';

/** Spec §2 "Appointment note and appointment message": the booking's note, read in full. */
export function BookingNoteModal({ booking, onClose }: ModalComponentProps<'booking-note'>) {
  const { t } = useTranslation('appointments');
  return (
    <>
      <DialogTitle>{t('noteModal.title')}</DialogTitle>
      <DialogDescription>{t('noteModal.description')}</DialogDescription>
      <p className="mt-4 max-h-80 overflow-y-auto whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-slate-900">
        {booking.note ?? t('detail.noNote')}
      </p>
      <DialogActions className="mt-5">
        <Button onClick={onClose}>{t('noteModal.close')}</Button>
      </DialogActions>
    </>
  );
}
