import { supportedCurrencies, type CurrencyCode } from '@therapy/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { balancesQuery } from '../api/wallet-api';
import { BalanceCard } from './balance-card';
import { CurrencySwitch } from './currency-switch';
import { TransactionList } from './transaction-list';
import { WalletStats } from './wallet-stats';

const isCurrency = (value: string | null): value is CurrencyCode =>
  !!value && (supportedCurrencies as readonly string[]).includes(value);

/**
 * /wallet for a client (issue 46): every wallet they hold, one per currency, the own first; the chosen one
 * (?currency=, else the own) with its balance, figures and history. `children`: what stands under the heading (a
 * top-up being confirmed).
 */
export function ClientWallet({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const wallets = useQuery(balancesQuery());
  const asked = params.get('currency');
  const own = wallets.data?.[0]?.currency;
  // The own wallet is asked for without a currency (its figures are the ones the rest of the app shows).
  const currency = isCurrency(asked) && asked !== own ? asked : undefined;

  const select = (next: string) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === own) params.delete('currency');
        else params.set('currency', next);
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
        {wallets.data && <CurrencySwitch wallets={wallets.data} selected={currency ?? own ?? ''} onSelect={select} />}
        <BalanceCard currency={currency} />
        <WalletStats currency={currency} />
        <TransactionList currency={currency} />
      </div>
    </>
  );
}
