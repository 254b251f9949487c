import { createStripeConnectLink, getStripeConnect } from '@therapy/contracts/endpoints/stripe-connect';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const stripeConnectKeys = { all: ['stripe-connect'] as const };

/** GET /provider/stripe-connect: whether Stripe payouts are offered, and the provider's Stripe account state. */
export const stripeConnectQuery = () =>
  queryOptions({ queryKey: stripeConnectKeys.all, queryFn: async () => (await call(getStripeConnect)).data });

/** POST /provider/stripe-connect/link: a fresh onboarding link (the account is made on the first call). */
export function useStripeConnectLink() {
  return useMutation({ mutationFn: async () => (await call(createStripeConnectLink)).data });
}
