import { zodResolver } from '@hookform/resolvers/zod';
import {
  credentialFileAccept,
  credentialFileProblem,
  qualificationDetailsInput,
  qualificationKinds,
  type Qualification,
  type QualificationDetailsInput,
  type QualificationKind,
} from '@therapy/contracts/credentials';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Trash2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileName, FileSize } from '@/components/file-preview/file-name';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import type { ModalComponentProps } from '@/lib/modal-store';
import { usStatesQuery } from '@/lib/regions';
import { notify } from '@/lib/toast';
import {
  qualificationsQuery,
  useCreateQualification,
  useDeleteQualificationFile,
  useReplaceQualificationFile,
  useUpdateQualification,
} from '../api/credentials-api';
import { FilePicker, type PickedFile } from '../components/file-picker';
import { tomorrow } from '../components/review-badge';

type OtherKind = Exclude<QualificationKind, 'license'>;
const otherKinds = qualificationKinds.filter((k): k is OtherKind => k !== 'license');

/**
 * Spec §2 "Credential upload" / "Qualification": a licence (body, credential number) or another qualification (a
 * kind and a title) with several files. In edit mode (`qualificationId`, opened from `?id=`) the details can be
 * changed, files added, and each existing file replaced or deleted at once.
 */
export function CredentialModal({ qualificationId, onClose }: ModalComponentProps<'credential-upload'>) {
  const { t } = useTranslation('credentials');
  const list = useQuery(qualificationsQuery());
  if (!qualificationId) return <CredentialForm onClose={onClose} />;
  if (list.isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-brand-700">
        <DialogTitle className="sr-only">{t('modal.editTitle')}</DialogTitle>
        <Spinner size="lg" />
        <span role="status" className="text-sm text-slate-700">
          {t('loading')}
        </span>
      </div>
    );
  }
  const existing = list.data?.find((q) => q.identifier === qualificationId);
  if (!existing) {
    return (
      <div>
        <DialogTitle>{t('modal.editTitle')}</DialogTitle>
        <DialogDescription>{list.isError ? t('loadFailed') : t('modal.notFound')}</DialogDescription>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('modal.close')}
          </Button>
        </DialogActions>
      </div>
    );
  }
  return <CredentialForm existing={existing} onClose={onClose} />;
}

function defaults(existing?: Qualification): QualificationDetailsInput {
  if (!existing)
    return { type: 'license', body: '', credentialNumber: '', title: '', stateIdentifier: '', expiresOn: '' };
  return {
    type: existing.type,
    body: existing.details.body ?? '',
    credentialNumber: existing.details.credentialNumber ?? '',
    title: existing.details.title ?? '',
    stateIdentifier: existing.details.stateIdentifier ?? '',
    expiresOn: existing.details.expiresOn ?? '',
  };
}

export function CredentialForm({ existing, onClose }: { existing?: Qualification; onClose: () => void }) {
  const { t } = useTranslation('credentials');
  const create = useCreateQualification();
  const update = useUpdateQualification();
  const usStates = useQuery(usStatesQuery());
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const kindGroupId = useId();
  const filesErrorId = useId();
  const form = useForm<QualificationDetailsInput>({
    resolver: zodResolver(qualificationDetailsInput),
    defaultValues: defaults(existing),
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const isLicence = type === 'license';
  const pending = create.isPending || update.isPending;
  const errors = form.formState.errors;

  const chooseLicence = (licence: boolean) => {
    form.setValue('type', licence ? 'license' : otherKinds.includes(type as OtherKind) ? type : 'education', {
      shouldDirty: true,
    });
    form.clearErrors();
  };

  /** Each file is checked before anything is sent, with the rule the server applies (type and 10 MB); files required. */
  const checkFiles = (): boolean => {
    const problem =
      picked.find((p) => p.problem)?.problem ??
      (!existing && picked.length === 0 ? 'credentialFilesRequired' : undefined);
    setFilesError(problem);
    return !problem;
  };

  const onSubmit = form.handleSubmit(async (details) => {
    setServerError(undefined);
    if (!checkFiles()) return;
    try {
      const files = picked.map((p) => p.file);
      if (existing) {
        await update.mutateAsync({ id: existing.identifier, details, files });
        notify.success(t('toast.updated'));
      } else {
        await create.mutateAsync({ details, files });
        notify.success(t('toast.uploaded'));
      }
      onClose();
    } catch (error) {
      setServerError(isApiError(error) ? error.message : t('saveFailed'));
    }
  });

  return (
    <form
      onSubmit={(e) => {
        // The file rules are shown together with the field rules, not only once the fields are right.
        checkFiles();
        void onSubmit(e);
      }}
      noValidate
      aria-busy={pending}
    >
      <DialogTitle>{existing ? t('modal.editTitle') : t('modal.addTitle')}</DialogTitle>
      <DialogDescription>{t('modal.lead')}</DialogDescription>

      <div className="mt-5 space-y-4">
        <fieldset>
          <legend id={kindGroupId} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('modal.kind')}
          </legend>
          <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-labelledby={kindGroupId}>
            {[true, false].map((licence) => (
              <label
                key={String(licence)}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input
                  type="radio"
                  name="credential-kind"
                  className="size-4 accent-brand-700"
                  checked={isLicence === licence}
                  onChange={() => chooseLicence(licence)}
                />
                {licence ? t('kind.license') : t('modal.otherKind')}
              </label>
            ))}
          </div>
        </fieldset>

        {isLicence ? (
          <>
            <FormField label={t('fields.body')} error={errors.body?.message}>
              {(c) => <Input {...c} autoComplete="off" {...form.register('body')} />}
            </FormField>
            <FormField
              label={t('fields.credentialNumber')}
              hint={t('fields.credentialNumberHint')}
              error={errors.credentialNumber?.message}
            >
              {(c) => <Input {...c} autoComplete="off" {...form.register('credentialNumber')} />}
            </FormField>
            <FormField label={t('fields.state')} hint={t('fields.stateHint')} error={errors.stateIdentifier?.message}>
              {(c) => (
                <Select {...c} {...form.register('stateIdentifier')}>
                  <option value="">{t('fields.stateNone')}</option>
                  {(usStates.data ?? []).map((s) => (
                    <option key={s.identifier} value={s.identifier}>
                      {s.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label={t('fields.expiresOn')} hint={t('fields.expiresOnHint')} error={errors.expiresOn?.message}>
              {(c) => <Input {...c} type="date" min={tomorrow()} {...form.register('expiresOn')} />}
            </FormField>
          </>
        ) : (
          <>
            <FormField label={t('fields.kind')} error={errors.type?.message}>
              {(c) => (
                <Select {...c} {...form.register('type')}>
                  {otherKinds.map((k) => (
                    <option key={k} value={k}>
                      {t(`kind.${k}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label={t('fields.title')} error={errors.title?.message}>
              {(c) => <Input {...c} autoComplete="off" {...form.register('title')} />}
            </FormField>
          </>
        )}

        {existing && <ExistingFiles qualification={existing} disabled={pending} />}

        <div>
          <FilePicker
            label={existing ? t('files.addMore') : t('files.label')}
            accept={credentialFileAccept}
            multiple
            disabled={pending}
            describedBy={filesError ? filesErrorId : undefined}
            onPick={(files) => {
              setPicked((current) => [
                ...current,
                ...files.map((file) => ({ file, problem: credentialFileProblem(file) })),
              ]);
              setFilesError(undefined);
            }}
          />
          <FieldError id={filesErrorId} message={filesError} />
          {picked.length > 0 && (
            <ul className="mt-3 space-y-2" aria-label={t('files.chosen')}>
              {picked.map((p, i) => (
                <li
                  key={`${p.file.name}-${i}`}
                  className="flex items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm"
                >
                  <div className="min-w-0 flex-1">
                    <FileName name={p.file.name} className="font-medium text-slate-900" />{' '}
                    <FileSize bytes={p.file.size} className="text-slate-600" />
                    <FieldError id={`${filesErrorId}-${i}`} message={p.problem} />
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('files.removeChosen', { name: p.file.name })}
                    disabled={pending}
                    onClick={() => setPicked((current) => current.filter((_, j) => j !== i))}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>

        {pending && (
          <div role="status" className="space-y-1.5">
            <p className="text-sm text-slate-700">{t('files.uploading', { count: picked.length })}</p>
            <progress
              className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
              aria-label={t('files.uploadingLabel')}
            />
          </div>
        )}
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>

      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('modal.cancel')}
        </Button>
        <Button type="submit" pending={pending}>
          {existing ? t('modal.save') : t('modal.upload')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Edit mode: each stored file can be replaced (a new file in its place) or deleted, never the last one. */
function ExistingFiles({ qualification, disabled }: { qualification: Qualification; disabled: boolean }) {
  const { t } = useTranslation('credentials');
  const replace = useReplaceQualificationFile();
  const remove = useDeleteQualificationFile();
  const [problem, setProblem] = useState<string | undefined>();
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  const problemId = useId();
  const busy = disabled || replace.isPending || remove.isPending;
  const onlyOne = qualification.files.length <= 1;

  const fail = (error: unknown) => setProblem(isApiError(error) ? error.message : t('saveFailed'));

  return (
    <div>
      <h3 className="mb-1.5 text-sm font-medium text-slate-800">{t('files.stored')}</h3>
      <ul className="space-y-2">
        {qualification.files.map((file) => (
          <li
            key={file.identifier}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            <div className="min-w-0 flex-1">
              <FileName name={file.filename} className="font-medium text-slate-900" />{' '}
              <FileSize bytes={file.size} className="text-slate-600" />
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              pending={replace.isPending && replacing === file.identifier}
              aria-label={t('files.replace', { name: file.filename })}
              onClick={() => {
                setReplacing(file.identifier);
                replaceInput.current?.click();
              }}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t('files.replaceShort')}</span>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy || onlyOne}
              aria-label={t('files.delete', { name: file.filename })}
              title={onlyOne ? t('files.lastFile') : undefined}
              onClick={() =>
                remove.mutate(
                  { id: qualification.identifier, fileId: file.identifier },
                  {
                    onSuccess: () => {
                      setProblem(undefined);
                      notify.success(t('toast.deleted'));
                    },
                    onError: fail,
                  },
                )
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t('files.deleteShort')}</span>
            </Button>
          </li>
        ))}
      </ul>
      {onlyOne && <p className="mt-1.5 text-sm text-slate-600">{t('files.lastFile')}</p>}
      <input
        ref={replaceInput}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={credentialFileAccept}
        data-testid="replace-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          const fileId = replacing;
          if (!file || !fileId) return;
          const bad = credentialFileProblem(file);
          if (bad) {
            setProblem(bad);
            return;
          }
          replace.mutate(
            { id: qualification.identifier, fileId, file },
            {
              onSuccess: () => {
                setProblem(undefined);
                notify.success(t('toast.updated'));
              },
              onError: fail,
              onSettled: () => setReplacing(null),
            },
          );
        }}
      />
      <FieldError id={problemId} message={problem} />
    </div>
  );
}
