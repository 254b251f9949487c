import { en } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import type { PaymentGateway } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo, type PaymentRow } from './payments.repository.ts';

export interface Claimed {
  amount: number;
  currency: string;
}

export type Settled =
  | { outcome: 'credited' | 'already-credited'; payment: PaymentRow }
  | { outcome: 'failed' | 'pending'; payment: PaymentRow }
  | { outcome: 'mismatch'; payment: PaymentRow | undefined; reason: string }
  | { outcome: 'unknown'; reason: string };

/**
 * Settles a gateway reference: the gateway is asked what happened (a webhook alone is never trusted), amount and
 * currency are checked against our payment (and against what the event claimed), and the wallet is credited once:
 * the ledger's unique (type, reference) makes a second credit impossible, however often and from wherever this runs.
 * A credit publishes `payment.settled` in its transaction (the mail to the user is a subscriber: payments.module.ts).
 */
export function createSettlement(
  deps: Pick<AppDeps, 'events'>,
  gateway: PaymentGateway,
  wallet: Pick<WalletModule, 'creditTopup'>,
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void },
) {
  const { events } = deps;

  return {
    /** Throws `GatewayError` when the gateway cannot be asked (the caller retries later). */
    async settle(reference: string, claimed?: Claimed): Promise<Settled> {
      const found = await gateway.verify(reference);
      if (claimed && (claimed.amount !== found.amount || claimed.currency !== found.currency)) {
        log.warn(
          { reference, claimed, found: { amount: found.amount, currency: found.currency } },
          'gateway event does not match the gateway',
        );
        return {
          outcome: 'mismatch',
          payment: undefined,
          reason: `the event claims ${claimed.amount} ${claimed.currency}, the gateway says ${found.amount} ${found.currency}`,
        };
      }
      return events.transaction(async (tx): Promise<Settled> => {
        let payment = await repo.lockByReference(tx, gateway.name, reference);
        if (!payment) {
          // A transfer to a dedicated account: the gateway tells us of it; the account says whose wallet it is.
          // None of these is credited, and none is dropped: the event handler keeps it for an operator.
          if (found.status !== 'success')
            return {
              outcome: 'unknown',
              reason: `no payment with reference ${reference} (gateway status ${found.status})`,
            };
          if (!found.customerCode)
            return { outcome: 'unknown', reason: `no payment with reference ${reference} and no customer code` };
          const account = await repo.virtualAccountByCustomer(tx, gateway.name, found.customerCode);
          if (!account)
            return { outcome: 'unknown', reason: `no dedicated account for customer ${found.customerCode}` };
          if (account.currencyCode !== found.currency) {
            return {
              outcome: 'unknown',
              reason: `currency mismatch: ${found.amount} ${found.currency} paid into a ${account.currencyCode} account of customer ${found.customerCode}`,
            };
          }
          await repo.insert(tx, {
            userId: account.userId,
            gateway: gateway.name,
            method: 'bank_transfer',
            reference,
            amount: found.amount,
            currencyCode: found.currency,
          });
          payment = (await repo.lockByReference(tx, gateway.name, reference))!;
        }
        if (payment.status === 'success') return { outcome: 'already-credited', payment };
        if (found.status === 'success') {
          if (found.amount !== payment.amount || found.currency !== payment.currencyCode) {
            log.warn(
              { reference, expected: { amount: payment.amount, currency: payment.currencyCode } },
              'gateway amount differs from the payment; not credited',
            );
            await repo.update(tx, payment.identifier, { status: 'failed' });
            return {
              outcome: 'mismatch',
              payment,
              reason: `the gateway says ${found.amount} ${found.currency}, the payment is ${payment.amount} ${payment.currencyCode}`,
            };
          }
          const posted = await wallet.creditTopup(
            {
              userId: payment.userId,
              amount: payment.amount,
              currencyCode: payment.currencyCode,
              reference: `${gateway.name}:${reference}`,
              // Stored in English (not as a key), as rows written before the catalogue had keys are; the web localises it.
              description: payment.method === 'card' ? en.topupByCard : en.topupByTransfer,
            },
            tx,
          );
          await repo.update(tx, payment.identifier, { status: 'success', ledgerTransactionId: posted.transactionId });
          if (posted.created) {
            await events.publish(tx, 'payment.settled', {
              paymentId: payment.identifier,
              userId: payment.userId,
              amount: payment.amount,
              currencyCode: payment.currencyCode,
              method: payment.method,
            });
          }
          return {
            outcome: posted.created ? 'credited' : 'already-credited',
            payment: { ...payment, status: 'success' },
          };
        }
        if (found.status === 'failed') {
          await repo.update(tx, payment.identifier, { status: 'failed' });
          return { outcome: 'failed', payment: { ...payment, status: 'failed' } };
        }
        // "abandoned" at Paystack also means "not paid yet": the payment stays pending until it is paid or expires.
        return { outcome: 'pending', payment };
      });
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
/** The settlement of a configured gateway by name (a payment's or an event's `gateway`); undefined for one not configured. */
export type SettlementFor = (gateway: string) => Settlement | undefined;
