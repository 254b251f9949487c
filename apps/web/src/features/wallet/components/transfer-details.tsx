import { useQuery } from '@tanstack/react-query';
import { Check, Copy, UserPen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { bankAccountQuery, useRequestBankAccount } from '../api/wallet-api';

interface TransferDetailsProps {
  /** The amount to send, formatted, shown with the account. */
  amountLabel: string;
  onPaid: () => void;
  /** Leaving the modal for the profile page. */
  onClose: () => void;
}

/**
 * "Transfer To Account" (spec §2, §4): the user's dedicated bank account. None yet and the profile has both names and
 * a phone number: it is requested at once. The gateway assigns it asynchronously: while it is pending the modal says
 * so (the query asks again every few seconds); a failed assignment offers a retry. None and no names or phone: the
 * user is sent to update the profile.
 */
export function TransferDetails({ amountLabel, onPaid, onClose }: TransferDetailsProps) {
  const { t } = useTranslation('wallet');
  const account = useQuery(bankAccountQuery());
  const request = useRequestBankAccount();
  const requested = useRef(false);
  const needsRequest = !!account.data && account.data.status === 'none' && account.data.canGenerate;

  useEffect(() => {
    // Once per modal, even under StrictMode's double effects; a failure offers its own retry.
    if (!needsRequest || requested.current) return;
    requested.current = true;
    request.mutate();
  }, [needsRequest, request]);

  if (account.isPending || request.isPending || (needsRequest && request.isIdle)) {
    return (
      <div className="flex justify-center py-8">
        <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
          <Spinner size="md" className="text-brand-700" />
          {account.isPending ? t('transfer.loading') : t('transfer.generating')}
        </span>
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="mt-5">
        <SectionStatus
          loading={false}
          error
          onRetry={() => void account.refetch()}
          loadingLabel={t('loading')}
          errorText={t('transfer.loadFailed')}
          retryLabel={t('retry')}
        />
      </div>
    );
  }
  if (request.isError) {
    return (
      <Alert
        tone="error"
        className="mt-5"
        title={t('transfer.generateFailed')}
        action={
          <Button size="sm" variant="secondary" onClick={() => request.mutate()}>
            {t('retry')}
          </Button>
        }
      >
        {errorMessage(request.error)}
      </Alert>
    );
  }

  if (account.data.status === 'pending') {
    return (
      <div className="mt-5">
        <Alert tone="info" title={t('transfer.pendingTitle')}>
          <span className="inline-flex items-center gap-2">
            <Spinner size="sm" className="text-brand-700" />
            {t('transfer.pending')}
          </span>
        </Alert>
      </div>
    );
  }
  if (account.data.status === 'failed' && account.data.canGenerate) {
    return (
      <Alert
        tone="error"
        className="mt-5"
        title={t('transfer.failedTitle')}
        action={
          <Button size="sm" variant="secondary" onClick={() => request.mutate()}>
            {t('retry')}
          </Button>
        }
      >
        {t('transfer.failed')}
      </Alert>
    );
  }

  const details = account.data.account;
  if (!details) {
    return (
      <div className="mt-5">
        <Alert tone="warning" title={t('transfer.noAccountTitle')}>
          {t('transfer.noAccount')}
        </Alert>
        <DialogActions>
          <Link to="/account" onClick={onClose} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
            <UserPen className="size-5" aria-hidden="true" />
            {t('transfer.updateProfile')}
          </Link>
        </DialogActions>
      </div>
    );
  }

  return (
    <div className="mt-5">
      <p className="text-slate-800">{t('transfer.instructions')}</p>
      <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
        <Row label={t('transfer.bankName')} value={details.bankName} />
        <Row label={t('transfer.accountNumber')} value={details.accountNumber} copy testId="account-number" />
        <Row label={t('transfer.accountName')} value={details.accountName} />
        <Row label={t('transfer.amount')} value={amountLabel} />
      </dl>
      <DialogActions>
        <Button onClick={onPaid} fullWidth className="sm:w-auto">
          {t('transfer.confirm')}
        </Button>
      </DialogActions>
    </div>
  );
}

function Row({ label, value, copy, testId }: { label: string; value: string; copy?: boolean; testId?: string }) {
  return (
    <div className="px-4 py-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 break-words font-semibold text-slate-900" data-testid={testId}>
          {value}
        </span>
        {copy && <CopyButton value={value} />}
      </dd>
    </div>
  );
}

function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation('wallet');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin or a refused permission): the number stays on screen to copy by hand.
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void copy()}
      aria-label={copied ? t('transfer.copied') : t('transfer.copy')}
    >
      {copied ? (
        <Check className="size-4 text-green-700" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      <span aria-live="polite" className="sr-only">
        {copied ? t('transfer.copied') : ''}
      </span>
    </Button>
  );
}
