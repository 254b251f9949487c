import { needsAttention, processed, type GatewayEventHandler } from './handlers.ts';

/**
 * Stripe's `account.updated` (decision 0052): a connected account changed. The event only names the account; its
 * state is asked of Stripe (`GET /v1/accounts/{account}`) and stored. An account that is not one of ours (the
 * platform's own) changes nothing. Only Stripe's own deliveries are acted on.
 */
export function stripeAccountHandlers(
  sync: ((accountId: string) => Promise<unknown>) | undefined,
): Record<string, GatewayEventHandler> {
  return {
    'account.updated': async (event) => {
      if (event.gateway !== 'stripe' || !sync)
        return needsAttention(`account.updated from ${event.gateway}: Stripe Connect is not configured`);
      const object = (event.payload as { data?: { object?: { object?: unknown; id?: unknown } } } | null)?.data?.object;
      if (object?.object !== 'account' || typeof object.id !== 'string' || !object.id.startsWith('acct_'))
        return needsAttention('account.updated without a readable account id');
      await sync(object.id);
      return processed;
    },
  };
}
