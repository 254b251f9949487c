import { zodResolver } from '@hookform/resolvers/zod';
import { requestVerificationInput } from '@therapy/contracts/auth';
import { message } from '@therapy/contracts/messages';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { currentLocale } from '@/lib/i18n';
import { useRequestVerification } from '../api/auth-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type ResendForm = z.input<typeof requestVerificationInput>;
type ResendValues = z.output<typeof requestVerificationInput>;

export function ResendVerificationForm({
  defaultEmail = '',
  redirect,
}: {
  defaultEmail?: string;
  /** The page the new link leads back to (a same-site path), as the old link did. */
  redirect?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const resend = useRequestVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendForm, unknown, ResendValues>({
    resolver: zodResolver(requestVerificationInput),
    ...formValidation,
    defaultValues: { email: defaultEmail },
  });

  if (resend.isSuccess) return <Alert tone="success">{message('verificationSent', currentLocale())}</Alert>;

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit((values) => resend.mutate({ email: values.email, redirect }), focusFirstInvalid)}
      className="flex flex-col gap-4"
    >
      <FormField label={t('fields.email')} error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <Button type="submit" pending={resend.isPending}>
        {t('verify.resend')}
      </Button>
    </form>
  );
}
