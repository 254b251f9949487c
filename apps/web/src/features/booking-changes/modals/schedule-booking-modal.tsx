import { zodResolver } from '@hookform/resolvers/zod';
import { scheduleInput, type ScheduleInput } from '@therapy/contracts/bookings';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SlotPicker } from '@/components/slot-picker/slot-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useScheduleBooking } from '../api/booking-changes-api';
import { BookingSummary, failureText, serverText } from '../components/shared';

/** Spec §2 "Schedule appointment": the client picks a time for a provider's appointment without one, then pays it. */
export function ScheduleBookingModal({ booking, onClose }: ModalComponentProps<'schedule-booking'>) {
  const { t } = useTranslation('booking-changes');
  const navigate = useNavigate();
  const schedule = useScheduleBooking();
  const [serverError, setServerError] = useState<string | null>(null);
  const slotErrorId = useId();
  const form = useForm<ScheduleInput>({
    resolver: zodResolver(scheduleInput),
    defaultValues: { timeslotIdentifier: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await schedule.mutateAsync({ id: booking.identifier, body: values });
      notify.success(serverText(res.message, 'scheduled'));
      onClose();
      void navigate(`/payment/${booking.identifier}`);
    } catch (error) {
      setServerError(failureText(error));
    }
  });

  const slotError = form.formState.errors.timeslotIdentifier?.message;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={schedule.isPending}>
      <DialogTitle>{t('schedule.title')}</DialogTitle>
      <DialogDescription>{t('schedule.lead')}</DialogDescription>
      <BookingSummary booking={booking} role="client" />
      <fieldset className="mt-4" aria-describedby={slotError ? slotErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('schedule.time')}</legend>
        <SlotPicker
          providerId={booking.provider.identifier}
          category={booking.therapyCategory.identifier}
          onSelect={(selection) =>
            form.setValue('timeslotIdentifier', selection?.slot.identifier ?? '', {
              shouldValidate: form.formState.isSubmitted,
            })
          }
        />
        <FieldError id={slotErrorId} message={slotError} />
      </fieldset>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button type="submit" pending={schedule.isPending}>
          {t('schedule.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
