import { formatPhone } from '@therapy/contracts/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import type { ProviderProfile } from '@therapy/contracts/profile';
import { providerInfoInput, providerSetupInput } from '@therapy/contracts/profile';
import type { ReferenceList } from '@therapy/contracts/reference';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormField } from '@/components/ui/form-field';
import { MultiSelect } from '@/components/ui/multi-select';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { useProviderTypeStore } from '@/lib/provider-type';
import type { OptionsState } from '@/lib/reference-options';
import { useCountryOptions, useLanguageOptions, useReferenceOptions, useStateOptions } from '@/lib/reference-options';
import { updateSessionUser } from '@/lib/session-state';
import { notify } from '@/lib/toast';
import { useSaveProviderProfile } from '../api/practice-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

// The set-up schema has the same fields with stricter rules, so one form type serves both.
type PracticeForm = z.input<typeof providerInfoInput>;
type PracticeValues = z.output<typeof providerInfoInput>;

const BIO_MAX = 2000;
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);

function toForm(p: ProviderProfile): PracticeForm {
  return {
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    phoneNumber: p.phoneNumber ? formatPhone(p.phoneNumber) : null,
    headline: p.headline,
    title: p.title,
    officeAddress: p.officeAddress,
    bio: p.bio,
    zipCode: p.zipCode,
    countryIdentifier: p.countryIdentifier ?? '',
    stateIdentifier: p.stateIdentifier ?? '',
    dob: p.dob,
    religionIdentifier: p.religionIdentifier,
    ethnicityIdentifier: p.ethnicityIdentifier ?? '',
    gender: p.gender ?? '',
    disciplineIdentifier: p.disciplineIdentifier,
    therapies: p.therapies,
    modalities: p.modalities,
    specialities: p.specialities,
    languages: p.languages,
  };
}

function listStatus(
  options: OptionsState,
  t: (key: 'loading' | 'loadFailed' | 'retry' | 'empty') => string,
): ReactNode {
  if (options.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner size="sm" /> {t('loading')}
      </p>
    );
  }
  if (options.isError) {
    return (
      <p className="text-sm text-red-700">
        {t('loadFailed')}{' '}
        <Button variant="link" onClick={options.refetch}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  return options.options.length === 0 ? <p className="text-sm text-slate-700">{t('empty')}</p> : undefined;
}

/**
 * Spec §5 "Provider profile" (POST /provider/update/info) and, while setupComplete is false, "Provider setup"
 * (POST /provider/setup): office address of 5+ characters with a letter and at least one therapy, modality and
 * speciality.
 */
export function PracticeForm({ profile }: { profile: ProviderProfile }) {
  const { t } = useTranslation('practice');
  const setup = !profile.setupComplete;
  const save = useSaveProviderProfile();
  const updateProviderType = useProviderTypeStore((s) => s.update);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<PracticeForm, unknown, PracticeValues>({
    resolver: zodResolver((setup ? providerSetupInput : providerInfoInput) as typeof providerInfoInput),
    ...formValidation,
    defaultValues: toForm(profile),
  });

  const values = useWatch({ control });
  const countries = useCountryOptions();
  const states = useStateOptions(values.countryIdentifier);
  const religions = useReferenceOptions('religion');
  const ethnicities = useReferenceOptions('ethnicity');
  const genders = useReferenceOptions('gender', 'code');
  const disciplines = useReferenceOptions('discipline');
  const lists: Record<'therapies' | 'modalities' | 'specialities', OptionsState> = {
    therapies: useReferenceOptions('therapy-category' satisfies ReferenceList),
    modalities: useReferenceOptions('modality'),
    specialities: useReferenceOptions('speciality'),
  };
  const languages = useLanguageOptions();
  const statusText = (key: 'loading' | 'loadFailed' | 'retry' | 'empty') => t(`lists.${key}`);

  const onSubmit = (input: PracticeValues) =>
    save.mutate(
      { setup, input },
      {
        onSuccess: (saved) => {
          notify.success(message('dataSaved', currentLocale()));
          reset(toForm(saved));
          updateSessionUser({ firstName: saved.firstName, lastName: saved.lastName });
          // Spec §3 provider type state: new bookings start from the first therapy and modality offered.
          const state = useProviderTypeStore.getState();
          updateProviderType({
            therapyCategoryIdentifier: saved.therapies.includes(state.therapyCategoryIdentifier ?? '')
              ? state.therapyCategoryIdentifier
              : (saved.therapies[0] ?? null),
            modalityIdentifier: saved.modalities.includes(state.modalityIdentifier ?? '')
              ? state.modalityIdentifier
              : (saved.modalities[0] ?? null),
          });
        },
        onError: (error) =>
          applyServerFieldErrors(error, setError, {
            byMessage: {
              stateNotInCountry: 'stateIdentifier',
              stateRequired: 'stateIdentifier',
              countryRequired: 'countryIdentifier',
              officeAddressSetup: 'officeAddress',
              therapyAtLeastOne: 'therapies',
              modalityAtLeastOne: 'modalities',
              specialityAtLeastOne: 'specialities',
            },
          }),
      },
    );

  const nullable = { setValueAs: orNull };
  const bioLength = values.bio?.length ?? 0;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
      className="flex flex-col gap-6"
      aria-label={setup ? t('setup.title') : t('info.title')}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('fields.firstName')} error={errors.firstName?.message}>
          {(field) => <Input {...field} autoComplete="given-name" {...register('firstName')} />}
        </FormField>
        <FormField label={t('fields.lastName')} error={errors.lastName?.message}>
          {(field) => <Input {...field} autoComplete="family-name" {...register('lastName')} />}
        </FormField>
        <FormField label={t('fields.phone')} error={errors.phoneNumber?.message} optional>
          {(field) => (
            <Input
              {...field}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              {...register('phoneNumber', nullable)}
            />
          )}
        </FormField>
        <FormField label={t('fields.title')} error={errors.title?.message} optional hint={t('fields.titleHint')}>
          {(field) => <Input {...field} autoComplete="honorific-prefix" {...register('title', nullable)} />}
        </FormField>
        <FormField
          label={t('fields.headline')}
          error={errors.headline?.message}
          optional
          hint={t('fields.headlineHint')}
          className="sm:col-span-2"
        >
          {(field) => <Input {...field} {...register('headline', nullable)} />}
        </FormField>
        <FormField
          label={t('fields.officeAddress')}
          error={errors.officeAddress?.message}
          optional={!setup}
          className="sm:col-span-2"
        >
          {(field) => <Input {...field} autoComplete="street-address" {...register('officeAddress', nullable)} />}
        </FormField>
        <FormField
          label={t('fields.bio')}
          error={errors.bio?.message}
          optional
          hint={t('fields.bioCount', { count: bioLength, max: BIO_MAX })}
          className="sm:col-span-2"
        >
          {({ invalid, ...field }) => (
            <textarea
              {...field}
              rows={6}
              aria-invalid={invalid || undefined}
              className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ${invalid || bioLength > BIO_MAX ? 'border-red-700' : 'border-slate-500 hover:border-slate-600'}`}
              {...register('bio', nullable)}
            />
          )}
        </FormField>
        <FormField label={t('fields.country')} error={errors.countryIdentifier?.message}>
          {(field) => (
            <OptionSelect
              field={field}
              options={countries.options}
              loading={countries.isPending}
              value={values.countryIdentifier ?? ''}
              {...register('countryIdentifier', {
                onChange: () => setValue('stateIdentifier', '', { shouldDirty: true }),
              })}
            />
          )}
        </FormField>
        <FormField
          label={t('fields.state')}
          error={errors.stateIdentifier?.message}
          hint={!values.countryIdentifier ? t('fields.stateHint') : undefined}
        >
          {(field) => (
            <OptionSelect
              field={field}
              options={states.options}
              loading={states.isPending}
              value={values.stateIdentifier ?? ''}
              {...register('stateIdentifier')}
            />
          )}
        </FormField>
        <FormField label={t('fields.zipCode')} error={errors.zipCode?.message} optional>
          {(field) => <Input {...field} autoComplete="postal-code" {...register('zipCode', nullable)} />}
        </FormField>
        <FormField label={t('fields.dob')} error={errors.dob?.message} optional>
          {(field) => <Input {...field} type="date" autoComplete="bday" {...register('dob', nullable)} />}
        </FormField>
        <FormField label={t('fields.ethnicity')} error={errors.ethnicityIdentifier?.message}>
          {(field) => (
            <OptionSelect
              field={field}
              options={ethnicities.options}
              loading={ethnicities.isPending}
              value={values.ethnicityIdentifier ?? ''}
              {...register('ethnicityIdentifier')}
            />
          )}
        </FormField>
        <FormField label={t('fields.gender')} error={errors.gender?.message}>
          {(field) => (
            <OptionSelect
              field={field}
              options={genders.options}
              loading={genders.isPending}
              value={values.gender ?? ''}
              {...register('gender')}
            />
          )}
        </FormField>
        <FormField label={t('fields.religion')} error={errors.religionIdentifier?.message} optional>
          {(field) => (
            <OptionSelect
              field={field}
              options={religions.options}
              loading={religions.isPending}
              value={values.religionIdentifier ?? ''}
              {...register('religionIdentifier', nullable)}
            />
          )}
        </FormField>
        <FormField label={t('fields.discipline')} error={errors.disciplineIdentifier?.message} optional>
          {(field) => (
            <OptionSelect
              field={field}
              options={disciplines.options}
              loading={disciplines.isPending}
              value={values.disciplineIdentifier ?? ''}
              {...register('disciplineIdentifier', nullable)}
            />
          )}
        </FormField>
      </div>

      {(['therapies', 'modalities', 'specialities'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <CheckboxGroup
              legend={
                <>
                  {t(`fields.${name}`)}
                  {!setup && <span className="ml-1 font-normal text-slate-600">({t('fields.optional')})</span>}
                </>
              }
              options={lists[name].options}
              value={field.value}
              onChange={field.onChange}
              error={errors[name]?.message}
              status={listStatus(lists[name], statusText)}
              collapsible
              defaultOpen={setup}
              selectedLabel={(count) => t('lists.selected', { count })}
            />
          )}
        />
      ))}

      <Controller
        control={control}
        name="languages"
        render={({ field }) => (
          <MultiSelect
            label={`${t('fields.languages')} (${t('fields.optional')})`}
            options={languages.options}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.languages?.message}
            status={listStatus(languages, statusText)}
            placeholder={t('fields.languagesSearch')}
            noMatch={t('fields.languagesNoMatch')}
            removeLabel={(label) => t('fields.languagesRemove', { label })}
            selectedLabel={(count) => t('lists.selected', { count })}
          />
        )}
      />

      <div>
        <Button type="submit" pending={save.isPending}>
          {setup ? t('setup.submit') : t('info.submit')}
        </Button>
      </div>
    </form>
  );
}
