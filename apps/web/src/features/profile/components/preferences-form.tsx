import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import type { ClientPreferences, PreferenceKey } from '@therapy/contracts/profile';
import { clientPreferencesInput, preferenceLists } from '@therapy/contracts/profile';
import type { ReferenceList } from '@therapy/contracts/reference';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { MultiSelect } from '@/components/ui/multi-select';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale } from '@/lib/i18n';
import type { OptionsState } from '@/lib/reference-options';
import { useCountryOptions, useLanguageOptions, useReferenceOptions } from '@/lib/reference-options';
import { notify } from '@/lib/toast';
import { useSavePreferences } from '../api/profile-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type PreferencesForm = z.input<typeof clientPreferencesInput>;
type PreferencesValues = z.output<typeof clientPreferencesInput>;

const keys = Object.keys(preferenceLists) as PreferenceKey[];

function useOptionsFor(key: PreferenceKey): OptionsState {
  const list = preferenceLists[key];
  // Hooks in a fixed order: each list always calls the same three hooks, and picks one.
  const countries = useCountryOptions();
  const languages = useLanguageOptions();
  const reference = useReferenceOptions(
    list === 'country' || list === 'language' ? 'religion' : (list as ReferenceList),
  );
  return list === 'country' ? countries : list === 'language' ? languages : reference;
}

function PreferenceGroup({
  name,
  value,
  onChange,
  error,
}: {
  name: PreferenceKey;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('profile');
  const options = useOptionsFor(name);
  const status = options.isPending ? (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <Spinner size="sm" /> {t('preferences.loading')}
    </p>
  ) : options.isError ? (
    <p className="text-sm text-red-700">
      {t('preferences.loadFailed')}{' '}
      <Button variant="link" onClick={options.refetch}>
        {t('retry')}
      </Button>
    </p>
  ) : options.options.length === 0 ? (
    <p className="text-sm text-slate-700">{t('preferences.empty')}</p>
  ) : undefined;
  return (
    <MultiSelect
      label={t(`preferences.lists.${name}`)}
      options={options.options}
      value={value}
      onChange={onChange}
      error={error}
      status={status}
      placeholder={t('preferences.search')}
      noMatch={t('preferences.noMatch')}
      removeLabel={(label) => t('preferences.remove', { label })}
      selectedLabel={(count) => t('preferences.selected', { count })}
    />
  );
}

/** The twelve preference lists of spec §3, each a searchable multi-select with chips, saved together. */
export function PreferencesForm({ preferences }: { preferences: ClientPreferences }) {
  const { t } = useTranslation('profile');
  const save = useSavePreferences();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PreferencesForm, unknown, PreferencesValues>({
    resolver: zodResolver(clientPreferencesInput),
    ...formValidation,
    defaultValues: Object.fromEntries(keys.map((k) => [k, preferences[k] ?? []])) as PreferencesForm,
  });

  const onSubmit = (values: PreferencesValues) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(message('dataSaved', currentLocale()));
        reset(Object.fromEntries(keys.map((k) => [k, saved[k] ?? []])) as PreferencesForm);
      },
    });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
      className="grid gap-5 sm:grid-cols-2"
      aria-label={t('preferences.title')}
    >
      {keys.map((key) => (
        <Controller
          key={key}
          control={control}
          name={key}
          render={({ field }) => (
            <PreferenceGroup
              name={key}
              value={field.value ?? []}
              onChange={field.onChange}
              error={errors[key]?.message}
            />
          )}
        />
      ))}
      <div className="mt-2 sm:col-span-2">
        <Button type="submit" pending={save.isPending}>
          {t('preferences.save')}
        </Button>
      </div>
    </form>
  );
}
