import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import { userPreferencesInput } from '@therapy/contracts/user';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useAuthStore } from '@/lib/auth-store';
import { detectCountryCode } from '@/lib/country';
import { currentLocale, supportedLocales } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useSavePreferences } from '../api/location-api';
import { CountryListStatus, useCountryChoices } from '../components/country-choices';

type PreferencesForm = z.input<typeof userPreferencesInput>;
type PreferencesValues = z.output<typeof userPreferencesInput>;

const ownNames = { en: 'English', de: 'Deutsch' } as const;

/** "Language and country preferences": both choices in one place, saved together. */
export function PreferencesModal({ onClose }: ModalComponentProps<'preferences'>) {
  const { t } = useTranslation('location');
  const userCountry = useAuthStore((s) => s.user?.countryCode);
  const { countries, choices: options } = useCountryChoices({ all: true });
  const save = useSavePreferences();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PreferencesForm, unknown, PreferencesValues>({
    resolver: zodResolver(userPreferencesInput),
    defaultValues: { locale: currentLocale(), countryCode: detectCountryCode(userCountry) ?? '' },
  });

  const onSubmit = (values: PreferencesValues) =>
    save.mutate(values, {
      onSuccess: () => {
        // Read the locale after saving: the toast should speak the newly chosen language.
        notify.success(message('dataSaved', currentLocale()));
        onClose();
      },
    });

  return (
    <>
      <DialogTitle>{t('preferences.title')}</DialogTitle>
      <DialogDescription>{t('preferences.body')}</DialogDescription>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 flex flex-col gap-5">
        <FormField label={t('preferences.language')} error={errors.locale?.message}>
          {(field) => (
            <Select {...field} {...register('locale')}>
              {supportedLocales.map((code) => (
                <option key={code} value={code} lang={code}>
                  {ownNames[code]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {/* The country select mounts once the list is there, so the form's default selects the current country. */}
        {!countries.isSuccess ? (
          <CountryListStatus countries={countries} />
        ) : (
          <FormField label={t('preferences.country')} error={errors.countryCode?.message}>
            {(field) => (
              <Select {...field} autoComplete="country" {...register('countryCode')}>
                <option value="">{t('preferences.chooseCountry')}</option>
                {options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <DialogActions className="mt-1">
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
