import { supportedCurrencies, type CurrencyCode } from '@therapy/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/ui/spinner';
import { balancesQuery } from '../api/wallet-api';
import { BalanceCard } from './balance-card';
import { CurrencySwitch } from './currency-switch';
import { TransactionList } from './transaction-list';
import { WalletStats } from './wallet-stats';

const isCurrency = (value: string | null): value is CurrencyCode =>
  !!value && (supportedCurrencies as readonly string[]).includes(value);

/**
 * /wallet for a client (issues 46 and 48): every wallet they hold, one per currency that holds money or has any
 * history, the one used last first; the chosen one (?currency=, else the first) with its balance, figures and
 * history. A client who paid in euros opens on the euro wallet, not on an unused one of their own currency.
 * `children`: what stands under the heading (a top-up being confirmed).
 */
export function ClientWallet({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const wallets = useQuery(balancesQuery());
  const asked = params.get('currency');
  const held = wallets.data?.map((w) => w.currency);
  // The asked wallet when the user holds it, else the one used last; while the list is unknown (or failed), nothing
  // is chosen and each part asks for the own wallet.
  const chosen = (held && (isCurrency(asked) && held.includes(asked) ? asked : held[0])) ?? null;
  const currency = isCurrency(chosen) ? chosen : undefined;

  const select = (next: string) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        // Always named: the order follows use, so the first wallet today need not be the first tomorrow.
        params.set('currency', next);
        // Another wallet's history starts at its first page, without the other's filters' page.
        params.delete('page');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHeading title={t('title')} lead={t('lead')} />
      {children}
      <div className="flex flex-col gap-6">
        {wallets.isPending ? (
          <span role="status" className="inline-flex items-center gap-2 self-center py-6 text-sm text-slate-700">
            <Spinner size="md" className="text-brand-700" />
            {t('loading')}
          </span>
        ) : (
          <>
            {wallets.data && <CurrencySwitch wallets={wallets.data} selected={currency ?? ''} onSelect={select} />}
            <BalanceCard currency={currency} />
            <WalletStats currency={currency} />
            <TransactionList currency={currency} />
          </>
        )}
      </div>
    </>
  );
}
