import { message } from '@therapy/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';
import { closeModal } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { invalidateWallet, isFinalError, paymentStatusQuery } from '../api/wallet-api';
import { PendingPaymentDialog } from './pending-payment-dialog';

interface PaymentWatcherProps {
  paymentId: string;
  refreshHref: string;
  /** Called once the payment has a final answer; the page then drops ?payment= from the address. */
  onDone: () => void;
}

/**
 * Back from the card checkout with ?payment=<id> (spec §4 "Top-up"): polls the status every 5 s while pending and
 * shows the pending pop-up. "success" toasts "Payment successful!" and refreshes the wallet; any other final status
 * toasts "Payment failed. Please try again.". Closing the pop-up does not stop the check: a notice stays on the page.
 */
export function PaymentWatcher({ paymentId, refreshHref, onDone }: PaymentWatcherProps) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const status = useQuery(paymentStatusQuery(paymentId));
  const [popupOpen, setPopupOpen] = useState(true);
  const handled = useRef(false);
  const final = status.data?.status;

  // Only one modal at a time (spec §2): the pop-up replaces whatever the store had open.
  useEffect(() => closeModal(), []);

  useEffect(() => {
    if (handled.current) return;
    if (final === 'success') {
      handled.current = true;
      notify.success(message('paymentSuccessful', currentLocale()));
      void invalidateWallet(queryClient);
      onDone();
    } else if (final && final !== 'pending') {
      handled.current = true;
      notify.error(message('paymentFailed', currentLocale()));
      onDone();
    } else if (isFinalError(status.error)) {
      // The payment is unknown or not this user's: asking again would not change the answer.
      handled.current = true;
      toastError(status.error);
      onDone();
    }
  }, [final, status.error, queryClient, onDone]);

  return (
    <>
      <PendingPaymentDialog open={popupOpen} onOpenChange={setPopupOpen} refreshHref={refreshHref} />
      {!popupOpen && (
        <Alert
          tone="info"
          className="mb-6"
          action={
            <Button size="sm" variant="secondary" onClick={() => setPopupOpen(true)}>
              {t('pending.show')}
            </Button>
          }
        >
          {t('pending.inBackground')}
        </Alert>
      )}
    </>
  );
}
