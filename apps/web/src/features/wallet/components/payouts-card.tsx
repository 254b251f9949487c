import { useQuery } from '@tanstack/react-query';
import type { WalletPayout } from '@therapy/contracts/wallet';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatMoney } from '@/lib/format';
import { payoutsQuery } from '../api/wallet-api';

const badge: Record<WalletPayout['status'], string> = {
  started: 'bg-sky-50 text-sky-900 ring-sky-200',
  paid: 'bg-green-50 text-green-900 ring-green-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
  returned: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** A provider's payouts to their bank (GET /wallet/payouts), newest first, with their state. */
export function PayoutsCard() {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  const [page, setPage] = useState(1);
  const payouts = useQuery(payoutsQuery(page));
  const headingId = useId();
  const meta = payouts.data?.meta;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('payouts.title')}
      </h2>
      <SectionStatus
        loading={payouts.isPending}
        error={payouts.isError}
        onRetry={() => void payouts.refetch()}
        loadingLabel={t('loading')}
        errorText={t('payouts.loadFailed')}
        retryLabel={t('retry')}
      />
      {payouts.data && payouts.data.data.length === 0 && (
        <div className="mt-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{t('payouts.empty')}</p>
          <p className="mt-1">{t('payouts.emptyLead')}</p>
        </div>
      )}
      {payouts.data && payouts.data.data.length > 0 && (
        <>
          <ul className="mt-4 divide-y divide-slate-100">
            {payouts.data.data.map((p) => (
              <li key={p.identifier} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{formatMoney(p.amount, p.currency, locale)}</p>
                  <p className="text-sm text-slate-600">
                    {formatDateTime(p.createdAt, locale)} ·{' '}
                    {t('payouts.account', { bank: p.bankName ?? t('payouts.bank'), last4: p.accountLast4 })}
                  </p>
                </div>
                <span className={clsx('rounded-full px-2.5 py-0.5 text-sm font-medium ring-1', badge[p.status])}>
                  {t(`payouts.status.${p.status}`)}
                </span>
              </li>
            ))}
          </ul>
          {meta && meta.totalPages > 1 && (
            <nav aria-label={t('payouts.pages')} className="mt-3 flex items-center justify-between gap-2">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
                {t('payouts.newer')}
              </Button>
              <span className="text-sm text-slate-700">{t('payouts.pageOf', { page, pages: meta.totalPages })}</span>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= meta.totalPages}
                onClick={() => setPage((n) => n + 1)}
              >
                {t('payouts.older')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
