import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput } from '@therapy/contracts/auth';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin } from '../api/auth-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

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

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit, focusFirstInvalid)} className="flex flex-col gap-5">
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
