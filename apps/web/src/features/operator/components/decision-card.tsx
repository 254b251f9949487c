import { zodResolver } from '@hookform/resolvers/zod';
import {
  rejectVerificationInput,
  type RejectVerificationInput,
  type VerificationReview,
} from '@therapy/contracts/verification';
import { CheckCircle2, CircleSlash } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { TextArea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useApprove, useReject } from '../api/operator-api';
import { ConfirmDialog } from './confirm-dialog';

type Scope = 'practice' | 'changes';

interface DecisionProps {
  providerId: string;
  review: VerificationReview;
  /** The practice's name as the desk shows it; the confirmation names it. */
  name: string;
  /** After a decision: the desk moves focus to its status, as the card it was in is gone. */
  onDecided: () => void;
}

/**
 * Approve or reject what can be decided now (`decision`): a submitted practice, or the changes to a verified one.
 * Both ask first in a dialog that names the practice and what is decided; a rejection needs a note (the form checks it
 * with the server's schema before the dialog opens). Without anything to decide, the card says why instead.
 */
export function DecisionCard({ providerId, review, name, onDecided }: DecisionProps) {
  const { t } = useTranslation('operator');
  if (!review.decision) {
    return (
      <section
        aria-label={t('review.decision')}
        className="flex items-start gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700"
      >
        <CircleSlash className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <p>{t(`decision.nothing.${review.status}`)}</p>
      </section>
    );
  }
  return <Decide providerId={providerId} review={review} scope={review.decision} name={name} onDecided={onDecided} />;
}

function Decide({ providerId, review, scope, name, onDecided }: DecisionProps & { scope: Scope }) {
  const { t } = useTranslation('operator');
  const approve = useApprove(providerId);
  const reject = useReject(providerId);
  const [rejecting, setRejecting] = useState(false);
  const [confirm, setConfirm] = useState<{ action: 'approve' } | { action: 'reject'; note: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RejectVerificationInput>({
    resolver: zodResolver(rejectVerificationInput),
    defaultValues: { note: '' },
  });
  const busy = approve.isPending || reject.isPending;
  const pendingItems = scope === 'changes' ? pendingChanges(review, t) : [];

  const close = () => {
    setConfirm(null);
    setError(undefined);
  };
  const decide = async () => {
    if (!confirm) return;
    setError(undefined);
    try {
      const res =
        confirm.action === 'approve' ? await approve.mutateAsync() : await reject.mutateAsync({ note: confirm.note });
      if (res.message) notify.success(res.message);
      setConfirm(null);
      setRejecting(false);
      reset();
      onDecided();
    } catch (err) {
      setError(errorMessage(err));
      // Someone decided first (404: nothing left to decide, 409: not in that state any more): the desk is refreshed
      // and this card may go with its dialog, so the refusal is also said where it stays.
      if (isApiError(err) && (err.status === 404 || err.status === 409)) notify.error(errorMessage(err));
    }
  };

  return (
    <SectionCard icon={CheckCircle2} title={t('review.decision')} description={t(`decision.hint.${scope}`)}>
      {pendingItems.length > 0 && (
        <div className="mb-4">
          <p className="text-sm font-medium text-slate-800">{t('decision.waiting')}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm break-words text-slate-900">
            {pendingItems.map((item) => (
              <li key={item.key}>{item.text}</li>
            ))}
          </ul>
        </div>
      )}
      {rejecting ? (
        <form
          noValidate
          onSubmit={handleSubmit((values) => {
            setError(undefined);
            setConfirm({ action: 'reject', note: values.note });
          })}
        >
          <FormField label={t('review.note')} error={errors.note?.message} hint={t(`decision.noteHint.${scope}`)}>
            {({ invalid, ...field }) => <TextArea {...field} rows={5} invalid={invalid} {...register('note')} />}
          </FormField>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button type="submit" variant="danger" disabled={busy}>
              {t('review.rejectConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={busy}>
              {t('review.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            onClick={() => {
              setError(undefined);
              setConfirm({ action: 'approve' });
            }}
            disabled={busy}
          >
            {t(`decision.approve.${scope}`)}
          </Button>
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={busy}>
            {t('review.reject')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t(`decision.confirm.${confirm?.action ?? 'approve'}.${scope}`, { name })}
        description={t(`decision.confirm.${confirm?.action ?? 'approve'}Body.${scope}`)}
        quote={confirm?.action === 'reject' ? confirm.note : undefined}
        confirmLabel={confirm?.action === 'reject' ? t('decision.confirm.yesReject') : t('decision.confirm.yesApprove')}
        cancelLabel={t('review.cancel')}
        tone={confirm?.action === 'reject' ? 'danger' : 'primary'}
        pending={busy}
        error={error}
        onConfirm={() => void decide()}
        onCancel={close}
      />
    </SectionCard>
  );
}

/** What of a verified practice waits for this decision: states and documents under review. */
function pendingChanges(
  review: VerificationReview,
  t: ReturnType<typeof useTranslation<'operator'>>['t'],
): Array<{ key: string; text: string }> {
  const states = review.licenseStates
    .filter((s) => s.review === 'pending')
    .map((s) => ({ key: s.identifier, text: t('decision.pendingState', { name: s.name, code: s.code }) }));
  const documents = review.documents
    .filter((d) => d.review === 'pending')
    .map((d) => ({
      key: d.identifier,
      text: t('desk.documents.name', { kind: t(`kinds.${d.kind}`), title: d.title }),
    }));
  return [...states, ...documents];
}
