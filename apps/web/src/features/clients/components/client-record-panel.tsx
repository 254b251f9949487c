import { zodResolver } from '@hookform/resolvers/zod';
import { clientRecordInput, type ClientRecordInput, type ClientRelation } from '@therapy/contracts/clients';
import { useQuery } from '@tanstack/react-query';
import { IdCard, Mail, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';
import { dateFormatter } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { clientRecordQuery, useDeleteRecord, useInviteRecord, useUpdateRecord } from '../api/clients-api';
import { ClientStatusBadge } from './client-status-badge';
import { useClientsTranslation } from './clients-i18n';

type Values = z.output<typeof clientRecordInput>;
type Record = NonNullable<ClientRelation['record']>;

/**
 * A client without an account on their page (decision 0053): what the provider entered, the invitation, and edit,
 * invite or resend, and delete. Nothing for a client with an account (their details are theirs).
 */
export function ClientRecordPanel({ clientId }: { clientId: string }) {
  const { t } = useClientsTranslation();
  const relation = useQuery(clientRecordQuery(clientId));
  if (relation.isSuccess && !relation.data.record) return null;
  return (
    <SectionCard icon={IdCard} title={t('record.title')} description={t('record.lead')}>
      <SectionStatus
        loading={relation.isPending}
        error={relation.isError}
        onRetry={() => void relation.refetch()}
        loadingLabel={t('record.loading')}
        errorText={t('record.loadFailed')}
        retryLabel={t('record.retry')}
      />
      {relation.data?.record && (
        <RecordDetails clientId={clientId} status={relation.data.status} record={relation.data.record} />
      )}
    </SectionCard>
  );
}

function RecordDetails({
  clientId,
  status,
  record,
}: {
  clientId: string;
  status: ClientRelation['status'];
  record: Record;
}) {
  const { t, i18n } = useClientsTranslation();
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const invite = useInviteRecord(clientId);
  const remove = useDeleteRecord(clientId);
  const navigate = useNavigate();
  const name = [record.firstName, record.lastName].filter(Boolean).join(' ') || record.email;

  if (mode === 'edit')
    return (
      <EditRecordForm
        clientId={clientId}
        record={record}
        onDone={(text) => {
          setMode('view');
          if (text) setNotice({ tone: 'success', text });
        }}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ClientStatusBadge status={status} />
        <span className="text-sm text-slate-700">
          {record.invitedAt
            ? t('record.invitedAt', {
                date: dateFormatter(i18n.language, { dateStyle: 'medium' }).format(new Date(record.invitedAt)),
              })
            : t('record.notInvited')}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-slate-600">{t('record.email')}</dt>
        <dd className="break-all text-slate-900">{record.email}</dd>
        <dt className="font-medium text-slate-600">{t('record.phone')}</dt>
        <dd className="text-slate-900">{record.phoneNumber ?? t('record.none')}</dd>
      </dl>
      <div role="status">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      {mode === 'delete' ? (
        <div role="group" aria-label={t('record.delete')} className="rounded-xl bg-red-50 p-4">
          <p className="text-sm font-medium text-red-900">{t('record.deleteConfirm', { name })}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => void navigate('/clients/imported/'),
                  onError: (error) => {
                    setMode('view');
                    setNotice({ tone: 'error', text: errorMessage(error) });
                  },
                })
              }
            >
              {t('record.deleteYes')}
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              {t('record.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            pending={invite.isPending}
            onClick={() =>
              invite.mutate(undefined, {
                onSuccess: (res) => setNotice({ tone: 'success', text: res.message ?? t('record.resend') }),
                onError: (error) => setNotice({ tone: 'error', text: errorMessage(error) }),
              })
            }
          >
            <Mail aria-hidden="true" className="size-4" />
            {status === 'invited' ? t('record.resend') : t('record.invite')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setNotice(null);
              setMode('edit');
            }}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('record.edit')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setNotice(null);
              setMode('delete');
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('record.delete')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The record's details with the manual entry's own schema, so the form says what the server would. */
function EditRecordForm({
  clientId,
  record,
  onDone,
}: {
  clientId: string;
  record: Record;
  onDone: (message?: string) => void;
}) {
  const { t } = useClientsTranslation();
  const save = useUpdateRecord(clientId);
  const [serverText, setServerText] = useState<string | null>(null);
  const form = useForm<ClientRecordInput, unknown, Values>({
    resolver: zodResolver(clientRecordInput),
    ...formValidation,
    defaultValues: {
      firstName: record.firstName ?? '',
      lastName: record.lastName ?? '',
      email: record.email,
      phoneNumber: record.phoneNumber ?? '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = (values: Values) => {
    setServerText(null);
    save.mutate(
      { ...values, phoneNumber: values.phoneNumber ?? undefined },
      {
        onSuccess: (res) => onDone(res.message),
        onError: (error) => {
          const fields = {
            byMessage: {
              clientImportDuplicate: 'email',
              clientImportIsSelf: 'email',
              emailInvalid: 'email',
              nameRequired: 'firstName',
            } as const,
          };
          if (!applyServerFieldErrors(error, form.setError, fields)) setServerText(errorMessage(error));
        },
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
      <FormField label={t('emailManual.phone')} optional error={errors.phoneNumber?.message}>
        {(field) => <Input {...field} type="tel" autoComplete="off" {...form.register('phoneNumber')} />}
      </FormField>
      {serverText && <Alert tone="error">{serverText}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" pending={save.isPending}>
          {t('record.save')}
        </Button>
        <Button variant="secondary" onClick={() => onDone()}>
          {t('record.cancel')}
        </Button>
      </div>
    </form>
  );
}
