import { zodResolver } from '@hookform/resolvers/zod';
import {
  emailImportInput,
  manualImportInput,
  type EmailImportInput,
  type ManualImportInput,
} from '@therapy/contracts/clients';
import type { MessageKey } from '@therapy/contracts/messages';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useEmailImport, useManualImport } from '../api/clients-api';
import { useClientsTranslation } from './clients-i18n';

type EmailValues = z.output<typeof emailImportInput>;
type ManualValues = z.output<typeof manualImportInput>;

/** Server messages that are about one field: shown under it; anything else above the button. */
function serverFieldMap<T extends FieldValues>(
  email: Path<T>,
  names: { firstName: Path<T>; lastName: Path<T> },
  phone?: Path<T>,
) {
  const byMessage: Partial<Record<MessageKey, Path<T>>> = {
    clientImportDuplicate: email,
    clientImportIsSelf: email,
    emailInvalid: email,
    emailRequired: email,
    nameRequired: names.firstName,
    ...(phone ? { phoneMin: phone, phoneMax: phone, phoneDigits: phone } : {}),
  };
  return { byMessage };
}

function useServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  map: ReturnType<typeof serverFieldMap<T>>,
) {
  const [text, setText] = useState<string | null>(null);
  return {
    text,
    clear: () => setText(null),
    show: (error: unknown) => {
      if (!applyServerFieldErrors(error, setError, map)) setText(errorMessage(error));
    },
  };
}

/** Invite by email (POST /clients/import/email): the address, and the names if the provider knows them. */
export function EmailInviteForm({ onDone }: { onDone: () => void }) {
  const { t } = useClientsTranslation();
  const invite = useEmailImport();
  const form = useForm<EmailImportInput, unknown, EmailValues>({
    resolver: zodResolver(emailImportInput),
    ...formValidation,
    defaultValues: { email: '', firstName: '', lastName: '' },
  });
  const { errors } = form.formState;
  const server = useServerError(
    form.setError,
    serverFieldMap<EmailImportInput>('email', { firstName: 'firstName', lastName: 'lastName' }),
  );

  const onSubmit = (values: EmailValues) => {
    server.clear();
    invite.mutate(
      { email: values.email, firstName: values.firstName ?? undefined, lastName: values.lastName ?? undefined },
      {
        onSuccess: () => {
          form.reset();
          onDone();
        },
        onError: server.show,
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit, focusFirstInvalid)}
      className="flex flex-col gap-5"
      aria-busy={invite.isPending || undefined}
    >
      <FormField label={t('emailManual.email')} error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="off" {...form.register('email')} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('emailManual.firstName')} optional error={errors.firstName?.message}>
          {(field) => <Input {...field} autoComplete="off" {...form.register('firstName')} />}
        </FormField>
        <FormField label={t('emailManual.lastName')} optional error={errors.lastName?.message}>
          {(field) => <Input {...field} autoComplete="off" {...form.register('lastName')} />}
        </FormField>
      </div>
      {server.text && <Alert tone="error">{server.text}</Alert>}
      <div>
        <Button type="submit" pending={invite.isPending}>
          {t('emailManual.sendInvite')}
        </Button>
      </div>
    </form>
  );
}

/** Enter details by hand (POST /clients/import/manual): names and address required, the phone optional. */
export function ManualEntryForm({ onDone }: { onDone: () => void }) {
  const { t } = useClientsTranslation();
  const save = useManualImport();
  const form = useForm<ManualImportInput, unknown, ManualValues>({
    resolver: zodResolver(manualImportInput),
    ...formValidation,
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '' },
  });
  const { errors } = form.formState;
  const server = useServerError(
    form.setError,
    serverFieldMap<ManualImportInput>('email', { firstName: 'firstName', lastName: 'lastName' }, 'phoneNumber'),
  );

  const onSubmit = (values: ManualValues) => {
    server.clear();
    save.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phoneNumber: values.phoneNumber ?? undefined,
      },
      {
        onSuccess: () => {
          form.reset();
          onDone();
        },
        onError: server.show,
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit, focusFirstInvalid)}
      className="flex flex-col gap-5"
      aria-busy={save.isPending || undefined}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('emailManual.firstName')} error={errors.firstName?.message}>
          {(field) => <Input {...field} autoComplete="off" {...form.register('firstName')} />}
        </FormField>
        <FormField label={t('emailManual.lastName')} error={errors.lastName?.message}>
          {(field) => <Input {...field} autoComplete="off" {...form.register('lastName')} />}
        </FormField>
      </div>
      <FormField label={t('emailManual.email')} error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="off" {...form.register('email')} />}
      </FormField>
      <FormField
        label={t('emailManual.phone')}
        optional
        hint={t('emailManual.phoneHint')}
        error={errors.phoneNumber?.message}
      >
        {(field) => (
          <Input {...field} type="tel" inputMode="tel" autoComplete="off" {...form.register('phoneNumber')} />
        )}
      </FormField>
      {server.text && <Alert tone="error">{server.text}</Alert>}
      <div>
        <Button type="submit" pending={save.isPending}>
          {t('emailManual.save')}
        </Button>
      </div>
    </form>
  );
}
