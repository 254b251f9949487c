import { message } from '@therapy/contracts/messages';
import type { CurrencyCode } from '@therapy/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { Plus, Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modal-store';
import { balanceQuery } from '../api/wallet-api';
import { formatMoney } from '@/lib/format';

/**
 * "Current Balance" with the currency, or "Failed to load" with a retry (spec §2), and the "Top Up" button: of the
 * wallet of `currency` (one the user holds besides their own), else of the user's own.
 */
export function BalanceCard({ currency }: { currency?: CurrencyCode | undefined }) {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  const balance = useQuery(balanceQuery(currency));
  const headingId = useId();
  // Top-ups are for clients (the API refuses others); a provider's wallet only receives.
  const canTopUp = useAuthStore((s) => s.user?.userType) !== 'provider';

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-brand-800 p-5 text-white shadow-sm sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="flex items-center gap-2 text-sm font-medium text-brand-50">
            <Wallet className="size-5" aria-hidden="true" />
            {t('balance.label')}
          </h2>
          <div className="mt-2 min-h-10" aria-live="polite">
            {balance.isPending ? (
              <Spinner size="md" label={t('loading')} className="text-white" />
            ) : balance.isError ? (
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-lg font-semibold" role="alert">
                  {message('balanceFailed', currentLocale())}
                </p>
                <Button
                  size="sm"
                  variant="secondary"
                  pending={balance.isFetching}
                  onClick={() => void balance.refetch()}
                >
                  {t('retry')}
                </Button>
              </div>
            ) : (
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="break-all text-3xl font-bold tracking-tight sm:text-4xl" data-testid="wallet-balance">
                  {formatMoney(balance.data.balance, balance.data.currency, locale)}
                </span>
                <span className="text-sm font-medium text-brand-50">{balance.data.currency}</span>
              </p>
            )}
          </div>
        </div>
        {canTopUp && (
          <Button
            variant="secondary"
            size="lg"
            className="shrink-0 border-white"
            onClick={() => openModal('wallet-topup', currency ? { currencyCode: currency } : {})}
          >
            <Plus className="size-5" aria-hidden="true" />
            {t('topUp')}
          </Button>
        )}
      </div>
    </section>
  );
}
