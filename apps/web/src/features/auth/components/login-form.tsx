import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput } from '@therapy/contracts/auth';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin } from '../api/auth-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';
import { errorMessage } from '@/lib/api-error';

type LoginForm = z.input<typeof loginInput>;
type LoginValues = z.output<typeof loginInput>;

export function LoginForm() {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginInput),
    ...formValidation,
    defaultValues: { email: '', password: '' },
  });

  // Navigation happens in the route once the session store says "authenticated".
  const onSubmit = (values: LoginValues) => login.mutate(values);

  // A refused sign-in (a wrong password, too many tries) stays at the form until the next try, and takes focus so a
  // screen reader reads it and the keyboard starts from it (issue 48: it was a toast that went away after 4 seconds).
  const errorBox = useRef<HTMLDivElement>(null);
  const failure = login.isError ? errorMessage(login.error) : null;
  useEffect(() => {
    if (failure) errorBox.current?.focus();
  }, [failure, login.submittedAt]);

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit, focusFirstInvalid)} className="flex flex-col gap-5">
      {failure && (
        <div
          ref={errorBox}
          tabIndex={-1}
          className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-red-600"
        >
          <Alert tone="error" title={t('login.failed')}>
            {failure}
          </Alert>
        </div>
      )}
      <FormField label={t('fields.email')} error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <FormField label={t('fields.password')} error={errors.password?.message}>
        {(field) => <PasswordInput {...field} autoComplete="current-password" {...register('password')} />}
      </FormField>
      <div className="-mt-2 text-right text-sm">
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </div>
      <Button type="submit" fullWidth pending={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
