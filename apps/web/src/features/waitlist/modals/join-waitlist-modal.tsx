import { zodResolver } from '@hookform/resolvers/zod';
import { joinWaitlistInput, WAITLIST_HORIZON_DAYS, type JoinWaitlistInput } from '@therapy/contracts/waitlist';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { browserTimeZone, todayIn } from '@/components/slot-picker/slot-picker-model';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { ModalComponentProps } from '@/lib/modal-store';
import { referenceName } from '@/lib/reference-names-de';
import { notify } from '@/lib/toast';
import { useJoinWaitlist } from '../api/waitlist-api';
import { useWaitlistTranslation } from '../i18n';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * "Join the waitlist" (issue 19): which therapy and how, the dates and the times of day that suit (in the client's own
 * zone, from today up to the calendar's horizon). A free time that fits is held at once; otherwise the first that
 * frees up is.
 */
export function JoinWaitlistModal({
  providerId,
  providerName,
  therapies,
  modalities,
  onClose,
}: ModalComponentProps<'waitlist-join'>) {
  const { t, locale } = useWaitlistTranslation();
  const join = useJoinWaitlist();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [timezone] = useState(browserTimeZone);
  const today = todayIn(timezone);
  const last = addDays(today, WAITLIST_HORIZON_DAYS);
  const form = useForm<JoinWaitlistInput>({
    resolver: zodResolver(joinWaitlistInput),
    defaultValues: {
      providerIdentifier: providerId,
      therapyIdentifier: therapies.length === 1 ? therapies[0]!.identifier : '',
      modalityIdentifier: modalities.length === 1 ? modalities[0]!.identifier : '',
      fromDate: today,
      toDate: addDays(today, 14),
      fromTime: '09:00',
      toTime: '17:00',
      timezone,
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    join.mutate(values, {
      onSuccess: (res) => {
        onClose();
        if (res.data.offer) {
          notify.success(t('join.heldAtOnce'));
          void navigate(`/waitlist?offer=${res.data.offer.identifier}`);
        } else {
          notify.success(res.message ?? t('join.done'));
        }
      },
      onError: (error) => {
        const marked = applyServerFieldErrors(error, form.setError, {
          byMessage: {
            waitlistPast: 'fromDate',
            waitlistHorizon: 'toDate',
            waitlistDatesOrder: 'toDate',
            waitlistTimesOrder: 'toTime',
            therapyNotOfferedByProvider: 'therapyIdentifier',
            modalityNotOffered: 'modalityIdentifier',
          },
        });
        if (!marked) setServerError(errorMessage(error));
      },
    });
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={join.isPending}>
      <DialogTitle>{t('join.title', { name: providerName })}</DialogTitle>
      <DialogDescription>{t('join.lead')}</DialogDescription>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <FormField label={t('join.therapy')} error={errors.therapyIdentifier?.message}>
          {(field) => (
            <Select {...field} {...form.register('therapyIdentifier')}>
              <option value="">{t('join.choose')}</option>
              {therapies.map((item) => (
                <option key={item.identifier} value={item.identifier}>
                  {referenceName('therapy-category', item.code, item.name, locale)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('join.modality')} error={errors.modalityIdentifier?.message}>
          {(field) => (
            <Select {...field} {...form.register('modalityIdentifier')}>
              <option value="">{t('join.choose')}</option>
              {modalities.map((item) => (
                <option key={item.identifier} value={item.identifier}>
                  {referenceName('modality', item.code, item.name, locale)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('join.fromDate')} error={errors.fromDate?.message}>
          {(field) => <Input {...field} type="date" min={today} max={last} {...form.register('fromDate')} />}
        </FormField>
        <FormField label={t('join.toDate')} error={errors.toDate?.message}>
          {(field) => <Input {...field} type="date" min={today} max={last} {...form.register('toDate')} />}
        </FormField>
        <FormField label={t('join.fromTime')} error={errors.fromTime?.message}>
          {(field) => <Input {...field} type="time" step={900} {...form.register('fromTime')} />}
        </FormField>
        <FormField label={t('join.toTime')} error={errors.toTime?.message}>
          {(field) => <Input {...field} type="time" step={900} {...form.register('toTime')} />}
        </FormField>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t('join.zone', { zone: timezone })}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={join.isPending}>
          {t('join.cancel')}
        </Button>
        <Button type="submit" pending={join.isPending}>
          {t('join.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
