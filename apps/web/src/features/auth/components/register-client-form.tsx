import { zodResolver } from '@hookform/resolvers/zod';
import { clientRegisterInput } from '@therapy/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { countryName, detectCountryCode } from '@/lib/country';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { countriesQuery } from '@/lib/regions';
import { useRegister } from '../api/auth-api';
import { SignUpMailSent } from './sign-up-mail-sent';
import { TermsLabel } from './terms-label';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type ClientForm = z.input<typeof clientRegisterInput>;
type ClientValues = z.output<typeof clientRegisterInput>;

// An empty optional field means "not given": the schema checks a phone number only when there is one.
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * Client sign-up: the "alternative" form of spec §5, with a confirmed email and a required country. After it, the
 * "check your inbox" page, which goes on to `redirect` (e.g. the invitation the person came from) when there is one.
 */
export function RegisterClientForm({ redirect }: { redirect?: string | undefined } = {}) {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const registration = useRegister();
  const countries = useQuery(countriesQuery());
  const [mailSentTo, setMailSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ClientForm, unknown, ClientValues>({
    resolver: zodResolver(clientRegisterInput),
    ...formValidation,
    defaultValues: {
      userType: 'client',
      firstName: '',
      lastName: '',
      email: '',
      confirmEmail: '',
      countryIdentifier: '',
      password: '',
      confirmPassword: '',
      // The schema only accepts `true`; the box starts unticked.
      acceptTerms: false as unknown as true,
    },
  });

  // The footer's location (the chosen country, else the browser's region) is the first guess, until the person picks.
  useEffect(() => {
    const code = detectCountryCode();
    const match = code && countries.data?.find((c) => c.code === code);
    if (match && getValues('countryIdentifier') === '') setValue('countryIdentifier', match.identifier);
  }, [countries.data, getValues, setValue]);

  const onSubmit = (values: ClientValues) =>
    // The way back (a therapist's page with the chosen time) rides in the verification link.
    registration.mutate(redirect ? { ...values, redirect } : values, {
      onSuccess: (result) => {
        if (result.signedIn)
          void navigate(
            redirect ? `/verify-email/pending?redirect=${encodeURIComponent(redirect)}` : '/verify-email/pending',
          );
        else setMailSentTo(result.email);
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byCode: { EMAIL_TAKEN: 'email' },
          byMessage: { emailTaken: 'email', passwordCommon: 'password', countryRequired: 'countryIdentifier' },
        }),
    });

  const locale = i18n.resolvedLanguage ?? 'en';
  const sortedCountries = (countries.data ?? [])
    .map((c) => ({ ...c, label: countryName(c.code, locale, c.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));

  if (mailSentTo) return <SignUpMailSent email={mailSentTo} redirect={redirect} />;

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit, focusFirstInvalid)} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('fields.firstName')} error={errors.firstName?.message}>
          {(field) => <Input {...field} autoComplete="given-name" {...register('firstName')} />}
        </FormField>
        <FormField label={t('fields.lastName')} error={errors.lastName?.message}>
          {(field) => <Input {...field} autoComplete="family-name" {...register('lastName')} />}
        </FormField>
      </div>
      <FormField label={t('fields.email')} error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <FormField label={t('fields.confirmEmail')} error={errors.confirmEmail?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...register('confirmEmail')} />}
      </FormField>
      <FormField
        label={t('fields.country')}
        error={errors.countryIdentifier?.message}
        hint={countries.isError ? t('register.countriesFailed') : undefined}
      >
        {(field) => (
          <Select {...field} autoComplete="country" disabled={countries.isPending} {...register('countryIdentifier')}>
            <option value="">
              {countries.isPending ? t('register.countriesLoading') : t('register.chooseCountry')}
            </option>
            {sortedCountries.map((country) => (
              <option key={country.identifier} value={country.identifier}>
                {country.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={t('fields.phone')} optional error={errors.phoneNumber?.message} hint={t('register.phoneHint')}>
        {(field) => (
          <Input
            {...field}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            {...register('phoneNumber', { setValueAs: emptyToUndefined })}
          />
        )}
      </FormField>
      <FormField label={t('fields.password')} error={errors.password?.message} hint={t('register.passwordHint')}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('password')} />}
      </FormField>
      <FormField label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('confirmPassword')} />}
      </FormField>
      <Checkbox
        label={<TermsLabel policy="client" />}
        error={errors.acceptTerms?.message}
        {...register('acceptTerms')}
      />
      <Button type="submit" fullWidth pending={registration.isPending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
