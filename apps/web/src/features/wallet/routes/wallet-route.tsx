import { useCallback, useEffect } from 'react';
import { useHref, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useAuthStore } from '@/lib/auth-store';
import { ClientWallet } from '../components/client-wallet';
import { EarningsView } from '../components/earnings-view';
import { PaymentWatcher } from '../components/payment-watcher';

const paymentIdSchema = z.uuid();

/**
 * /wallet: for a client, each wallet's balance with "Top Up", money in and out, and the transactions; for a provider,
 * their earnings (issue 46). The card checkout returns here with ?payment=<id>&reference=…; the page then watches
 * that payment until it has a final status.
 */
export function WalletRoute() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // A plain link reloads the page: with the router's basename, so a German page (/de/...) reloads German.
  const refreshHref = useHref(`${location.pathname}${location.search}`);
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
      {isProvider ? (
        <EarningsView />
      ) : (
        <ClientWallet>
          {paymentId && (
            <PaymentWatcher key={paymentId} paymentId={paymentId} refreshHref={refreshHref} onDone={clearPayment} />
          )}
        </ClientWallet>
      )}
    </div>
  );
}
