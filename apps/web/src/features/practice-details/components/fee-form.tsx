import { zodResolver } from '@hookform/resolvers/zod';
import { currencySymbol, formatMoney } from '@therapy/contracts/money';
import { message } from '@therapy/contracts/messages';
import { feeForm, type BookingFee } from '@therapy/contracts/practice-details';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useSaveGeneralFee, useSaveTherapyFee } from '../api/practice-details-api';

type FeeFormInput = z.input<typeof feeForm>;
type FeeFormValues = z.output<typeof feeForm>;

/** A saved fee in the form's unit: whole main units as digits (6000 minor -> "60"); a fee with cents shows empty. */
const feeText = (fee: BookingFee | null): string => (fee && fee.fee % 100 === 0 ? String(fee.fee / 100) : '');

interface FeeFormProps {
  currencyCode: string;
  saved: BookingFee | null;
  /** Set for a therapy's own fee; absent for the general (default) fee. */
  therapy?: { identifier: string; name: string };
}

/**
 * Spec §5 "Fee": digits only, sent times 100; "Mark as free" shows 0 and sends isFree. The schema is the server's
 * with the fee typed in the main unit (`feeForm`), so the form shows the server's messages.
 */
export function FeeForm({ currencyCode, saved, therapy }: FeeFormProps) {
  const { t, i18n } = useTranslation('practice-details');
  const locale = i18n.resolvedLanguage ?? 'en';
  const saveGeneral = useSaveGeneralFee();
  const saveTherapy = useSaveTherapyFee();
  const save = therapy ? saveTherapy : saveGeneral;
  const prefixId = useId();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FeeFormInput, unknown, FeeFormValues>({
    resolver: zodResolver(feeForm),
    mode: 'onTouched',
    defaultValues: { fee: saved?.isFree ? '0' : feeText(saved), isFree: saved?.isFree ?? false },
  });
  const isFree = useWatch({ control, name: 'isFree' });

  const onSubmit = (values: FeeFormValues) => {
    const options = {
      onSuccess: (res: { message?: string }) => notify.success(res.message ?? message('feeSaved', currentLocale())),
      onError: (error: unknown) =>
        applyServerFieldErrors(error, setError, {
          byMessage: { feeDigits: 'fee', feeTooLarge: 'fee', feeFreeNotZero: 'fee' },
        }),
    };
    if (therapy)
      saveTherapy.mutate(
        { therapyCategoryIdentifier: therapy.identifier, fee: values.fee, isFree: values.isFree },
        options,
      );
    else saveGeneral.mutate({ fee: values.fee, isFree: values.isFree }, options);
  };

  const label = therapy ? t('fees.feeFor', { therapy: therapy.name }) : t('fees.fee');
  const status = saved
    ? t('fees.current', { amount: saved.isFree ? t('fees.free') : formatMoney(saved.fee, saved.currencyCode, locale) })
    : therapy
      ? t('fees.usesGeneral')
      : t('fees.notSet');

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
      <p className="text-sm font-medium text-slate-800">{status}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Controller
          control={control}
          name="fee"
          render={({ field: { value, onChange, onBlur, ref, name } }) => (
            <FormField
              className="sm:w-56"
              label={label}
              hint={t('fees.feeHint', { currency: currencyCode })}
              error={errors.fee?.message}
            >
              {(field) => (
                <div className="relative">
                  <span
                    id={prefixId}
                    className="pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center justify-center text-slate-700"
                  >
                    {currencySymbol(currencyCode)}
                  </span>
                  <Input
                    {...field}
                    aria-describedby={[prefixId, field['aria-describedby']].filter(Boolean).join(' ')}
                    ref={ref}
                    name={name}
                    className="pl-10"
                    inputMode="numeric"
                    autoComplete="off"
                    // Marked free, the field shows 0 and cannot be typed in (spec §5).
                    disabled={isFree}
                    value={isFree ? '0' : value}
                    onBlur={onBlur}
                    onChange={(event) => onChange(event.target.value)}
                  />
                </div>
              )}
            </FormField>
          )}
        />
        <Checkbox
          className="sm:mt-9"
          label={therapy ? t('fees.freeFor', { therapy: therapy.name }) : t('fees.markFree')}
          {...register('isFree', {
            onChange: (event: { target: { checked: boolean } }) =>
              setValue('fee', event.target.checked ? '0' : '', { shouldValidate: false }),
          })}
        />
      </div>
      <div>
        <Button type="submit" size="sm" pending={save.isPending}>
          {therapy ? t('fees.saveFor', { therapy: therapy.name }) : t('fees.save')}
        </Button>
      </div>
    </form>
  );
}
