import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionStatus } from '@/components/section-card';
import { formatMoney } from '@/lib/format';
import { earningsQuery } from '../api/wallet-api';

/** A provider's earnings not yet paid out, per currency (GET /wallet/earnings); paid out weekly to their bank account. */
export function EarningsCard() {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  const earnings = useQuery(earningsQuery());
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('earnings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('earnings.lead')}</p>
      <SectionStatus
        loading={earnings.isPending}
        error={earnings.isError}
        onRetry={() => void earnings.refetch()}
        loadingLabel={t('loading')}
        errorText={t('earnings.loadFailed')}
        retryLabel={t('retry')}
      />
      {earnings.data && (
        <dl className="mt-4 grid grid-cols-1 gap-3 min-[440px]:grid-cols-2">
          {earnings.data.map((e) => (
            <div key={e.currency} className="rounded-xl bg-brand-50 p-4">
              <dt className="text-sm font-medium text-slate-700">
                {t('earnings.available', { currency: e.currency })}
              </dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`earnings-${e.currency}`}>
                {formatMoney(e.available, e.currency, locale)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
