import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { stripeConnectQuery, useStripeConnectLink } from '../api/stripe-connect-api';
import { leaveForStripe } from './leave-for-stripe';

/**
 * Stripe Connect payouts (decision 0052): the provider's Stripe account state and the way to Stripe's onboarding.
 * Renders nothing where the platform has no Stripe (or until the state is known). Stripe sends the provider back to
 * /bank-details?stripe=return (or =refresh when the link expired); the state is asked again then.
 */
export function StripeConnectCard() {
  const { t } = useTranslation('stripeConnect');
  const [params] = useSearchParams();
  const state = useQuery(stripeConnectQuery());
  const link = useStripeConnectLink();
  if (state.isError) return <Alert tone="error">{t('loadFailed')}</Alert>;
  if (!state.data?.available) return null;
  const { status, requirementsDue } = state.data;
  const back = params.get('stripe');
  const open = () => link.mutate(undefined, { onSuccess: ({ url }) => leaveForStripe(url) });

  return (
    <Card data-testid="stripe-connect">
      <CardTitle>{t('title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">{t('lead')}</p>
      {status !== 'enabled' && (back === 'return' || back === 'refresh') ? (
        <Alert tone="info" className="mt-4">
          {t(back === 'return' ? 'returned' : 'refresh')}
        </Alert>
      ) : null}
      <p className="mt-4 font-medium text-slate-900" role="status">
        {t(`status.${status}`)}
      </p>
      {status !== 'enabled' && requirementsDue > 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('requirementsDue', { count: requirementsDue })}</p>
      ) : null}
      {status === 'enabled' ? null : (
        <Button className="mt-4" onClick={open} pending={link.isPending}>
          {t(status === 'not_connected' ? 'connect' : 'continue')}
        </Button>
      )}
    </Card>
  );
}
