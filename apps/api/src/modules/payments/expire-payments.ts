import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { GatewayError } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import type { SettlementFor } from './settlement.ts';

/** A card checkout nobody finished within a day is abandoned (Paystack's own checkouts expire sooner). */
export const PENDING_PAYMENT_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const EXPIRE_PAYMENTS_QUEUE = 'payments.expire-pending';

/**
 * Asks the gateway once more about each stale pending payment (a late payment is still credited), then marks those
 * still pending as abandoned. A gateway that cannot be reached leaves the payment for the next run.
 */
export async function expireStalePayments(
  db: Executor,
  clock: Clock,
  settlementFor: SettlementFor,
  batch = 100,
): Promise<number> {
  const stale = await repo.stalePending(db, new Date(clock.now().getTime() - PENDING_PAYMENT_LIFETIME_MS), batch);
  let abandoned = 0;
  for (const payment of stale) {
    // Asked of the gateway that took the payment; one no longer configured cannot be asked, so it is abandoned.
    const settlement = settlementFor(payment.gateway);
    try {
      const settled = await settlement?.settle(payment.reference);
      if (settled && settled.outcome !== 'pending') continue;
    } catch (err) {
      if (err instanceof GatewayError && err.retryable) continue;
    }
    await repo.abandonIfPending(db, payment.identifier);
    abandoned += 1;
  }
  return abandoned;
}
