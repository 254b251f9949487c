import { zodResolver } from '@hookform/resolvers/zod';
import { shareBookingInput, type ShareBookingInput } from '@therapy/contracts/bookings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useShareBooking } from '../api/booking-changes-api';
import { failureText, ResultScreen, serverText } from '../components/shared';

/** Mail a booking's time and place to an address (POST /share-booking): "Mail Sent Successfully". */
export function ShareBookingModal({ booking, onClose }: ModalComponentProps<'share-booking'>) {
  const { t } = useTranslation('booking-changes');
  const share = useShareBooking();
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ShareBookingInput>({
    resolver: zodResolver(shareBookingInput),
    defaultValues: { bookingIdentifier: booking.identifier, email: '' },
  });

  if (result)
    return (
      <ResultScreen title={t('share.successTitle')} onClose={onClose}>
        {result}
      </ResultScreen>
    );

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      setResult(serverText(await share.mutateAsync(values), 'mailSent'));
    } catch (error) {
      setServerError(failureText(error));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={share.isPending}>
      <DialogTitle>{t('share.title')}</DialogTitle>
      <DialogDescription>{t('share.lead')}</DialogDescription>
      <div className="mt-4 space-y-4">
        <FormField label={t('share.email')} error={form.formState.errors.email?.message}>
          {(c) => <Input {...c} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button type="submit" pending={share.isPending}>
          {t('share.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
