import type { StripeConnectLink, StripeConnectState } from '@therapy/contracts/stripe-connect';
import type { AppDeps } from '../../../deps.ts';
import { requireRole, type Actor } from '../../../platform/auth/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { UserModule } from '../../user/user.module.ts';
import type { WalletModule } from '../../wallet/wallet.module.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import type { StripeConnect } from '../gateway/stripe-connect.ts';
import { STRIPE_PAYOUT_CURRENCIES, stripeRecipientCode } from '../gateway/stripe-payouts.ts';
import { payoutsRepository } from '../payouts/payouts.repository.ts';
import type { RecipientSource } from '../payouts/weekly-payout.ts';
import { stripeConnectRepository as repo, type ConnectedAccountRow } from './stripe-connect.repository.ts';

const gatewayUnavailable = () => new AppError(502, 'PAYMENT_GATEWAY_ERROR', 'gatewayUnavailable');

const stateOf = (row: ConnectedAccountRow | undefined): StripeConnectState => ({
  available: true,
  status: row?.status ?? 'not_connected',
  requirementsDue: row?.requirementsDue ?? 0,
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

/**
 * Stripe Connect payouts (decision 0052): a provider connects a Stripe Express account, and once Stripe enables its
 * payouts the weekly payout sends their USD, GBP and EUR earnings to it as Stripe Transfers. `connect` is undefined
 * where the platform has no Stripe: the state says `available: false` and no link is made.
 */
export function createStripeConnectService(
  deps: Pick<AppDeps, 'db' | 'config'>,
  {
    connect,
    users,
    wallet,
  }: {
    connect: StripeConnect | undefined;
    users: Pick<UserModule, 'findActiveUser'>;
    wallet: Pick<WalletModule, 'currencyOf'>;
  },
) {
  const { db } = deps;
  const back = (how: 'return' | 'refresh') => `${deps.config.appOrigin}/bank-details?stripe=${how}`;

  /** Asks Stripe for the account and stores its answer (never an event's body alone); undefined when not ours. */
  async function sync(accountId: string): Promise<ConnectedAccountRow | undefined> {
    if (!connect) return undefined;
    return repo.update(db, await connect.retrieveAccount(accountId));
  }

  return {
    sync,

    /** The provider's own state; one not enabled yet is asked of Stripe again (back from onboarding before the event). */
    async state(actor: Actor): Promise<StripeConnectState> {
      const providerId = requireRole(actor, 'provider').userId;
      if (!connect) return { available: false, status: 'not_connected', requirementsDue: 0, updatedAt: null };
      const row = await repo.byProvider(db, providerId);
      if (!row || row.status === 'enabled') return stateOf(row);
      try {
        return stateOf((await sync(row.accountId)) ?? row);
      } catch (err) {
        // Stripe unreachable: what we knew last is still the provider's state.
        if (err instanceof GatewayError) return stateOf(row);
        throw err;
      }
    },

    /** Makes the provider's Express account on the first call, and answers a fresh onboarding link to it. */
    async link(actor: Actor): Promise<StripeConnectLink> {
      const providerId = requireRole(actor, 'provider').userId;
      if (!connect) throw AppError.rule('stripeConnectUnavailable');
      const user = await users.findActiveUser(providerId);
      if (!user) throw AppError.notFound();
      let row = await repo.byProvider(db, providerId);
      try {
        if (!row) {
          const currency = await wallet.currencyOf(providerId);
          if (!STRIPE_PAYOUT_CURRENCIES.includes(currency))
            throw AppError.rule('stripeConnectCurrencyUnsupported', { currency });
          if (!user.countryCode) throw AppError.rule('stripeConnectCountryMissing');
          const account = await connect.createAccount({ providerId, country: user.countryCode, email: user.email });
          row = await repo.ensure(db, providerId, account);
        }
        return {
          url: await connect.createAccountLink({
            accountId: row.accountId,
            returnUrl: back('return'),
            refreshUrl: back('refresh'),
          }),
        };
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        if (err.retryable) throw gatewayUnavailable();
        throw AppError.rule('stripeConnectRefused');
      }
    },

    /**
     * Where the weekly payout sends a provider's earnings in a Stripe currency: their connected account, once Stripe
     * pays it out. The payout port's recipient (one per account and currency) is made the first time.
     */
    recipientOf: (async (providerId, currency) => {
      if (!currency || !STRIPE_PAYOUT_CURRENCIES.includes(currency)) return undefined;
      const row = await repo.byProvider(db, providerId);
      if (!row || row.status !== 'enabled') return undefined;
      const recipient = await payoutsRepository.ensureRecipient(db, {
        providerId,
        gateway: 'stripe',
        recipientCode: stripeRecipientCode(row.accountId, currency),
        currencyCode: currency,
        accountName: 'Stripe',
        accountNumber: row.accountId,
        bankCode: 'stripe',
        bankName: 'Stripe',
      });
      if (recipient.providerId !== providerId) return undefined;
      return { recipientId: recipient.identifier, currencyCode: currency };
    }) satisfies RecipientSource,
  };
}
export type StripeConnectService = ReturnType<typeof createStripeConnectService>;
