import {
  credentialFileAccept,
  credentialFileProblem,
  expiryDate,
  type CredentialFile,
  type InsuranceFile,
  type Qualification,
} from '@therapy/contracts/credentials';
import { message, type MessageKey } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Eye, FileText, Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { FileName, FileSize } from '@/components/file-preview/file-name';
import { PracticePage } from '@/components/practice-page';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { formatDay } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { openModal, useModalStore } from '@/lib/modal-store';
import { usStatesQuery } from '@/lib/regions';
import { notify } from '@/lib/toast';
import {
  insuranceQuery,
  qualificationsQuery,
  useDeleteInsurance,
  useDeleteQualification,
  useUploadInsurance,
} from '../api/credentials-api';
import { FilePicker } from '../components/file-picker';
import { ReviewBadge, tomorrow } from '../components/review-badge';

/** /practice/credentials: the provider's licences and other qualifications, and (at #insurance) the indemnity insurance. */
export function CredentialsRoute() {
  const { t } = useTranslation('credentials');
  return (
    <PracticePage
      width="4xl"
      title={t('title')}
      lead={t('lead')}
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
    >
      <ProviderCredentials />
    </PracticePage>
  );
}

const preview = (file: CredentialFile) =>
  openModal('file-preview', { url: file.url, filename: file.filename, contentType: file.contentType }, { size: 'lg' });

/** `?id=` opens the credential modal in edit mode; closing the modal removes the parameter (spec §1 query parameters). */
function useEditParam() {
  const [params, setParams] = useSearchParams();
  const editId = params.get('id');
  const open = useModalStore((s) => s.modals[0]?.id === 'credential-upload');
  const wasOpen = useRef(false);
  useEffect(() => {
    if (editId && !wasOpen.current) openModal('credential-upload', { qualificationId: editId }, { size: 'md' });
  }, [editId]);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('id');
        return next;
      },
      { replace: true },
    );
  }, [open, setParams]);
  return (id: string) => setParams({ id });
}

function ProviderCredentials() {
  const location = useLocation();
  const insurance = useRef<HTMLDivElement>(null);
  const loaded = useQuery(insuranceQuery()).isSuccess;
  // /practice/credentials#insurance (the checklist's link) lands on the insurance section once it is there.
  useEffect(() => {
    if (location.hash === '#insurance' && loaded) insurance.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, loaded]);
  return (
    <div className="space-y-6">
      <Qualifications />
      <div id="insurance" ref={insurance} className="scroll-mt-24">
        <Insurance />
      </div>
    </div>
  );
}

function Qualifications() {
  const { t } = useTranslation('credentials');
  const list = useQuery(qualificationsQuery());
  const edit = useEditParam();
  const add = (
    <Button onClick={() => openModal('credential-upload', {}, { size: 'md' })}>
      <Plus className="size-4" aria-hidden="true" />
      {t('add')}
    </Button>
  );
  return (
    <SectionCard icon={BadgeCheck} title={t('qualifications.title')} description={t('qualifications.lead')}>
      <SectionStatus
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        loadingLabel={t('loading')}
        errorText={t('loadFailed')}
        retryLabel={t('retry')}
      />
      {list.data && list.data.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
          <p className="font-medium text-slate-900">{t('qualifications.empty')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('qualifications.emptyHint')}</p>
          <div className="mt-4">{add}</div>
        </div>
      )}
      {list.data && list.data.length > 0 && (
        <>
          <ul className="space-y-3">
            {list.data.map((q) => (
              <QualificationItem key={q.identifier} qualification={q} onEdit={() => edit(q.identifier)} />
            ))}
          </ul>
          <div className="mt-4">{add}</div>
        </>
      )}
    </SectionCard>
  );
}

function QualificationItem({ qualification: q, onEdit }: { qualification: Qualification; onEdit: () => void }) {
  const { t, i18n } = useTranslation('credentials');
  const usStates = useQuery(usStatesQuery());
  const stateName = usStates.data?.find((s) => s.identifier === q.details.stateIdentifier)?.name;
  const remove = useDeleteQualification();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const heading = q.type === 'license' ? q.details.body : q.details.title;
  return (
    <li className="rounded-xl border border-slate-300 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-700">
            {t(`kind.${q.type}`)} <ReviewBadge review={q.review} />
          </p>
          <h3 id={headingId} className="break-words text-base font-semibold text-slate-900">
            {heading}
          </h3>
          {q.type === 'license' && (
            <p className="text-sm text-slate-700">
              {t('credentialNumberShown', { number: q.details.credentialNumber })}
              {' · '}
              {q.details.stateIdentifier ? t('review.state', { state: stateName ?? '…' }) : t('review.noState')}
            </p>
          )}
          {q.details.expiresOn && (
            <p className="text-sm text-slate-700">
              {t('review.expires', { date: formatDay(q.details.expiresOn, i18n.resolvedLanguage ?? 'en') })}
            </p>
          )}
          {q.review === 'pending' && <p className="text-sm text-slate-600">{t('review.pendingHint')}</p>}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t('editNamed', { name: heading })}>
            <Pencil className="size-4" aria-hidden="true" />
            {t('edit')}
          </Button>
          {!confirming && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={t('deleteNamed', { name: heading })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('delete')}
            </Button>
          )}
        </div>
      </div>
      {confirming && (
        <div className="mt-3" role="group" aria-label={t('confirmDelete')}>
          <Alert
            tone="warning"
            action={
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                  {t('modal.cancel')}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  pending={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { id: q.identifier },
                      {
                        onSuccess: () => notify.success(t('toast.deleted')),
                        onError: (e) => setError(isApiError(e) ? e.message : t('saveFailed')),
                      },
                    )
                  }
                >
                  {t('confirmDeleteButton')}
                </Button>
              </div>
            }
          >
            {t('confirmDelete')}
          </Alert>
        </div>
      )}
      <FileList files={q.files} />
      {error && <FieldError id={`${headingId}-error`} message={error} />}
    </li>
  );
}

function FileList({
  files,
  onDelete,
  deleting,
  meta,
}: {
  files: CredentialFile[];
  onDelete?: (file: CredentialFile) => void;
  deleting?: string | null;
  /** Shown under the name (insurance: review and expiry). */
  meta?: (file: CredentialFile) => ReactNode;
}) {
  const { t } = useTranslation('credentials');
  return (
    <ul className="mt-3 space-y-2" aria-label={t('files.stored')}>
      {files.map((file) => (
        <li key={file.identifier} className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <FileText className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <FileName name={file.filename} className="font-medium text-slate-900" />{' '}
            <FileSize bytes={file.size} className="text-slate-600" />
            {meta && <div className="mt-1 text-slate-700">{meta(file)}</div>}
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => preview(file)}
            aria-label={t('files.preview', { name: file.filename })}
          >
            <Eye className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">{t('files.previewShort')}</span>
          </Button>
          {onDelete && (
            <Button
              variant="ghost"
              size="sm"
              pending={deleting === file.identifier}
              onClick={() => onDelete(file)}
              aria-label={t('files.delete', { name: file.filename })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t('files.deleteShort')}</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function Insurance() {
  const { t, i18n } = useTranslation('credentials');
  const list = useQuery(insuranceQuery());
  const upload = useUploadInsurance();
  const remove = useDeleteInsurance();
  const [problem, setProblem] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [expiresOn, setExpiresOn] = useState('');
  const [expiryError, setExpiryError] = useState<string | undefined>();
  const problemId = useId();
  const locale = i18n.resolvedLanguage ?? 'en';
  /** The same date rule as the server's (the shared schema); a date today or earlier the server refuses with its text. */
  const checkExpiry = (): boolean => {
    const parsed = expiryDate.safeParse(expiresOn);
    const key = parsed.success ? undefined : (parsed.error.issues[0]?.message as MessageKey | undefined);
    setExpiryError(key ? message(key, currentLocale()) : undefined);
    return !key;
  };
  const meta = (file: InsuranceFile) => (
    <span className="flex flex-wrap items-center gap-2">
      <ReviewBadge review={file.review} />
      {file.expiresOn && <span>{t('review.expires', { date: formatDay(file.expiresOn, locale) })}</span>}
    </span>
  );
  const fail = (e: unknown) => setProblem(isApiError(e) ? e.message : t('saveFailed'));
  return (
    <SectionCard icon={ShieldCheck} title={t('insurance.title')} description={t('insurance.lead')}>
      <SectionStatus
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        loadingLabel={t('loading')}
        errorText={t('loadFailed')}
        retryLabel={t('retry')}
      />
      {list.data && list.data.insuranceFiles.length === 0 && (
        <p className="text-sm text-slate-700">{t('insurance.empty')}</p>
      )}
      {list.data && list.data.insuranceFiles.length > 0 && (
        <FileList
          files={list.data.insuranceFiles}
          meta={(file) => meta(file as InsuranceFile)}
          deleting={deleting}
          onDelete={(file) => {
            setDeleting(file.identifier);
            remove.mutate(
              { fileId: file.identifier },
              {
                onSuccess: () => notify.success(t('toast.deleted')),
                onError: fail,
                onSettled: () => setDeleting(null),
              },
            );
          }}
        />
      )}
      {list.data && (
        <div className="mt-4 space-y-3">
          <FormField label={t('insurance.expiresOn')} hint={t('insurance.expiresOnHint')} error={expiryError}>
            {(c) => (
              <Input
                {...c}
                type="date"
                min={tomorrow()}
                value={expiresOn}
                onChange={(e) => {
                  setExpiresOn(e.target.value);
                  setExpiryError(undefined);
                }}
              />
            )}
          </FormField>
          <FilePicker
            label={t('insurance.upload')}
            accept={credentialFileAccept}
            disabled={upload.isPending}
            describedBy={problem ? problemId : undefined}
            onPick={([file]) => {
              if (!file) return;
              const bad = credentialFileProblem(file);
              setProblem(bad);
              if (bad || !checkExpiry()) return;
              upload.mutate(
                { file, expiresOn: expiresOn || undefined },
                {
                  onSuccess: () => {
                    setExpiresOn('');
                    notify.success(t('toast.uploaded'));
                  },
                  onError: fail,
                },
              );
            }}
          />
          {upload.isPending && (
            <div role="status" className="mt-3 space-y-1.5">
              <p className="text-sm text-slate-700">{t('files.uploading', { count: 1 })}</p>
              <progress className="h-2 w-full accent-brand-700" aria-label={t('files.uploadingLabel')} />
            </div>
          )}
          <FieldError id={problemId} message={problem} />
        </div>
      )}
    </SectionCard>
  );
}
