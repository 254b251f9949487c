import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailForm, validateEmailChangeInput } from '@therapy/contracts/auth';
import { message } from '@therapy/contracts/messages';
import type { z } from 'zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { updateSessionUser } from '@/lib/session-state';
import { useChangeEmail, useValidateEmailChange } from '../api/account-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type EmailForm = z.input<typeof changeEmailForm>;
type EmailValues = z.output<typeof changeEmailForm>;
type CodeForm = z.input<typeof validateEmailChangeInput>;
type CodeValues = z.output<typeof validateEmailChangeInput>;

/** Spec §4 "Email change": step 1 the new address twice, step 2 the 6-character code mailed to it. */
export function UpdateEmailModal({ onClose }: ModalComponentProps<'update-email'>) {
  const [newEmail, setNewEmail] = useState<string | null>(null);
  return newEmail === null ? (
    <EmailStep onSent={setNewEmail} onCancel={onClose} />
  ) : (
    <CodeStep email={newEmail} onBack={() => setNewEmail(null)} onDone={onClose} />
  );
}

function EmailStep({ onSent, onCancel }: { onSent: (email: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailForm, unknown, EmailValues>({
    resolver: zodResolver(changeEmailForm),
    ...formValidation,
    defaultValues: { email: '', confirmEmail: '' },
  });

  const onSubmit = (values: EmailValues) =>
    change.mutate(values.email, {
      onSuccess: () => {
        notify.success(message('otpSent', currentLocale()));
        onSent(values.email);
      },
      // A taken address answers like a free one (its owner is mailed instead), so there is no "taken" error to show.
      onError: (error) => applyServerFieldErrors(error, setError, { byMessage: { emailSameAsCurrent: 'email' } }),
    });

  return (
    <>
      <DialogTitle>{t('emailModal.title')}</DialogTitle>
      <DialogDescription>{t('emailModal.step1')}</DialogDescription>
      <form noValidate onSubmit={handleSubmit(onSubmit, focusFirstInvalid)} className="mt-5 flex flex-col gap-5">
        <FormField label={t('emailModal.newEmail')} error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" autoFocus {...register('email')} />}
        </FormField>
        <FormField label={t('emailModal.confirmEmail')} error={errors.confirmEmail?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...register('confirmEmail')} />}
        </FormField>
        <DialogActions className="mt-1">
          <Button variant="secondary" onClick={onCancel}>
            {t('emailModal.cancel')}
          </Button>
          <Button type="submit" pending={change.isPending}>
            {t('emailModal.sendCode')}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}

function CodeStep({ email, onBack, onDone }: { email: string; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation('account');
  const labelId = useId();
  const errorId = useId();
  const validate = useValidateEmailChange();
  const resend = useChangeEmail();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeForm, unknown, CodeValues>({
    resolver: zodResolver(validateEmailChangeInput),
    ...formValidation,
    defaultValues: { code: '' },
  });

  const onSubmit = (values: CodeValues) =>
    validate.mutate(values.code, {
      onSuccess: (user) => {
        updateSessionUser(user && typeof user.email === 'string' ? user : { email });
        notify.success(message('emailChanged', currentLocale()));
        onDone();
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byCode: { INVALID_CODE: 'code' },
          byMessage: { codeInvalid: 'code' },
        }),
    });

  const onResend = () => resend.mutate(email, { onSuccess: () => notify.success(message('otpSent', currentLocale())) });

  return (
    <>
      <DialogTitle>{t('emailModal.codeTitle')}</DialogTitle>
      <DialogDescription>{t('emailModal.step2', { email })}</DialogDescription>
      <form noValidate onSubmit={handleSubmit(onSubmit, focusFirstInvalid)} className="mt-5 flex flex-col gap-4">
        <p id={labelId} className="text-sm font-medium text-slate-800">
          {t('emailModal.codeLabel')}
        </p>
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <CodeInput
              value={field.value}
              onChange={field.onChange}
              labelledBy={labelId}
              describedBy={errors.code ? errorId : undefined}
              invalid={!!errors.code}
              autoFocus
            />
          )}
        />
        <FieldError id={errorId} message={errors.code?.message} />
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Button variant="link" onClick={onResend} pending={resend.isPending}>
            {t('emailModal.resend')}
          </Button>
          <Button variant="link" onClick={onBack}>
            {t('emailModal.changeAddress')}
          </Button>
        </div>
        <DialogActions className="mt-1">
          <Button type="submit" pending={validate.isPending}>
            {t('emailModal.confirm')}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
