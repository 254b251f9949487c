import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { stripeConnectLink, stripeConnectState } from '../stripe-connect.ts';

/** Stripe Connect payouts (decision 0052): the provider's own connected account only. */
const tags = ['provider'] as const;

export const getStripeConnect = defineEndpoint({
  method: 'GET',
  path: '/provider/stripe-connect',
  operationId: 'getStripeConnect',
  summary: "Whether Stripe payouts are offered, and the state of the provider's Stripe account",
  tags,
  role: 'provider',
  responses: { 200: envelope(stripeConnectState), 401: errorBody, 403: errorBody, 502: errorBody },
});

export const createStripeConnectLink = defineEndpoint({
  method: 'POST',
  path: '/provider/stripe-connect/link',
  operationId: 'createStripeConnectLink',
  summary: "Stripe's onboarding link for the provider's account (the account is made on the first call)",
  tags,
  role: 'provider',
  responses: {
    200: envelope(stripeConnectLink),
    400: errorBody,
    401: errorBody,
    403: errorBody,
    409: errorBody,
    502: errorBody,
  },
});
