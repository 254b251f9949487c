import { zodResolver } from '@hookform/resolvers/zod';
import { rescheduleInput, type RescheduleInput } from '@therapy/contracts/bookings';
import { message } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SlotPicker } from '@/components/slot-picker/slot-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { reschedulePolicyQuery, useRescheduleBooking } from '../api/booking-changes-api';
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
 * Spec §2 "Reschedule (client or provider variant)", "Reschedule success": the remaining reschedules of the viewer's
 * side (2 for the client, 3 for the provider), a new time from the provider's calendar, an optional note; inside
 * 48 h of a confirmed session the other party must approve; a pending (unpaid) booking goes on to its payment.
 */
export function RescheduleBookingModal({ booking, role, onClose }: ModalComponentProps<'reschedule-booking'>) {
  const { t, i18n } = useTranslation('booking-changes');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const navigate = useNavigate();
  const policy = useQuery(reschedulePolicyQuery(booking.identifier));
  const reschedule = useRescheduleBooking(role);
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const slotErrorId = useId();
  const form = useForm<RescheduleInput>({
    resolver: zodResolver(rescheduleInput),
    defaultValues: { timeslotIdentifier: '', note: '' },
  });
  const title = t('reschedule.title');

  if (result)
    return (
      <ResultScreen title={t('reschedule.successTitle')} onClose={onClose}>
        {result}
      </ResultScreen>
    );
  if (policy.isPending) return <ModalLoading title={title} label={t('reschedule.loadingPolicy')} />;

  const data = policy.data;
  const limitReached = !!data && data.remaining <= 0;
  const blocked = !data || limitReached || !data.reschedulable;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await reschedule.mutateAsync({ id: booking.identifier, body: values });
      const text = serverText(res.message, data?.needsApproval ? 'rescheduleNeedsApproval' : 'rescheduled');
      if (role === 'client' && res.booking.status === 'pending') {
        // Spec §4: an unpaid booking is paid next, at its new time.
        notify.success(text);
        onClose();
        void navigate(`/payment/${booking.identifier}`);
        return;
      }
      setResult(text);
    } catch (error) {
      setServerError(failureText(error));
    }
  });

  const slotError = form.formState.errors.timeslotIdentifier?.message;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={reschedule.isPending}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>
        {role === 'client' ? t('reschedule.leadClient') : t('reschedule.leadProvider')}
      </DialogDescription>
      <BookingSummary booking={booking} role={role} />

      <div className="mt-4 space-y-4">
        {policy.isError ? (
          <Alert
            tone="error"
            title={t('reschedule.policyFailed')}
            action={
              <Button size="sm" variant="secondary" pending={policy.isFetching} onClick={() => void policy.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {failureText(policy.error)}
          </Alert>
        ) : limitReached ? (
          <Alert tone="warning">{message('rescheduleLimitReached', currentLocale())}</Alert>
        ) : data && !data.reschedulable ? (
          <Alert tone="warning">{message('bookingNotReschedulable', currentLocale())}</Alert>
        ) : data ? (
          <>
            <p className="text-sm text-slate-800">{t('reschedule.remaining', { count: data.remaining })}</p>
            {data.needsApproval && (
              <Alert tone="info" title={t('reschedule.approvalTitle')}>
                {t('reschedule.approval')}
              </Alert>
            )}
            {!data.needsApproval && data.approvalFrom && (
              <p className="text-sm text-slate-700">
                {t('reschedule.approvalFrom', { date: formatDateTime(data.approvalFrom, locale) })}
              </p>
            )}
          </>
        ) : null}

        <PolicyLink role={role} />

        {!blocked && (
          <fieldset aria-describedby={slotError ? slotErrorId : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('reschedule.newTime')}</legend>
            <SlotPicker
              providerId={booking.provider.identifier}
              category={booking.therapyCategory.identifier}
              editMode
              onSelect={(selection) =>
                form.setValue('timeslotIdentifier', selection?.slot.identifier ?? '', {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
            />
            <FieldError id={slotErrorId} message={slotError} />
          </fieldset>
        )}

        {!blocked && (
          <FormField label={t('reschedule.note')} optional error={form.formState.errors.note?.message}>
            {({ invalid, ...c }) => <NoteArea {...c} invalid={invalid} {...form.register('note')} />}
          </FormField>
        )}

        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>

      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button type="submit" pending={reschedule.isPending} disabled={blocked}>
          {data?.needsApproval ? t('reschedule.submitRequest') : t('reschedule.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
