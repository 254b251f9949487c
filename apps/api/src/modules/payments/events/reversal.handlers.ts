import { z } from 'zod';
import type { Reversals } from '../reversal.ts';
import { needsAttention, processed, type GatewayEventHandler, type HandlerOutcome } from './handlers.ts';

/**
 * Money the gateway takes back after a credit (decision 0019), as Paystack publishes it:
 * - `refund.processed` (webhook docs: "Refund has successfully been processed by the processor"): the Refund resource
 *   (dist/paystack.yaml RefundListResponseArray: `id`, `transaction_reference`, `amount`, `currency`). The other refund
 *   events (`refund.pending`, `refund.processing`, `refund.failed`) move no money: they have no handler and are
 *   stored as ignored.
 * - `charge.dispute.create`: a chargeback was logged; nothing is taken yet (stored, processed, no money moves).
 * - `charge.dispute.resolve`: the Dispute resource (DisputeListResponseArray: `id`, `refund_amount`, `currency`,
 *   `resolution`, `transaction.reference`). `resolution` as DisputeResolve publishes it: `merchant-accepted` (the
 *   customer gets `refund_amount` back: reversed) or `declined` (we keep the money: nothing moves). Any other value is
 *   kept for an operator.
 */
const refund = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  transaction_reference: z.string().min(1).optional(),
  /** The transaction's id in the Refund resource (an integer); some deliveries nest the transaction object instead. */
  transaction: z.union([z.number(), z.object({ reference: z.string().min(1) })]).nullish(),
  amount: z.number().int(),
  currency: z.string().min(1),
});
const dispute = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  refund_amount: z.number().int().nullish(),
  currency: z.string().min(1),
  resolution: z.string().nullish(),
  transaction: z.object({ reference: z.string().min(1) }),
});

const dataOf = (payload: unknown) => (payload as { data?: unknown } | null)?.data;

async function applied(
  reversals: Reversals | undefined,
  gateway: string,
  input: Parameters<Reversals['reverse']>[0],
): Promise<HandlerOutcome> {
  if (!reversals) return needsAttention(`reversal ${input.key} from ${gateway}, a gateway that is not configured`);
  const result = await reversals.reverse(input);
  return result.outcome === 'cannot-apply' ? needsAttention(result.reason) : processed;
}

/** `reversalsFor(gateway)`: the reversals of payments taken by the gateway that sent the event (its row's `gateway`). */
export function reversalHandlers(
  reversalsFor: (gateway: string) => Reversals | undefined,
): Record<string, GatewayEventHandler> {
  return {
    'refund.processed': async (event) => {
      const parsed = refund.safeParse(dataOf(event.payload));
      const nested =
        parsed.success && typeof parsed.data.transaction === 'object' ? parsed.data.transaction?.reference : undefined;
      const reference = parsed.success ? (parsed.data.transaction_reference ?? nested) : undefined;
      if (!parsed.success || !reference)
        return needsAttention('refund.processed without a readable id, transaction reference, amount and currency');
      return applied(reversalsFor(event.gateway), event.gateway, {
        transactionReference: reference,
        key: `refund:${parsed.data.id}`,
        amount: parsed.data.amount,
        currency: parsed.data.currency,
      });
    },

    'charge.dispute.create': async () => processed,

    'charge.dispute.resolve': async (event) => {
      const parsed = dispute.safeParse(dataOf(event.payload));
      if (!parsed.success)
        return needsAttention('charge.dispute.resolve without a readable id, transaction, currency and resolution');
      const d = parsed.data;
      if (d.resolution === 'declined') return processed;
      if (d.resolution !== 'merchant-accepted')
        return needsAttention(
          `dispute ${d.id} resolved as "${d.resolution ?? ''}": not a resolution Paystack publishes (merchant-accepted, declined)`,
        );
      if (!d.refund_amount) return needsAttention(`dispute ${d.id} accepted without a refund amount`);
      return applied(reversalsFor(event.gateway), event.gateway, {
        transactionReference: d.transaction.reference,
        key: `dispute:${d.id}`,
        amount: d.refund_amount,
        currency: d.currency,
      });
    },
  };
}
