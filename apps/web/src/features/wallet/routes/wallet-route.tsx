import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageHeading } from '@/components/page-heading';
import { useAuthStore } from '@/lib/auth-store';
import { BalanceCard } from '../components/balance-card';
import { EarningsCard } from '../components/earnings-card';
import { PayoutsCard } from '../components/payouts-card';
import { PaymentWatcher } from '../components/payment-watcher';
import { TransactionList } from '../components/transaction-list';
import { WalletStats } from '../components/wallet-stats';

const paymentIdSchema = z.uuid();

/**
 * /wallet: the balance with "Top Up", money in and out, and the transactions. The card checkout returns here with
 * ?payment=<id>&reference=…; the page then watches that payment until it has a final status.
 */
export function WalletRoute() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const isProvider = useAuthStore((s) => s.user?.userType === 'provider');
  const paymentParam = params.get('payment');
  const paymentId = paymentParam && paymentIdSchema.safeParse(paymentParam).success ? paymentParam : null;

  const clearPayment = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('payment');
          next.delete('reference');
          next.delete('trxref');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  // An address with a broken payment id: there is nothing to watch, so the parameter goes.
  const brokenParam = !!paymentParam && !paymentId;
  useEffect(() => {
    if (brokenParam) clearPayment();
  }, [brokenParam, clearPayment]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('title')} lead={t('lead')} />
      {paymentId && (
        <PaymentWatcher
          key={paymentId}
          paymentId={paymentId}
          refreshHref={`${location.pathname}${location.search}`}
          onDone={clearPayment}
        />
      )}
      <div className="flex flex-col gap-6">
        <BalanceCard />
        {isProvider && <EarningsCard />}
        {isProvider && <PayoutsCard />}
        <WalletStats />
        <TransactionList />
      </div>
    </div>
  );
}
