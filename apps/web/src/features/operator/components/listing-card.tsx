import { zodResolver } from '@hookform/resolvers/zod';
import { suspendPracticeInput, type SuspendPracticeInput } from '@therapy/contracts/verification';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { TextArea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useReinstate, useSuspend } from '../api/operator-api';
import { ConfirmDialog } from './confirm-dialog';

interface ListingProps {
  providerId: string;
  status: 'approved' | 'suspended';
  name: string;
  onDecided: () => void;
}

/**
 * A verified practice's listing: suspend it with a reason (the provider reads it), or reinstate a suspended one.
 * Both ask first in a dialog that names the practice.
 */
export function ListingCard({ providerId, status, name, onDecided }: ListingProps) {
  const { t } = useTranslation('operator');
  const suspend = useSuspend(providerId);
  const reinstate = useReinstate(providerId);
  const [writing, setWriting] = useState(false);
  const [confirm, setConfirm] = useState<{ action: 'suspend'; note: string } | { action: 'reinstate' } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SuspendPracticeInput>({ resolver: zodResolver(suspendPracticeInput), defaultValues: { note: '' } });
  const busy = suspend.isPending || reinstate.isPending;

  const act = async () => {
    if (!confirm) return;
    setError(undefined);
    try {
      const res =
        confirm.action === 'suspend'
          ? await suspend.mutateAsync({ note: confirm.note })
          : await reinstate.mutateAsync();
      if (res.message) notify.success(res.message);
      setConfirm(null);
      setWriting(false);
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
    <SectionCard
      icon={Store}
      title={t('listing.title')}
      description={status === 'approved' ? t('listing.suspendHint') : t('listing.reinstateHint')}
    >
      {status === 'suspended' ? (
        <Button onClick={() => setConfirm({ action: 'reinstate' })} disabled={busy} className="w-full sm:w-auto">
          {t('listing.reinstate')}
        </Button>
      ) : writing ? (
        <form
          noValidate
          onSubmit={handleSubmit((values) => {
            setError(undefined);
            setConfirm({ action: 'suspend', note: values.note });
          })}
        >
          <FormField label={t('listing.reasonLabel')} error={errors.note?.message} hint={t('listing.reasonHint')}>
            {({ invalid, ...field }) => <TextArea {...field} rows={4} invalid={invalid} {...register('note')} />}
          </FormField>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button type="submit" variant="danger" disabled={busy}>
              {t('listing.suspendSubmit')}
            </Button>
            <Button variant="secondary" onClick={() => setWriting(false)} disabled={busy}>
              {t('review.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setWriting(true)} disabled={busy} className="w-full sm:w-auto">
          {t('listing.suspend')}
        </Button>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t(`listing.confirm.${confirm?.action ?? 'suspend'}`, { name })}
        description={t(`listing.confirm.${confirm?.action ?? 'suspend'}Body`)}
        quote={confirm?.action === 'suspend' ? confirm.note : undefined}
        confirmLabel={
          confirm?.action === 'reinstate' ? t('listing.confirm.yesReinstate') : t('listing.confirm.yesSuspend')
        }
        cancelLabel={t('review.cancel')}
        tone={confirm?.action === 'reinstate' ? 'primary' : 'danger'}
        pending={busy}
        error={error}
        onConfirm={() => void act()}
        onCancel={() => {
          setConfirm(null);
          setError(undefined);
        }}
      />
    </SectionCard>
  );
}
