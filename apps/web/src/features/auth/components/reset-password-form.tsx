import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetInput } from '@therapy/contracts/auth';
import { localize, message } from '@therapy/contracts/messages';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { useResetPassword } from '../api/auth-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type ResetForm = z.input<typeof passwordResetInput>;
type ResetValues = z.output<typeof passwordResetInput>;

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetForm, unknown, ResetValues>({
    resolver: zodResolver(passwordResetInput),
    ...formValidation,
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = (values: ResetValues) =>
    reset.mutate(values, {
      onSuccess: () => {
        notify.success(message('passwordReset', currentLocale()));
        void navigate('/login');
      },
      onError: (error) => applyServerFieldErrors(error, setError, { byMessage: { passwordCommon: 'password' } }),
    });

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit, focusFirstInvalid)} className="flex flex-col gap-5">
      <FormField label={t('fields.newPassword')} error={errors.password?.message} hint={t('register.passwordHint')}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('password')} />}
      </FormField>
      <FormField label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('confirmPassword')} />}
      </FormField>
      {/* The token only fails the schema when the link itself is broken; say so rather than hide it. */}
      {errors.token?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {localize(errors.token.message, currentLocale())}
        </p>
      )}
      <Button type="submit" fullWidth pending={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
