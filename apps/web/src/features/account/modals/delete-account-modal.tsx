import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountInput } from '@therapy/contracts/auth';
import { message } from '@therapy/contracts/messages';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { useAuthStore } from '@/lib/auth-store';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatAmounts } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { clearSession } from '@/lib/session-state';
import { deletePreviewQuery, useDeleteAccount } from '../api/account-api';

type DeleteForm = z.input<typeof deleteAccountInput>;
type DeleteValues = z.output<typeof deleteAccountInput>;

/** Spec §5: the password is asked for unless the account signs in with Google (isSocial). */
export function DeleteAccountModal({ onClose }: ModalComponentProps<'delete-account'>) {
  const { t, i18n } = useTranslation('account');
  const preview = useQuery({ ...deletePreviewQuery(), meta: { silent: true } });
  const balances = preview.data?.balances ?? [];
  // Sessions someone relies on are cancelled first (the server refuses too): no password is asked meanwhile.
  const upcoming = preview.data?.upcomingSessions ?? 0;
  const navigate = useNavigate();
  const isSocial = useAuthStore((s) => s.user?.isSocial ?? false);
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteForm, unknown, DeleteValues>({
    resolver: zodResolver(deleteAccountInput),
    mode: 'onTouched',
    // An empty string fails "Password is required"; a social account sends no password at all.
    defaultValues: isSocial ? {} : { password: '' },
  });

  const onSubmit = (values: DeleteValues) =>
    remove.mutate(isSocial ? {} : { password: values.password }, {
      onSuccess: async () => {
        notify.success(message('accountDeleted', currentLocale()));
        clearSession('signed-out');
        await navigate('/', { replace: true });
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byCode: { INVALID_CREDENTIALS: 'password' },
          byMessage: { invalidCredentials: 'password', oldPasswordWrong: 'password' },
        }),
    });

  return (
    <>
      <DialogTitle>{t('deleteModal.title')}</DialogTitle>
      <DialogDescription>{t('deleteModal.body')}</DialogDescription>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 flex flex-col gap-5">
        <Alert tone="warning">{t('deleteModal.warning')}</Alert>
        {/* Decision 0016: money left in the account is refunded, and the user reads so before giving the password. */}
        <div role="status" className="text-sm text-slate-800">
          {preview.isPending ? (
            <p>{t('deleteModal.balanceLoading')}</p>
          ) : preview.isError ? (
            <p>{t('deleteModal.balanceUnknown')}</p>
          ) : balances.length > 0 ? (
            <Alert tone="info" title={t('deleteModal.balanceTitle')}>
              {t('deleteModal.balance', { amount: formatAmounts(balances, i18n.resolvedLanguage ?? 'en') })}
            </Alert>
          ) : null}
          {upcoming > 0 && (
            <Alert tone="warning" title={t('deleteModal.upcomingTitle')} className="mt-3">
              <p>{t('deleteModal.upcoming', { count: upcoming })}</p>
              <Link
                to="/appointments"
                onClick={onClose}
                className="mt-2 inline-block font-medium underline underline-offset-2"
              >
                {t('deleteModal.upcomingLink')}
              </Link>
            </Alert>
          )}
        </div>
        {!isSocial && upcoming === 0 && (
          <FormField label={t('deleteModal.password')} error={errors.password?.message}>
            {(field) => (
              <PasswordInput {...field} autoComplete="current-password" autoFocus {...register('password')} />
            )}
          </FormField>
        )}
        <DialogActions className="mt-1">
          <Button variant="secondary" onClick={onClose}>
            {t('deleteModal.cancel')}
          </Button>
          <Button type="submit" variant="danger" pending={remove.isPending} disabled={upcoming > 0}>
            {t('deleteModal.confirm')}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
