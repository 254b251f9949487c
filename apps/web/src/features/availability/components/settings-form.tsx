import { zodResolver } from '@hookform/resolvers/zod';
import type { AvailabilitySettings, AvailabilitySettingsInput } from '@therapy/contracts/availability';
import { availabilitySettingsInput } from '@therapy/contracts/availability';
import {
  BUFFER_MINUTES_MAX,
  NOTICE_HOURS_MAX,
  SESSION_MINUTES_MAX,
  SESSION_MINUTES_MIN,
} from '@therapy/contracts/constants';
import { message } from '@therapy/contracts/messages';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TimezoneCombobox } from '@/components/timezone-combobox';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { useTimezoneOptions } from '@/lib/reference-options';
import { notify } from '@/lib/toast';
import { useSaveSettings } from '../api/availability-api';
import { SaveStatus } from './save-status';

type SettingsForm = z.input<typeof availabilitySettingsInput>;

const toForm = (s: AvailabilitySettings): SettingsForm => ({
  timezone: s.timezone,
  sessionLengthMinutes: s.sessionLengthMinutes,
  bufferMinutes: s.bufferMinutes,
  minimumNoticeHours: s.minimumNoticeHours,
});

/** Booking settings (DESIGN.md §6 "Availability"): the provider's time zone, session length, buffer and notice. */
export function SettingsForm({ settings }: { settings: AvailabilitySettings }) {
  const { t } = useTranslation('availability');
  const save = useSaveSettings();
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsForm, unknown, AvailabilitySettingsInput>({
    resolver: zodResolver(availabilitySettingsInput),
    mode: 'onTouched',
    defaultValues: toForm(settings),
  });
  const values = useWatch({ control });
  const zones = useTimezoneOptions(values.timezone);

  const onSubmit = (input: AvailabilitySettingsInput) => {
    setServerError(null);
    setSaved(false);
    save.mutate(input, {
      onSuccess: ({ data, message: text }) => {
        reset(toForm(data));
        setSaved(true);
        notify.success(text ?? message('dataSaved', currentLocale()));
      },
      onError: (error) => {
        const marked = applyServerFieldErrors(error, setError, {
          byMessage: {
            timezoneInvalid: 'timezone',
            sessionLengthInvalid: 'sessionLengthMinutes',
            bufferInvalid: 'bufferMinutes',
            noticeInvalid: 'minimumNoticeHours',
          },
        });
        if (!marked) setServerError(errorMessage(error));
      },
    });
  };

  const asNumber = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v)) };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.title')} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t('settings.timezone')}
          error={errors.timezone?.message}
          hint={t('settings.timezoneHint')}
          className="sm:col-span-2"
        >
          {(field) => (
            <Controller
              control={control}
              name="timezone"
              render={({ field: { value, onChange, onBlur, name } }) => (
                <TimezoneCombobox
                  field={field}
                  name={name}
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  zones={zones}
                  suggestedLabel={t('settings.suggestedZones')}
                />
              )}
            />
          )}
        </FormField>
        {/* Any whole minutes (decision 0054): 50 minutes with a 10-minute gap is the common therapy hour. */}
        <FormField
          label={t('settings.sessionLength')}
          error={errors.sessionLengthMinutes?.message}
          hint={t('settings.sessionLengthHint', { min: SESSION_MINUTES_MIN, max: SESSION_MINUTES_MAX })}
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={SESSION_MINUTES_MIN}
              max={SESSION_MINUTES_MAX}
              step={1}
              {...register('sessionLengthMinutes', asNumber)}
            />
          )}
        </FormField>
        <FormField
          label={t('settings.buffer')}
          error={errors.bufferMinutes?.message}
          hint={t('settings.bufferHint', { max: BUFFER_MINUTES_MAX })}
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={0}
              max={BUFFER_MINUTES_MAX}
              step={1}
              {...register('bufferMinutes', asNumber)}
            />
          )}
        </FormField>
        <FormField
          label={t('settings.notice')}
          error={errors.minimumNoticeHours?.message}
          hint={t('settings.noticeHint')}
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={0}
              max={NOTICE_HOURS_MAX}
              step={1}
              {...register('minimumNoticeHours', asNumber)}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div>
          <Button type="submit" pending={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
        <SaveStatus saved={saved && !isDirty} error={serverError} />
      </div>
    </form>
  );
}
