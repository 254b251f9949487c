import { zodResolver } from '@hookform/resolvers/zod';
import { WORK_COMPANY_MAX, WORK_DESCRIPTION_MAX, WORK_TITLE_MAX } from '@therapy/contracts/constants';
import { message } from '@therapy/contracts/messages';
import { workHistoryInput, type WorkHistoryInput, type WorkHistoryValues } from '@therapy/contracts/practice-details';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useSaveWorkHistory } from '../api/practice-details-api';

/**
 * Spec §2 "Employment History": add an entry, or edit the one given. The same schema as the server (months 1900-01
 * to 2099-12, end not before start); ticking "currently works here" clears the end month at once.
 */
export function WorkHistoryModal({ entry, onClose }: ModalComponentProps<'work-history'>) {
  const { t } = useTranslation('practice-details');
  const save = useSaveWorkHistory();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<WorkHistoryInput, unknown, WorkHistoryValues>({
    resolver: zodResolver(workHistoryInput),
    mode: 'onTouched',
    defaultValues: entry
      ? {
          companyName: entry.companyName,
          jobTitle: entry.jobTitle,
          startDate: entry.startDate,
          endDate: entry.endDate,
          currentlyWorksHere: entry.currentlyWorksHere,
          description: entry.description ?? '',
        }
      : { companyName: '', jobTitle: '', startDate: '', endDate: null, currentlyWorksHere: false, description: '' },
  });
  const current = useWatch({ control, name: 'currentlyWorksHere' });
  const description = useWatch({ control, name: 'description' }) ?? '';

  const onSubmit = (values: WorkHistoryValues) =>
    save.mutate(
      { id: entry?.identifier, values },
      {
        onSuccess: (res) => {
          notify.success(res.message ?? message(entry ? 'workHistoryUpdated' : 'workHistorySaved', currentLocale()));
          onClose();
        },
        onError: (error) =>
          applyServerFieldErrors(error, setError, {
            byMessage: {
              endBeforeStart: 'endDate',
              endDateRequired: 'endDate',
              companyNameMax: 'companyName',
              jobTitleMax: 'jobTitle',
              workDescriptionMax: 'description',
            },
          }),
      },
    );

  return (
    <>
      <DialogTitle>{t('workModal.title')}</DialogTitle>
      <DialogDescription>{entry ? t('workModal.editDescription') : t('workModal.addDescription')}</DialogDescription>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 flex flex-col gap-4">
        <FormField label={t('workModal.companyName')} error={errors.companyName?.message}>
          {(field) => (
            <Input
              {...field}
              autoComplete="organization"
              maxLength={WORK_COMPANY_MAX + 20}
              {...register('companyName')}
            />
          )}
        </FormField>
        <FormField label={t('workModal.jobTitle')} error={errors.jobTitle?.message}>
          {(field) => (
            <Input
              {...field}
              autoComplete="organization-title"
              maxLength={WORK_TITLE_MAX + 20}
              {...register('jobTitle')}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('workModal.startDate')} hint={t('workModal.monthHint')} error={errors.startDate?.message}>
            {(field) => (
              <Input
                {...field}
                inputMode="numeric"
                placeholder="YYYY-MM"
                autoComplete="off"
                {...register('startDate')}
              />
            )}
          </FormField>
          <Controller
            control={control}
            name="endDate"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <FormField label={t('workModal.endDate')} hint={t('workModal.monthHint')} error={errors.endDate?.message}>
                {(field) => (
                  <Input
                    {...field}
                    ref={ref}
                    name={name}
                    inputMode="numeric"
                    placeholder={current ? t('workHistory.present') : 'YYYY-MM'}
                    autoComplete="off"
                    disabled={current}
                    value={value ?? ''}
                    onBlur={onBlur}
                    onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
                  />
                )}
              </FormField>
            )}
          />
        </div>
        <Checkbox
          label={t('workModal.currentlyWorksHere')}
          {...register('currentlyWorksHere', {
            // Spec §5: ticking it clears the end month.
            onChange: (event: { target: { checked: boolean } }) => {
              if (!event.target.checked) return;
              setValue('endDate', null, { shouldValidate: false });
              clearErrors('endDate');
            },
          })}
        />
        <FormField
          label={t('workModal.description')}
          optional
          hint={t('workModal.descriptionCount', { count: [...description].length, max: WORK_DESCRIPTION_MAX })}
          error={errors.description?.message}
        >
          {({ invalid, ...field }) => (
            <textarea
              {...field}
              rows={4}
              aria-invalid={invalid || undefined}
              className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ${invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600'}`}
              {...register('description')}
            />
          )}
        </FormField>
        <DialogActions className="mt-1">
          <Button variant="secondary" onClick={onClose}>
            {t('workModal.cancel')}
          </Button>
          <Button type="submit" pending={save.isPending}>
            {t('workModal.save')}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
