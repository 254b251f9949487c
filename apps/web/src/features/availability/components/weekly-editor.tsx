import { zodResolver } from '@hookform/resolvers/zod';
import type { WeeklyPlan, WeeklyPlanInput } from '@therapy/contracts/availability';
import { weekdays, weeklyPlanInput } from '@therapy/contracts/availability';
import { DEFAULT_SLOT } from '@therapy/contracts/constants';
import { message } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useSaveWeeklyPlan, weeklyPlanQuery } from '../api/availability-api';
import { IntervalEditor } from './interval-editor';
import { SaveStatus, errorMessages } from './save-status';

type WeekForm = z.input<typeof weeklyPlanInput>;

/** The server's plan as the form edits it: all seven days, Monday first, in the save shape (`timeSlotsInterval`). */
export function toWeekForm(plan: WeeklyPlan): WeekForm {
  return {
    days: weekdays.map((identifier) => {
      const day = plan.days.find((d) => d.identifier === identifier);
      return {
        identifier,
        isAvailable: day?.isAvailable ?? false,
        timeSlotsInterval: (day?.timeslotIntervals ?? []).map(({ startTime, endTime }) => ({ startTime, endTime })),
      };
    }),
  };
}

/** Loads the general plan (category null) or one therapy's plan and edits it. */
export function WeeklyEditor({ category }: { category: string | null }) {
  const { t } = useTranslation('availability');
  const plan = useQuery(weeklyPlanQuery(category));
  return (
    <>
      <SectionStatus
        loading={plan.isPending}
        error={plan.isError}
        onRetry={() => void plan.refetch()}
        loadingLabel={t('loading')}
        errorText={t('weekly.loadFailed')}
        retryLabel={t('retry')}
      />
      {plan.data && <WeeklyForm category={category} plan={plan.data} />}
    </>
  );
}

/**
 * The "Appointment calendar" (spec §2, §5): per weekday available or not and its intervals; the whole week is saved
 * with one button. The contract's schema checks it first, so the browser shows the messages the server would send.
 */
export function WeeklyForm({ category, plan }: { category: string | null; plan: WeeklyPlan }) {
  const { t } = useTranslation('availability');
  const formId = useId();
  const save = useSaveWeeklyPlan(category);
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isDirty, submitCount },
  } = useForm<WeekForm, unknown, WeeklyPlanInput>({
    resolver: zodResolver(weeklyPlanInput),
    defaultValues: toWeekForm(plan),
  });

  const onSubmit = (input: WeeklyPlanInput) => {
    setServerError(null);
    setSaved(false);
    save.mutate(input, {
      onSuccess: ({ data, message: text }) => {
        reset(toWeekForm(data));
        setSaved(true);
        notify.success(text ?? message('dataSaved', currentLocale()));
      },
      onError: (error) => setServerError(errorMessage(error)),
    });
  };

  const days = useWatch({ control, name: 'days' });
  const listError = errors.days?.message ?? errors.days?.root?.message;
  const hasDayErrors = submitCount > 0 && !!errors.days;

  const setAvailable = (index: number, available: boolean) => {
    const options = { shouldDirty: true, shouldValidate: submitCount > 0 };
    setValue(`days.${index}.isAvailable`, available, options);
    // A day switched on with no hours starts with the default slot (spec §5: 09:00 to 18:00).
    if (available && (days[index]?.timeSlotsInterval.length ?? 0) === 0)
      setValue(`days.${index}.timeSlotsInterval`, [{ ...DEFAULT_SLOT }], options);
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('weekly.title')} className="flex flex-col gap-5">
      <ul className="flex flex-col">
        {weekdays.map((identifier, index) => {
          const dayName = t(`days.${identifier}`);
          const available = days[index]?.isAvailable ?? false;
          const messages = errorMessages(errors.days?.[index]);
          const errorId = `${formId}-${identifier}-error`;
          return (
            <li
              key={identifier}
              className="border-t border-slate-200 py-4 first:border-t-0 first:pt-0 last:pb-0 sm:grid sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-x-6"
            >
              <div className="sm:pt-1.5">
                <Switch
                  label={<span className="text-base font-semibold">{dayName}</span>}
                  description={available ? t('day.available') : t('day.unavailable')}
                  checked={available}
                  onCheckedChange={(checked) => setAvailable(index, checked)}
                />
              </div>
              {available && (
                <div className="mt-3 sm:mt-0">
                  <Controller
                    control={control}
                    name={`days.${index}.timeSlotsInterval`}
                    render={({ field }) => (
                      <IntervalEditor
                        dayLabel={dayName}
                        intervals={field.value}
                        onChange={field.onChange}
                        invalid={messages.length > 0}
                        errorId={errorId}
                      />
                    )}
                  />
                </div>
              )}
              {messages.length > 0 && (
                <div id={errorId} className="sm:col-start-2">
                  {messages.map((text, k) => (
                    <FieldError key={text} id={`${errorId}-${k}`} message={text} />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:gap-4">
        <div>
          <Button type="submit" pending={save.isPending}>
            {t('weekly.save')}
          </Button>
        </div>
        <SaveStatus
          saved={saved && !isDirty}
          error={serverError ?? listError ?? (hasDayErrors ? t('weekly.fixErrors') : null)}
        />
      </div>
    </form>
  );
}
