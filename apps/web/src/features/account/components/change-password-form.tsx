import { zodResolver } from '@hookform/resolvers/zod';
import { updatePasswordInput } from '@therapy/contracts/auth';
import { message } from '@therapy/contracts/messages';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { useUpdatePassword } from '../api/account-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type PasswordForm = z.input<typeof updatePasswordInput>;
type PasswordValues = z.output<typeof updatePasswordInput>;

const empty: PasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordForm, unknown, PasswordValues>({
    resolver: zodResolver(updatePasswordInput),
    ...formValidation,
    defaultValues: empty,
  });

  const onSubmit = (values: PasswordValues) =>
    update.mutate(values, {
      onSuccess: () => {
        notify.success(message('passwordUpdated', currentLocale()));
        reset(empty);
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byCode: { INVALID_CREDENTIALS: 'oldPassword' },
          byMessage: { oldPasswordWrong: 'oldPassword', passwordCommon: 'newPassword' },
        }),
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, focusFirstInvalid)} className="flex max-w-md flex-col gap-5">
      <FormField label={t('password.current')} error={errors.oldPassword?.message}>
        {(field) => <PasswordInput {...field} autoComplete="current-password" {...register('oldPassword')} />}
      </FormField>
      <FormField label={t('password.new')} error={errors.newPassword?.message} hint={t('password.hint')}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('newPassword')} />}
      </FormField>
      <FormField label={t('password.confirm')} error={errors.confirmPassword?.message}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...register('confirmPassword')} />}
      </FormField>
      <div>
        <Button type="submit" pending={update.isPending}>
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
