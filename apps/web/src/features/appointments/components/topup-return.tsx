import { useQuery, useQueryClient } from '@tanstack/react-query';
import { message } from '@therapy/contracts/messages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { walletQueryPrefix } from '@/lib/booking-queries';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { topupStatusQuery } from '../api/bookings-api';

/**
 * Back on a booking's payment page from the card checkout (`?payment=<id>`): the top-up is confirmed by the gateway's
 * webhook, so the page asks its status until it has an answer, then reads the wallet again (the Pay button follows)
 * and drops the parameter. A failure says so and leaves the top-up offer in place.
 */
export function TopupReturn({ paymentId, onDone }: { paymentId: string; onDone: () => void }) {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const status = useQuery(topupStatusQuery(paymentId));
  const final = status.data?.status;

  useEffect(() => {
    if (!final || final === 'pending') return;
    const locale = currentLocale();
    if (final === 'success') notify.success(message('paymentSuccessful', locale));
    else notify.error(message('paymentFailed', locale));
    void queryClient.invalidateQueries({ queryKey: walletQueryPrefix }).then(onDone);
  }, [final, onDone, queryClient]);

  if (status.isError) return <Alert tone="error">{t('payment.topupUnknown')}</Alert>;
  if (final && final !== 'pending') return null;
  return <Alert tone="info">{t('payment.topupConfirming')}</Alert>;
}
