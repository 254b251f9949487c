import { zodResolver } from '@hookform/resolvers/zod';
import { appointmentInput, type AppointmentInput } from '@therapy/contracts/bookings';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SlotPicker } from '@/components/slot-picker/slot-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import type { ModalComponentProps } from '@/lib/modal-store';
import { providerProfileQuery } from '@/lib/profile-query';
import { useReferenceOptions } from '@/lib/reference-options';
import { providerClientsQuery, useCreateAppointment } from '../api/booking-changes-api';
import { failureText, ModalLoading, NoteArea, ResultScreen } from '../components/shared';

const personName = (p: { firstName: string | null; lastName: string | null; username: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username || '';

/**
 * A provider creates an appointment for one of their clients (POST /appointment): client, modality and therapy (the
 * provider's own), optionally a time from their own calendar, a note. The client then schedules (without a time) and
 * pays it.
 */
export function CreateAppointmentModal({ clientId, onClose }: ModalComponentProps<'create-appointment'>) {
  const { t } = useTranslation('booking-changes');
  const clients = useQuery(providerClientsQuery());
  const profile = useQuery(providerProfileQuery());
  const modalities = useReferenceOptions('modality');
  const therapies = useReferenceOptions('therapy-category');
  const create = useCreateAppointment();
  const [withTime, setWithTime] = useState(false);
  const [result, setResult] = useState<{
    name: string;
    withTime: boolean;
    payment: 'outside' | 'platform';
    withoutAccount: boolean;
  } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const slotErrorId = useId();
  const form = useForm<AppointmentInput>({
    resolver: zodResolver(appointmentInput),
    defaultValues: {
      clientIdentifier: clientId ?? '',
      modalityIdentifier: '',
      therapyIdentifier: '',
      timeslotIdentifier: null,
      note: '',
      payment: 'platform',
    },
  });
  const therapy = useWatch({ control: form.control, name: 'therapyIdentifier' });
  const chosenId = useWatch({ control: form.control, name: 'clientIdentifier' });
  const payment = useWatch({ control: form.control, name: 'payment' });
  const title = t('create.title');

  if (result) {
    return (
      <ResultScreen title={t('create.successTitle')} onClose={onClose}>
        {result.payment === 'outside'
          ? t('create.successOutside', { name: result.name })
          : result.withoutAccount
            ? t('create.successInvited', { name: result.name })
            : result.withTime
              ? t('create.successWithTime', { name: result.name })
              : t('create.successWithoutTime', { name: result.name })}
      </ResultScreen>
    );
  }
  if (clients.isPending || profile.isPending || modalities.isPending || therapies.isPending)
    return <ModalLoading title={title} label={t('create.loading')} />;
  if (clients.isError || profile.isError || modalities.isError || therapies.isError) {
    return (
      <div>
        <DialogTitle>{title}</DialogTitle>
        <Alert tone="error" className="mt-4" title={t('create.loadFailed')}>
          {failureText(clients.error ?? profile.error)}
        </Alert>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            onClick={() => {
              void clients.refetch();
              void profile.refetch();
              modalities.refetch();
              therapies.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </DialogActions>
      </div>
    );
  }
  if (clients.data.length === 0) {
    return (
      <div>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{t('create.noClients')}</DialogDescription>
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      </div>
    );
  }

  const own = (ids: string[], options: { value: string; label: string }[]) =>
    options.filter((o) => ids.includes(o.value));
  const modalityOptions = own(profile.data.modalities, modalities.options);
  const therapyOptions = own(profile.data.therapies, therapies.options);
  const errors = form.formState.errors;
  // A client without an account (decision 0053): the provider says how the appointment is paid.
  const chosen = clients.data.find((c) => c.identifier === chosenId);
  const withoutAccount = chosen?.withoutAccount ?? false;
  const outside = withoutAccount && payment === 'outside';
  const timed = withTime || outside;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    if (timed && !values.timeslotIdentifier) {
      form.setError('timeslotIdentifier', {
        type: 'required',
        message: outside ? 'outsidePaymentNeedsTime' : 'timeslotRequired',
      });
      return;
    }
    try {
      const paidBy = withoutAccount ? (values.payment ?? 'platform') : 'platform';
      await create.mutateAsync({
        ...values,
        payment: paidBy,
        timeslotIdentifier: timed ? values.timeslotIdentifier : null,
      });
      const client = clients.data.find((c) => c.identifier === values.clientIdentifier);
      setResult({ name: client ? personName(client) : '', withTime: timed, payment: paidBy, withoutAccount });
    } catch (error) {
      setServerError(failureText(error));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={create.isPending}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{t('create.lead')}</DialogDescription>
      <div className="mt-4 space-y-4">
        <FormField label={t('create.client')} error={errors.clientIdentifier?.message}>
          {(c) => (
            <Select {...c} {...form.register('clientIdentifier')}>
              <option value="">{t('create.clientPlaceholder')}</option>
              {clients.data.map((client) => (
                <option key={client.identifier} value={client.identifier}>
                  {client.withoutAccount ? t('create.noAccount', { name: personName(client) }) : personName(client)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('create.modality')} error={errors.modalityIdentifier?.message}>
          {(c) => (
            <Select {...c} {...form.register('modalityIdentifier')}>
              <option value="">{t('create.modalityPlaceholder')}</option>
              {modalityOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('create.therapy')} error={errors.therapyIdentifier?.message}>
          {(c) => (
            <Select
              {...c}
              {...form.register('therapyIdentifier', { onChange: () => form.setValue('timeslotIdentifier', null) })}
            >
              <option value="">{t('create.therapyPlaceholder')}</option>
              {therapyOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        {withoutAccount && (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">{t('create.payment')}</legend>
            {(['outside', 'platform'] as const).map((value) => (
              <label key={value} className="flex items-start gap-2 rounded-lg p-2 text-sm text-slate-800">
                <input
                  type="radio"
                  value={value}
                  className="mt-0.5 size-4 accent-brand-700"
                  aria-describedby={`${slotErrorId}-${value}`}
                  {...form.register('payment')}
                />
                <span>
                  <span className="block font-medium">
                    {value === 'outside' ? t('create.paymentOutside') : t('create.paymentPlatform')}
                  </span>
                  <span id={`${slotErrorId}-${value}`} className="block text-slate-700">
                    {value === 'outside' ? t('create.paymentOutsideHint') : t('create.paymentPlatformHint')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {!outside && (
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={withTime}
              onChange={(e) => setWithTime(e.target.checked)}
            />
            {t('create.withTime')}
          </label>
        )}
        {timed && profile.data && (
          <fieldset aria-describedby={errors.timeslotIdentifier ? slotErrorId : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('create.time')}</legend>
            <SlotPicker
              key={therapy}
              providerId={profile.data.identifier}
              category={therapy || undefined}
              onSelect={(selection) => form.setValue('timeslotIdentifier', selection?.slot.identifier ?? null)}
            />
            <FieldError id={slotErrorId} message={errors.timeslotIdentifier?.message} />
          </fieldset>
        )}
        {!timed && <p className="text-sm text-slate-700">{t('create.withoutTimeHint')}</p>}

        <FormField label={t('create.note')} optional error={errors.note?.message}>
          {({ invalid, ...c }) => <NoteArea {...c} invalid={invalid} {...form.register('note')} />}
        </FormField>
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button type="submit" pending={create.isPending}>
          {t('create.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
