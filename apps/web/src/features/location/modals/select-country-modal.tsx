import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import { userPreferencesInput } from '@therapy/contracts/user';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { countryName, detectCountryCode } from '@/lib/country';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { countriesQuery } from '@/lib/regions';
import { useSavePreferences } from '../api/location-api';

type CountryForm = z.input<typeof userPreferencesInput>;
type CountryValues = z.output<typeof userPreferencesInput>;

/** "Choose Your Location": one of the countries we operate in. */
export function SelectCountryModal({ onClose }: ModalComponentProps<'select-country'>) {
  const { t, i18n } = useTranslation('location');
  const legendId = useId();
  const errorId = useId();
  const userCountry = useAuthStore((s) => s.user?.countryCode);
  const countries = useQuery(countriesQuery());
  const save = useSavePreferences();
  const locale = i18n.resolvedLanguage ?? 'en';
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

  const options = (countries.data ?? [])
    .map((c) => ({ code: c.code.toUpperCase(), label: countryName(c.code, locale, c.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));

  return (
    <>
      <DialogTitle>{t('select.title')}</DialogTitle>
      <DialogDescription>{t('select.body')}</DialogDescription>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5">
        {countries.isPending ? (
          <div className="flex justify-center py-6 text-brand-700">
            <Spinner label={t('select.loading')} />
          </div>
        ) : countries.isError ? (
          <Alert tone="error" action={<Button size="sm" variant="secondary" onClick={() => void countries.refetch()}>{t('select.retry')}</Button>}>
            {t('select.failed')}
          </Alert>
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
                  <input type="radio" value={option.code} className="size-4 accent-brand-700" {...register('countryCode')} />
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
