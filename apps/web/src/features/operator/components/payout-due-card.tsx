import type { PayoutOverviewEntry } from '@therapy/contracts/payouts';
import { FileSpreadsheet } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { isBatchCurrency, useCreateBatch } from '../api/payouts-api';
import { ConfirmDialog } from './confirm-dialog';
import { focusAfterDialog } from './focus-after-dialog';

/** "Euro", "Pfund Sterling": the currency's name in the page's language, its code beside it. */
export function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One currency on the payouts page: what is due. A bank-file currency with something due offers "Create batch" (after
 * a confirmation saying what it takes); a gateway currency only shows what the weekly run will pay.
 */
export function PayoutDueCard({
  entry,
  onCreated,
}: {
  entry: PayoutOverviewEntry;
  onCreated: (batchId: string) => void;
}) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const create = useCreateBatch();
  const openerRef = useRef<HTMLButtonElement>(null);
  const bankFile = entry.route === 'bank-file';
  const total = formatMoney(entry.total, entry.currencyCode, locale);
  const due = entry.providers > 0;

  const confirm = () => {
    if (!isBatchCurrency(entry.currencyCode)) return;
    setError(undefined);
    create.mutate(entry.currencyCode, {
      onSuccess: (batch) => {
        setConfirming(false);
        notify.success(
          t('payouts.created', { count: batch.itemCount, total: formatMoney(batch.total, batch.currencyCode, locale) }),
        );
        onCreated(batch.identifier);
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <section aria-labelledby={headingId} className="flex flex-1 flex-col">
        <h4 id={headingId} className="text-base font-semibold break-words text-slate-900">
          {currencyName(entry.currencyCode, locale)}{' '}
          <span className="font-normal text-slate-700">({entry.currencyCode})</span>
        </h4>
        {due ? (
          <p className="mt-3">
            <span className="block text-2xl font-bold text-slate-900 tabular-nums">{total}</span>
            <span className="block text-sm text-slate-700">
              {t('payouts.providersDue', { count: entry.providers })}
            </span>
          </p>
        ) : (
          <p className="mt-3 text-base font-medium text-slate-800">{t('payouts.nothingDue')}</p>
        )}
        {entry.withoutBankDetails > 0 && (
          <p className="mt-2 text-sm text-amber-900">
            {t('payouts.withoutBankDetails', { count: entry.withoutBankDetails })}
          </p>
        )}
        {bankFile && due && (
          <div className="mt-auto pt-4">
            <Button ref={openerRef} variant="primary" onClick={() => setConfirming(true)} className="w-full sm:w-auto">
              <FileSpreadsheet className="size-4" aria-hidden="true" />
              {t('payouts.createBatch')}
            </Button>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('payouts.createConfirm.title', { currency: entry.currencyCode })}
        description={t('payouts.createConfirm.body', { count: entry.providers, total })}
        confirmLabel={t('payouts.createBatch')}
        cancelLabel={t('payouts.cancel')}
        tone="primary"
        pending={create.isPending}
        error={error}
        onConfirm={confirm}
        onCancel={() => {
          setConfirming(false);
          setError(undefined);
          focusAfterDialog(() => openerRef.current);
        }}
      />
    </li>
  );
}
