import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomDay, CustomDayInput } from '@therapy/contracts/availability';
import { customDayInput } from '@therapy/contracts/availability';
import { DEFAULT_SLOT } from '@therapy/contracts/constants';
import { m, message } from '@therapy/contracts/messages';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useSaveCustomDay } from '../api/availability-api';
import { IntervalEditor } from './interval-editor';
import { SaveStatus, errorMessages } from './save-status';

type CustomDayForm = z.input<typeof customDayInput>;

interface CustomDayDialogProps {
  /** 'new' for "Add custom day", a day to edit it, null when closed. */
  day: CustomDay | 'new' | null;
  onClose: () => void;
  category: string | null;
  /** First and last date that can be chosen ("YYYY-MM-DD"): today in the provider's zone, and the horizon. */
  minDate: string;
  maxDate: string;
  horizonDays: number;
}

/** Add or edit a custom day (a date override) in a modal dialog. */
export function CustomDayDialog({ day, onClose, ...rest }: CustomDayDialogProps) {
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()} size="md">
      {/* A fresh form per opening, so a closed dialog never keeps half-typed values. */}
      {day !== null && (
        <CustomDayForm key={day === 'new' ? 'new' : day.identifier} day={day} onClose={onClose} {...rest} />
      )}
    </Dialog>
  );
}

function CustomDayForm({
  day,
  onClose,
  category,
  minDate,
  maxDate,
  horizonDays,
}: Omit<CustomDayDialogProps, 'day'> & { day: CustomDay | 'new' }) {
  const { t } = useTranslation('availability');
  const errorId = useId();
  const editing = day !== 'new';
  const save = useSaveCustomDay(category);
  const [serverError, setServerError] = useState<string | null>(null);

  // The contract's rules plus the date window the server enforces (today to the horizon), with its messages.
  const schema = useMemo(
    () =>
      customDayInput.superRefine((value, ctx) => {
        if (value.date < minDate) ctx.addIssue({ code: 'custom', path: ['date'], message: m.customDayPast });
        else if (value.date > maxDate)
          ctx.addIssue({ code: 'custom', path: ['date'], message: m.customDayBeyondHorizon });
      }),
    [minDate, maxDate],
  );

  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, submitCount },
  } = useForm<CustomDayForm, unknown, CustomDayInput>({
    resolver: zodResolver(schema),
    defaultValues: editing
      ? {
          date: day.date,
          isAvailable: day.isAvailable,
          timeSlotsInterval: day.timeslotIntervals.map(({ startTime, endTime }) => ({ startTime, endTime })),
        }
      : { date: '', isAvailable: true, timeSlotsInterval: [{ ...DEFAULT_SLOT }] },
  });
  const available = useWatch({ control, name: 'isAvailable' });
  const intervals = useWatch({ control, name: 'timeSlotsInterval' });
  const intervalMessages = errorMessages(errors.timeSlotsInterval);

  const setAvailable = (checked: boolean) => {
    const options = { shouldDirty: true, shouldValidate: submitCount > 0 };
    setValue('isAvailable', checked, options);
    if (checked && intervals.length === 0) setValue('timeSlotsInterval', [{ ...DEFAULT_SLOT }], options);
  };

  const onSubmit = (input: CustomDayInput) => {
    setServerError(null);
    save.mutate(
      { ...input, ...(category ? { categoryIdentifier: category } : {}) },
      {
        onSuccess: ({ message: text }) => {
          notify.success(text ?? message('dataSaved', currentLocale()));
          onClose();
        },
        onError: (error) => setServerError(errorMessage(error)),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col">
      <DialogTitle>{editing ? t('custom.editTitle') : t('custom.dialogTitle')}</DialogTitle>
      <DialogDescription>{t('custom.dialogDescription', { days: horizonDays })}</DialogDescription>
      <div className="mt-5 flex flex-col gap-5">
        <FormField label={t('custom.date')} error={errors.date?.message}>
          {(field) => (
            <Input {...field} type="date" min={minDate} max={maxDate} readOnly={editing} {...register('date')} />
          )}
        </FormField>
        <Switch
          label={t('custom.available')}
          description={available ? t('custom.availableHint') : t('custom.unavailableHint')}
          checked={available}
          onCheckedChange={setAvailable}
        />
        {available && (
          <Controller
            control={control}
            name="timeSlotsInterval"
            render={({ field }) => (
              <IntervalEditor
                dayLabel={t('custom.dayLabel')}
                intervals={field.value}
                onChange={field.onChange}
                invalid={intervalMessages.length > 0}
                errorId={errorId}
              />
            )}
          />
        )}
        {intervalMessages.length > 0 && (
          <div id={errorId}>
            {intervalMessages.map((text, k) => (
              <FieldError key={text} id={`${errorId}-${k}`} message={text} />
            ))}
          </div>
        )}
      </div>
      <div className="mt-3">
        <SaveStatus saved={false} error={serverError} />
      </div>
      <DialogActions className="mt-3!">
        <Button variant="secondary" onClick={onClose}>
          {t('custom.cancel')}
        </Button>
        <Button type="submit" pending={save.isPending}>
          {t('custom.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
