import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gatewayEvents, payments, virtualAccounts } from '../../db/schema/payments.ts';

/** What stays of a dedicated account's holder name once its owner is gone. */
export const ERASED_ACCOUNT_NAME = 'Deleted user';

/**
 * Payment records stay (the law keeps financial records) but stop naming the person (decision 0013): the dedicated
 * account keeps its number and the gateway's customer code (a late transfer must still be traced to its ledger); the
 * email it was requested with and a gateway's reason for a failed assignment go. Gateway events keep what settles and
 * proves a payment (ids, reference, amount, currency, status); the customer's name, email, phone and card go.
 */
export async function erasePaymentIdentity(db: Executor, userId: string): Promise<void> {
  await db
    .update(virtualAccounts)
    .set({ accountName: ERASED_ACCOUNT_NAME, requestedEmail: null, failureReason: null })
    .where(eq(virtualAccounts.userId, userId));
  const p = gatewayEvents.payload;
  await db
    .update(gatewayEvents)
    .set({
      payload: sql`jsonb_strip_nulls(jsonb_build_object(
          'event', ${p}->'event',
          'data', jsonb_build_object(
            'id', ${p}->'data'->'id', 'reference', ${p}->'data'->'reference', 'amount', ${p}->'data'->'amount',
            'currency', ${p}->'data'->'currency', 'status', ${p}->'data'->'status', 'channel', ${p}->'data'->'channel',
            'paid_at', ${p}->'data'->'paid_at',
            'customer', jsonb_strip_nulls(jsonb_build_object('customer_code', ${p}->'data'->'customer'->'customer_code'))
          )
        ))`,
    })
    .where(
      inArray(
        sql`${p}->'data'->>'reference'`,
        db.select({ reference: payments.reference }).from(payments).where(eq(payments.userId, userId)),
      ),
    );
}
