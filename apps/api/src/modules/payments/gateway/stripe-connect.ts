import type Stripe from 'stripe';
import { GatewayError } from './payment-gateway.ts';
import type { StripeClient } from './stripe-client.ts';

/**
 * Stripe Connect as Stripe publishes it (decision 0052; https://docs.stripe.com/connect/express-accounts):
 * - `POST /v1/accounts` makes an Express account (`type: express`) in the provider's country with the `transfers`
 *   capability requested, our provider id in `metadata`, sent with an idempotency key per provider (a retry or a
 *   second click never makes a second account);
 * - `POST /v1/account_links` (`type: account_onboarding`) answers a short-lived URL of Stripe's hosted onboarding;
 *   Stripe sends the provider back to `return_url`, or to `refresh_url` when the link expired or was used;
 * - `GET /v1/accounts/{account}` is what the account's state is read from (never an event's body alone): payouts
 *   enabled, details submitted, requirements currently due.
 */
export type ConnectedAccountStatus = 'onboarding' | 'enabled' | 'restricted';

export interface ConnectedAccount {
  accountId: string;
  status: ConnectedAccountStatus;
  requirementsDue: number;
}

export interface StripeConnect {
  createAccount(input: { providerId: string; country: string; email: string }): Promise<ConnectedAccount>;
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
}

/**
 * An account's state folded into ours: Stripe pays it out (`payouts_enabled`) is enabled; details submitted but payouts
 * off (Stripe wants more, or disabled it) is restricted; else the provider is still onboarding.
 */
export function connectedAccountOf(
  account: Pick<Stripe.Account, 'id' | 'payouts_enabled' | 'details_submitted' | 'requirements'>,
): ConnectedAccount {
  const status: ConnectedAccountStatus = account.payouts_enabled
    ? 'enabled'
    : account.details_submitted
      ? 'restricted'
      : 'onboarding';
  return { accountId: account.id, status, requirementsDue: account.requirements?.currently_due?.length ?? 0 };
}

export function createStripeConnect({ call }: StripeClient): StripeConnect {
  return {
    async createAccount({ providerId, country, email }) {
      const account = await call('POST /v1/accounts', (stripe) =>
        stripe.accounts.create(
          {
            type: 'express',
            country,
            email,
            capabilities: { transfers: { requested: true } },
            metadata: { providerId },
          },
          { idempotencyKey: `connect-account:${providerId}` },
        ),
      );
      return connectedAccountOf(account);
    },

    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      const link = await call('POST /v1/account_links', (stripe) =>
        stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        }),
      );
      if (!link.url) throw new GatewayError('Stripe POST /v1/account_links: no URL in the answer', false);
      return link.url;
    },

    async retrieveAccount(accountId) {
      return connectedAccountOf(
        await call('GET /v1/accounts/{account}', (stripe) => stripe.accounts.retrieve(accountId)),
      );
    },
  };
}
