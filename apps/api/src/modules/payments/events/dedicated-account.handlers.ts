import { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import { needsAttention, processed, type GatewayEventHandler } from './handlers.ts';

/**
 * `dedicatedaccount.assign.success` / `.failed` (Paystack's webhook documentation, "Dedicated Virtual Accounts"):
 * the answer to POST /dedicated_account/assign. `data.customer` names the customer (its code and the email the
 * account was requested with); on success `data.dedicated_account` is the account (Paystack's DVA resource: bank,
 * account_number, account_name, currency). The pending account row of that email is filled in, or failed. An event
 * for no pending request, or in another currency, is kept for an operator.
 */
const customer = z.object({ customer_code: z.string().min(1).nullish(), email: z.string().min(1) });
const assigned = z.object({
  customer,
  dedicated_account: z.object({
    bank: z.object({ name: z.string().min(1) }),
    account_number: z.string().min(1),
    account_name: z.string().min(1),
    currency: z.string().optional(),
  }),
});
const failed = z.object({
  customer,
  reason: z.string().nullish(),
  identification: z.object({ status: z.string().nullish() }).nullish(),
});

const dataOf = (payload: unknown) => (payload as { data?: unknown } | null)?.data;

/** The account row is looked up among the requests made of the gateway that sent the event (Paystack, or the sandbox playing it). */
export function dedicatedAccountHandlers(db: Executor): Record<string, GatewayEventHandler> {
  return {
    'dedicatedaccount.assign.success': async (event) => {
      const parsed = assigned.safeParse(dataOf(event.payload));
      if (!parsed.success)
        return needsAttention('dedicatedaccount.assign.success without a readable customer and account');
      const { customer: c, dedicated_account: a } = parsed.data;
      const row = await repo.virtualAccountRequestedBy(db, event.gateway, c.email);
      if (!row) return needsAttention(`no dedicated account was requested for ${c.email}`);
      if (row.status === 'assigned') {
        // A redelivery, or a second account for one customer: the same number is nothing new; another one is for a person.
        return row.accountNumber === a.account_number
          ? processed
          : needsAttention(
              `${c.email} already has account ${row.accountNumber}; Paystack assigned ${a.account_number} too`,
            );
      }
      if (a.currency && a.currency !== row.currencyCode)
        return needsAttention(
          `currency mismatch: a ${a.currency} account assigned to a ${row.currencyCode} wallet (${c.email})`,
        );
      if (!c.customer_code)
        return needsAttention(`dedicatedaccount.assign.success for ${c.email} without a customer code`);
      await repo.assignVirtualAccount(db, row.identifier, {
        customerCode: c.customer_code,
        bankName: a.bank.name,
        accountNumber: a.account_number,
        accountName: a.account_name,
      });
      return processed;
    },

    'dedicatedaccount.assign.failed': async (event) => {
      const parsed = failed.safeParse(dataOf(event.payload));
      if (!parsed.success) return needsAttention('dedicatedaccount.assign.failed without a readable customer');
      const { customer: c, reason } = parsed.data;
      const row = await repo.virtualAccountRequestedBy(db, event.gateway, c.email);
      if (!row) return needsAttention(`no dedicated account was requested for ${c.email}`);
      // A late failure after an assignment changes nothing: the account exists.
      if (row.status === 'pending')
        await repo.failVirtualAccount(db, row.identifier, reason ?? 'Paystack could not assign the account');
      return processed;
    },
  };
}
