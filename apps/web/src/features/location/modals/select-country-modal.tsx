import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import { userPreferencesInput } from '@therapy/contracts/user';
import type { z } from 'zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { useAuthStore } from '@/lib/auth-store';
import { detectCountryCode } from '@/lib/country';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useSavePreferences } from '../api/location-api';
import { CountryListStatus, useCountryChoices } from '../components/country-choices';

type CountryForm = z.input<typeof userPreferencesInput>;
type CountryValues = z.output<typeof userPreferencesInput>;

/** "Choose Your Location": one of the countries we operate in. */
export function SelectCountryModal({ onClose }: ModalComponentProps<'select-country'>) {
  const { t } = useTranslation('location');
  const legendId = useId();
  const errorId = useId();
  const userCountry = useAuthStore((s) => s.user?.countryCode);
  const { countries, choices: options } = useCountryChoices();
  const save = useSavePreferences();
  const current = detectCountryCode(userCountry) ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CountryForm, unknown, CountryValues>({
    resolver: zodResolver(userPreferencesInput),
    defaultValues: { countryCode: current },
  });

  const onSubmit = (values: CountryValues) =>
    save.mutate(
      { countryCode: values.countryCode },
      {
        onSuccess: () => {
          notify.success(message('dataSaved', currentLocale()));
          onClose();
        },
      },
    );

  return (
    <>
      <DialogTitle>{t('select.title')}</DialogTitle>
      <DialogDescription>{t('select.body')}</DialogDescription>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5">
        {!countries.isSuccess ? (
          <CountryListStatus countries={countries} />
        ) : (
          <fieldset aria-describedby={errors.countryCode ? errorId : undefined}>
            <legend id={legendId} className="mb-2 text-sm font-medium text-slate-800">
              {t('select.legend')}
            </legend>
            <div className="flex max-h-72 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-1">
              {options.map((option) => (
                <label
                  key={option.code}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-slate-900 hover:bg-slate-50 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    value={option.code}
                    className="size-4 accent-brand-700"
                    {...register('countryCode')}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            <FieldError id={errorId} message={errors.countryCode?.message} />
          </fieldset>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('select.cancel')}
          </Button>
          <Button type="submit" pending={save.isPending} disabled={!countries.isSuccess}>
            {t('select.save')}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
