import { zodResolver } from '@hookform/resolvers/zod';
import { cancelInput, type CancelInput } from '@therapy/contracts/bookings';
import { message } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { formatDateTime, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { cancellationPolicyQuery, useCancelBooking } from '../api/booking-changes-api';
import {
  BookingSummary,
  failureText,
  ModalLoading,
  NoteArea,
  PolicyLink,
  ResultScreen,
  serverText,
} from '../components/shared';

/**
 * Spec §2 "Cancel booking (client or provider variant)", "Cancel message", "Cancel success": before the click the
 * policy says whether a refund is given (48 h rule), how much and until when; a note is required; the result screen
 * shows the server's message (spec §4).
 */
export function CancelBookingModal({ booking, role, onClose }: ModalComponentProps<'cancel-booking'>) {
  const { t, i18n } = useTranslation('booking-changes');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const policy = useQuery(cancellationPolicyQuery(booking.identifier));
  const cancel = useCancelBooking(role);
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CancelInput>({ resolver: zodResolver(cancelInput), defaultValues: { note: '' } });
  const title = role === 'client' ? t('cancel.titleClient') : t('cancel.titleProvider');

  if (result) {
    return (
      <ResultScreen title={t('cancel.successTitle')} onClose={onClose}>
        {result}
      </ResultScreen>
    );
  }
  if (policy.isPending) return <ModalLoading title={title} label={t('cancel.loadingPolicy')} />;

  const data = policy.data;
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await cancel.mutateAsync({ id: booking.identifier, body: values });
      setResult(serverText(res.message, 'appointmentCancelled'));
    } catch (error) {
      setServerError(failureText(error));
    }
  });

  const amount = data ? formatMoney(data.refundAmount, data.currencyCode, locale) : '';
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={cancel.isPending}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{t('cancel.lead')}</DialogDescription>
      <BookingSummary booking={booking} role={role} />

      <div className="mt-4 space-y-4">
        {policy.isError ? (
          // Spec §8: the policy lookup's error shows inline, with a retry.
          <Alert
            tone="error"
            title={t('cancel.policyFailed')}
            action={
              <Button size="sm" variant="secondary" pending={policy.isFetching} onClick={() => void policy.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {failureText(policy.error)}
          </Alert>
        ) : data && !data.cancellable ? (
          <Alert tone="warning">{message('bookingNotCancellable', currentLocale())}</Alert>
        ) : data && role === 'provider' ? (
          <Alert tone="info">
            {data.refundAmount > 0 ? t('cancel.providerRefund', { amount }) : t('cancel.providerNothingPaid')}
          </Alert>
        ) : data && data.cancelationStatus ? (
          <Alert tone="info">
            {data.refundAmount > 0
              ? data.cutoffAt
                ? t('cancel.refundUntil', { amount, cutoff: formatDateTime(data.cutoffAt, locale) })
                : t('cancel.refund', { amount })
              : t('cancel.nothingPaid')}
          </Alert>
        ) : data ? (
          <Alert tone="warning" title={t('cancel.noRefundTitle')}>
            {t('cancel.noRefund')}
          </Alert>
        ) : null}

        <PolicyLink role={role} />

        <FormField label={t('cancel.note')} hint={t('cancel.noteHint')} error={form.formState.errors.note?.message}>
          {({ invalid, ...c }) => <NoteArea {...c} invalid={invalid} {...form.register('note')} />}
        </FormField>

        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>

      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel.keep')}
        </Button>
        <Button type="submit" variant="danger" pending={cancel.isPending} disabled={!!data && !data.cancellable}>
          {t('cancel.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
