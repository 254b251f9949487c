import { zodResolver } from '@hookform/resolvers/zod';
import { providerRegisterInput } from '@therapy/contracts/auth';
import type { z } from 'zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useRegister } from '../api/auth-api';
import { SignUpMailSent } from './sign-up-mail-sent';
import { TermsLabel } from './terms-label';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type ProviderForm = z.input<typeof providerRegisterInput>;
type ProviderValues = z.output<typeof providerRegisterInput>;

export function RegisterProviderForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const registration = useRegister();
  const [mailSentTo, setMailSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProviderForm, unknown, ProviderValues>({
    resolver: zodResolver(providerRegisterInput),
    ...formValidation,
    defaultValues: {
      userType: 'provider',
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false as unknown as true,
    },
  });

  const onSubmit = (values: ProviderValues) =>
    registration.mutate(values, {
      onSuccess: (result) => {
        if (result.signedIn) void navigate('/verify-email/pending');
        else setMailSentTo(result.email);
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byCode: { EMAIL_TAKEN: 'email' },
          byMessage: { emailTaken: 'email', passwordCommon: 'password' },
        }),
    });

  if (mailSentTo) return <SignUpMailSent email={mailSentTo} />;

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
      <FormField label={t('fields.phone')} error={errors.phoneNumber?.message} hint={t('register.phoneHint')}>
        {(field) => <Input {...field} type="tel" inputMode="tel" autoComplete="tel" {...register('phoneNumber')} />}
      </FormField>
      <FormField label={t('fields.password')} error={errors.password?.message} hint={t('register.passwordHint')}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('password')} />}
      </FormField>
      <FormField label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('confirmPassword')} />}
      </FormField>
      <Checkbox
        label={<TermsLabel policy="provider" />}
        error={errors.acceptTerms?.message}
        {...register('acceptTerms')}
      />
      <Button type="submit" fullWidth pending={registration.isPending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
