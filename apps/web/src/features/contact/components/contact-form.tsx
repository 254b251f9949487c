import { zodResolver } from '@hookform/resolvers/zod';
import { contactInput, type ContactInput, type ContactRequest } from '@therapy/contracts/contact';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TextArea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';
import { useSendContactMessage } from '../api/contact-api';

const empty: ContactInput = { email: '', firstName: '', lastName: '', phone: '', message: '' };

/** The contact form (spec §5): checked with the server's own schema; the success state replaces it. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactRequest>({
    resolver: zodResolver(contactInput),
    ...formValidation,
    defaultValues: empty,
  });
  const done = useRef<HTMLDivElement>(null);
  const failure = send.isError ? errorMessage(send.error) : null;
  useEffect(() => {
    if (send.isSuccess) done.current?.focus();
  }, [send.isSuccess]);

  if (send.isSuccess)
    return (
      <div ref={done} tabIndex={-1} className="flex flex-col items-start gap-4 outline-none">
        <Alert tone="success">{send.data.message}</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            reset(empty);
            send.reset();
          }}
        >
          {t('form.again')}
        </Button>
      </div>
    );

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit((values) => send.mutate(values), focusFirstInvalid)}
      className="flex flex-col gap-5"
    >
      {failure && (
        <Alert tone="error" title={t('form.failed')}>
          {failure}
        </Alert>
      )}
      <FormField label={t('form.email')} error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('form.firstName')} error={errors.firstName?.message}>
          {(field) => <Input {...field} autoComplete="given-name" {...register('firstName')} />}
        </FormField>
        <FormField label={t('form.lastName')} error={errors.lastName?.message}>
          {(field) => <Input {...field} autoComplete="family-name" {...register('lastName')} />}
        </FormField>
      </div>
      <FormField label={t('form.phone')} optional hint={t('form.phoneHint')} error={errors.phone?.message}>
        {(field) => <Input {...field} type="tel" autoComplete="tel" {...register('phone')} />}
      </FormField>
      <FormField label={t('form.message')} hint={t('form.messageHint')} error={errors.message?.message}>
        {(field) => <TextArea {...field} rows={6} {...register('message')} />}
      </FormField>
      <Button type="submit" pending={send.isPending} className="self-start">
        {t('form.submit')}
      </Button>
    </form>
  );
}
