import { formatPhone } from '@therapy/contracts/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import type { ClientProfile } from '@therapy/contracts/profile';
import { clientProfileInput } from '@therapy/contracts/profile';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { OptionSelect } from '@/components/option-select';
import { TimezoneCombobox } from '@/components/timezone-combobox';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { useCountryOptions, useReferenceOptions, useStateOptions, useTimezoneOptions } from '@/lib/reference-options';
import { updateSessionUser } from '@/lib/session-state';
import { notify } from '@/lib/toast';
import { useUpdateClientProfile } from '../api/profile-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type ProfileForm = z.input<typeof clientProfileInput>;
type ProfileValues = z.output<typeof clientProfileInput>;

/** Empty inputs mean "not set" (null), which the contract allows for every field but the user name. */
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);

function toForm(profile: ClientProfile): ProfileForm {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    userName: profile.userName ?? '',
    countryIdentifier: profile.countryIdentifier,
    stateIdentifier: profile.stateIdentifier,
    zipCode: profile.zipCode,
    dob: profile.dob,
    religionIdentifier: profile.religionIdentifier,
    ethnicityIdentifier: profile.ethnicityIdentifier,
    gender: profile.gender,
    timezone: profile.timezone,
    phoneNumber: profile.phoneNumber ? formatPhone(profile.phoneNumber) : null,
  };
}

/** Spec §5 "Client profile": names, user name, phone, where the client lives, date of birth, background and time zone. */
export function ClientProfileForm({ profile }: { profile: ClientProfile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateClientProfile();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(clientProfileInput),
    ...formValidation,
    defaultValues: toForm(profile),
  });

  const values = useWatch({ control });
  const { countryIdentifier, timezone } = values;
  const countries = useCountryOptions();
  const states = useStateOptions(countryIdentifier);
  const religions = useReferenceOptions('religion');
  const ethnicities = useReferenceOptions('ethnicity');
  const genders = useReferenceOptions('gender', 'code');
  const zones = useTimezoneOptions(timezone);

  const onSubmit = (values: ProfileValues) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        notify.success(message('dataSaved', currentLocale()));
        reset(toForm(saved));
        updateSessionUser({ firstName: saved.firstName, lastName: saved.lastName, timezone: saved.timezone });
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byMessage: {
            userNameTaken: 'userName',
            stateNotInCountry: 'stateIdentifier',
            stateRequired: 'stateIdentifier',
            timezoneInvalid: 'timezone',
          },
        }),
    });

  const nullable = { setValueAs: orNull };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
      className="flex flex-col gap-5"
      aria-label={t('details.title')}
    >
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <FormField label={t('details.firstName')} error={errors.firstName?.message} optional>
          {(field) => <Input {...field} autoComplete="given-name" {...register('firstName', nullable)} />}
        </FormField>
        <FormField label={t('details.lastName')} error={errors.lastName?.message} optional>
          {(field) => <Input {...field} autoComplete="family-name" {...register('lastName', nullable)} />}
        </FormField>
        <FormField label={t('details.userName')} error={errors.userName?.message} hint={t('details.userNameHint')}>
          {(field) => <Input {...field} autoComplete="username" {...register('userName')} />}
        </FormField>
        <FormField label={t('details.dob')} error={errors.dob?.message} optional>
          {(field) => <Input {...field} type="date" autoComplete="bday" {...register('dob', nullable)} />}
        </FormField>
        <FormField label={t('details.country')} error={errors.countryIdentifier?.message} optional>
          {(field) => (
            <OptionSelect
              field={field}
              options={countries.options}
              loading={countries.isPending}
              value={values.countryIdentifier ?? ''}
              {...register('countryIdentifier', {
                ...nullable,
                onChange: () => setValue('stateIdentifier', null, { shouldDirty: true }),
              })}
            />
          )}
        </FormField>
        <FormField
          label={t('details.state')}
          error={errors.stateIdentifier?.message}
          optional
          hint={!countryIdentifier ? t('details.stateHint') : undefined}
        >
          {(field) => (
            <OptionSelect
              field={field}
              options={states.options}
              loading={states.isPending}
              value={values.stateIdentifier ?? ''}
              {...register('stateIdentifier', nullable)}
            />
          )}
        </FormField>
        <FormField label={t('details.zipCode')} error={errors.zipCode?.message} optional>
          {(field) => <Input {...field} autoComplete="postal-code" {...register('zipCode', nullable)} />}
        </FormField>
        <FormField
          label={t('details.phoneNumber')}
          error={errors.phoneNumber?.message}
          optional
          hint={t('details.phoneNumberHint')}
        >
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
        <FormField
          label={t('details.timezone')}
          error={errors.timezone?.message}
          optional
          hint={zones.suggestion ? t('details.timezoneHint', { zone: zones.suggestion }) : undefined}
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
                  suggestedLabel={t('details.suggestedZones')}
                  noneLabel={t('details.noTimezone')}
                />
              )}
            />
          )}
        </FormField>
        <FormField label={t('details.religion')} error={errors.religionIdentifier?.message} optional>
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
        <FormField label={t('details.ethnicity')} error={errors.ethnicityIdentifier?.message} optional>
          {(field) => (
            <OptionSelect
              field={field}
              options={ethnicities.options}
              loading={ethnicities.isPending}
              value={values.ethnicityIdentifier ?? ''}
              {...register('ethnicityIdentifier', nullable)}
            />
          )}
        </FormField>
        <FormField label={t('details.gender')} error={errors.gender?.message} optional>
          {(field) => (
            <OptionSelect
              field={field}
              options={genders.options}
              loading={genders.isPending}
              value={values.gender ?? ''}
              {...register('gender', nullable)}
            />
          )}
        </FormField>
      </div>
      <div>
        <Button type="submit" pending={update.isPending} aria-describedby={undefined}>
          {t('details.save')}
        </Button>
      </div>
    </form>
  );
}
