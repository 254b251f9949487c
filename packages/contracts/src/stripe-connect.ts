import { z } from 'zod';

/**
 * Stripe Connect payouts (decision 0052): a provider's Stripe Express account, where USD, GBP and EUR earnings are
 * sent once Stripe enables its payouts. `available` is false where the platform has no Stripe (no STRIPE_SECRET_KEY).
 */
export const stripeConnectStatus = z.enum(['not_connected', 'onboarding', 'enabled', 'restricted']);
export type StripeConnectStatus = z.infer<typeof stripeConnectStatus>;

export const stripeConnectState = z.object({
  available: z.boolean(),
  status: stripeConnectStatus,
  /** How many details Stripe still asks for (0 when none or not connected). */
  requirementsDue: z.number().int().nonnegative(),
  /** When the state last changed (ISO 8601); null when not connected. */
  updatedAt: z.string().nullable(),
});
export type StripeConnectState = z.infer<typeof stripeConnectState>;

/** Stripe's hosted onboarding page for the provider's account: short-lived, opened at once. */
export const stripeConnectLink = z.object({ url: z.url() });
export type StripeConnectLink = z.infer<typeof stripeConnectLink>;
