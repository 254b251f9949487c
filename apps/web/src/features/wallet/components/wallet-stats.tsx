import type { CurrencyCode } from '@therapy/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, CalendarArrowDown, CalendarArrowUp, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionStatus } from '@/components/section-card';
import { statsQuery } from '../api/wallet-api';
import { formatMoney } from '@/lib/format';

/** Money in, money out, and this month's in and out (GET /wallet/stats) of a currency's wallet (the own without one). */
export function WalletStats({ currency }: { currency?: CurrencyCode | undefined }) {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  const stats = useQuery(statsQuery(currency));
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('stats.title')}
      </h2>
      <SectionStatus
        loading={stats.isPending}
        error={stats.isError}
        onRetry={() => void stats.refetch()}
        loadingLabel={t('loading')}
        errorText={t('stats.loadFailed')}
        retryLabel={t('retry')}
      />
      {stats.data && (
        <dl className="grid grid-cols-1 gap-3 min-[440px]:grid-cols-2 lg:grid-cols-4">
          <Tile
            icon={ArrowDownLeft}
            label={t('stats.moneyIn')}
            value={formatMoney(stats.data.moneyIn, stats.data.currency, locale)}
            tone="in"
          />
          <Tile
            icon={ArrowUpRight}
            label={t('stats.moneyOut')}
            value={formatMoney(stats.data.moneyOut, stats.data.currency, locale)}
            tone="out"
          />
          <Tile
            icon={CalendarArrowDown}
            label={t('stats.thisMonthIn')}
            value={formatMoney(stats.data.thisMonthIn, stats.data.currency, locale)}
            tone="in"
          />
          <Tile
            icon={CalendarArrowUp}
            label={t('stats.thisMonthOut')}
            value={formatMoney(stats.data.thisMonthOut, stats.data.currency, locale)}
            tone="out"
          />
        </dl>
      )}
    </section>
  );
}

function Tile({
  icon: Icon,
  label,
  value,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  tone: 'in' | 'out';
}) {
  // dt and dd stay direct children of the group (a dl may hold only dt/dd groups); the icon sits in the dt.
  return (
    <div className="relative flex min-h-[4.5rem] flex-col justify-center rounded-2xl border border-slate-200 bg-white py-3 pl-[4.25rem] pr-4 shadow-sm">
      <dt className="text-sm text-slate-700">
        <span
          className={`absolute left-4 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-xl ${tone === 'in' ? 'bg-green-50 text-green-700' : 'bg-slate-100 text-slate-700'}`}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="truncate text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
