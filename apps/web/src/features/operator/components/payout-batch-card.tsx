import type { PayoutHistoryBatch, PayoutHistoryItem } from '@therapy/contracts/payouts';
import { Download, Send, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime, formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useDownloadBatchFile, useMarkBatchSent, useMarkPayoutReturned } from '../api/payouts-api';
import { Badge } from './badges';
import { ConfirmDialog } from './confirm-dialog';
import { focusAfterDialog } from './focus-after-dialog';

/**
 * One batch of the history: when, currency, items, total and whether it was sent; its file to download, "Mark as
 * sent" while it is not, and per item "Mark returned" (the bank sent it back: the money is the provider's earnings
 * again). Each change asks first. `focusOnMount`: the batch just created takes the focus, so it is read out.
 */
export function PayoutBatchCard({ batch, focusOnMount }: { batch: PayoutHistoryBatch; focusOnMount: boolean }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const download = useDownloadBatchFile();
  const markSent = useMarkBatchSent();
  const money = (amount: number) => formatMoney(amount, batch.currencyCode, locale);
  const downloadable = batch.items.some((i) => i.status === 'started' || i.status === 'paid');
  const sendable = batch.paidAt === null && batch.items.some((i) => i.status === 'started');

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const confirmSent = () => {
    setError(undefined);
    markSent.mutate(batch.identifier, {
      onSuccess: () => {
        setConfirming(false);
        // The button is gone once the batch is sent: the batch's heading takes the focus.
        focusAfterDialog(() => headingRef.current);
        notify.success(t('payouts.sent'));
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="min-w-0 text-base font-semibold break-words text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {t('payouts.batchTitle', { currency: batch.currencyCode, when: formatDateTime(batch.createdAt, locale) })}
          </h3>
          {batch.paidAt ? (
            <Badge tone="good">{t('payouts.batchSent', { when: formatDateTime(batch.paidAt, locale) })}</Badge>
          ) : (
            <Badge tone="waiting">{t('payouts.batchNotSent')}</Badge>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {t('payouts.batchSummary', { count: batch.itemCount, total: money(batch.total) })}
        </p>
        {(downloadable || sendable) && (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {downloadable && (
              <Button
                variant="secondary"
                size="sm"
                pending={download.isPending}
                onClick={() => download.mutate(batch.identifier)}
              >
                <Download className="size-4" aria-hidden="true" />
                {t('payouts.download')}
              </Button>
            )}
            {sendable && (
              <Button ref={sendRef} variant="primary" size="sm" onClick={() => setConfirming(true)}>
                <Send className="size-4" aria-hidden="true" />
                {t('payouts.markSent')}
              </Button>
            )}
          </div>
        )}
        {download.isError && (
          <Alert tone="error" className="mt-3">
            {errorMessage(download.error)}
          </Alert>
        )}
        <ul aria-label={t('payouts.itemsLabel')} className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
          {batch.items.map((item) => (
            <PayoutItemRow key={item.identifier} item={item} money={money} />
          ))}
        </ul>
      </article>
      <ConfirmDialog
        open={confirming}
        title={t('payouts.sentConfirm.title')}
        description={t('payouts.sentConfirm.body', { count: batch.itemCount, total: money(batch.total) })}
        confirmLabel={t('payouts.markSent')}
        cancelLabel={t('payouts.cancel')}
        tone="primary"
        pending={markSent.isPending}
        error={error}
        onConfirm={confirmSent}
        onCancel={() => {
          setConfirming(false);
          setError(undefined);
          focusAfterDialog(
            () => sendRef.current,
            () => headingRef.current,
          );
        }}
      />
    </li>
  );
}

function PayoutItemRow({ item, money }: { item: PayoutHistoryItem; money: (amount: number) => string }) {
  const { t } = useTranslation('operator');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const returned = useMarkPayoutReturned();
  const openerRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLParagraphElement>(null);
  const name = item.providerName ?? item.accountName;
  const returnable = item.status === 'started' || item.status === 'paid';

  const confirm = () => {
    setError(undefined);
    returned.mutate(item.identifier, {
      onSuccess: () => {
        setConfirming(false);
        focusAfterDialog(() => nameRef.current);
        notify.success(t('payouts.returned', { name, amount: money(item.amount) }));
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p ref={nameRef} tabIndex={-1} className="font-medium break-words text-slate-900 outline-none">
          {name}
        </p>
        <p className="text-sm break-words text-slate-700">{t('payouts.account', { name: item.accountName })}</p>
        <p className="text-sm text-slate-700">{t('payouts.reference', { reference: item.reference })}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className="font-semibold text-slate-900 tabular-nums">{money(item.amount)}</span>
        {/* Started and paid items stand as their batch does (its badge says it); only what differs is marked. */}
        {(item.status === 'returned' || item.status === 'failed') && (
          <Badge tone="bad">{t(`payouts.itemStatus.${item.status}`)}</Badge>
        )}
        {returnable && (
          <Button
            ref={openerRef}
            variant="ghost"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={t('payouts.markReturnedFor', { name, amount: money(item.amount) })}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            {t('payouts.markReturned')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('payouts.returnConfirm.title')}
        description={t('payouts.returnConfirm.body', { name, amount: money(item.amount) })}
        confirmLabel={t('payouts.markReturned')}
        cancelLabel={t('payouts.cancel')}
        tone="danger"
        pending={returned.isPending}
        error={error}
        onConfirm={confirm}
        onCancel={() => {
          setConfirming(false);
          setError(undefined);
          focusAfterDialog(
            () => openerRef.current,
            () => nameRef.current,
          );
        }}
      />
    </li>
  );
}
