import { zodResolver } from '@hookform/resolvers/zod';
import { requestPasswordResetInput } from '@therapy/contracts/auth';
import { message } from '@therapy/contracts/messages';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { currentLocale } from '@/lib/i18n';
import { useRequestPasswordReset } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type ForgotForm = z.input<typeof requestPasswordResetInput>;
type ForgotValues = z.output<typeof requestPasswordResetInput>;

/** Always answers "a link is on its way", whether or not the address has an account (no account enumeration). */
export function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotForm, unknown, ForgotValues>({
    resolver: zodResolver(requestPasswordResetInput),
    ...formValidation,
    defaultValues: { email: '' },
  });

  return (
    <AuthCard title={t('forgot.title')} lead={t('forgot.lead')}>
      {request.isSuccess ? (
        <Alert tone="success">{message('resetSent', currentLocale())}</Alert>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={handleSubmit((values) => request.mutate(values.email), focusFirstInvalid)}
          className="flex flex-col gap-5"
        >
          <FormField label={t('fields.email')} error={errors.email?.message}>
            {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
          <Button type="submit" fullWidth pending={request.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
