import { en } from '@therapy/contracts/messages';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../platform/errors.ts';
import type { WalletModule } from '../../wallet/wallet.module.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import {
  TransferNotFoundError,
  gatewayPayoutCurrencies,
  payoutReferencePattern,
  type Bank,
  type GatewayTransfer,
  type PayoutGateway,
} from '../gateway/payout-gateway.ts';
import { payoutsRepository as repo, type PayoutRow } from './payouts.repository.ts';

/**
 * The payout port (DESIGN.md §6 "Payouts", decision 0022). Nothing moves before the gateway confirmed what it is asked
 * about: an account is resolved with the bank before its recipient exists; a transfer's outcome is asked for again
 * (`verifyTransfer`) before it is applied. Money moves as ledger transactions:
 * - start: provider earnings -> gateway clearing, in the transaction that checks the earnings under a lock;
 * - success: nothing moves; the amount stays in gateway clearing, where it offsets the money the gateway holds for us
 *   (top-ups credit wallets out of clearing; a paid transfer is money that left the gateway's balance);
 * - failed, or reversed after success: gateway clearing -> provider earnings, once.
 */

export interface RecipientInput {
  providerId: string;
  /** The account holder's name as typed; the bank's resolved name is what is kept. */
  name: string;
  accountNumber: string;
  bankCode: string;
  currency: string;
}

export interface PayoutRecipient {
  identifier: string;
  accountName: string;
  accountNumber: string;
  bankCode: string;
  bankName: string | null;
  currency: string;
}

export interface TransferRequest {
  providerId: string;
  recipientId: string;
  amount: number;
  currency: string;
  /** The caller's reference, the gateway's idempotency key: 16-100 of a-z, 0-9 and `-`. */
  reference: string;
}

export interface Payout {
  identifier: string;
  reference: string;
  status: PayoutRow['status'];
  amount: number;
  currency: string;
  recipientId: string;
  transferCode: string | null;
}

export type TransferOutcome = 'applied' | 'already-applied' | 'pending' | 'unknown' | 'mismatch';

const gatewayUnavailable = () => new AppError(502, 'PAYMENT_GATEWAY_ERROR', 'gatewayUnavailable');
const toPayout = (row: PayoutRow): Payout => ({
  identifier: row.identifier,
  reference: row.reference,
  status: row.status,
  amount: row.amount,
  currency: row.currencyCode,
  recipientId: row.recipientId,
  transferCode: row.transferCode,
});

export function createPayoutsService(
  deps: Pick<AppDeps, 'db'>,
  { gateway, wallet }: { gateway: PayoutGateway; wallet: WalletModule },
) {
  const { db } = deps;

  /** Gives a payout's money back to the earnings and records why (failed: it never left; returned: it came back). */
  async function giveBack(reference: string, status: 'failed' | 'returned', failure: string | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const payout = await repo.lockByReference(tx, reference);
      if (!payout) return false;
      const from = status === 'failed' ? (['started'] as const) : (['started', 'paid'] as const);
      if (!(from as readonly string[]).includes(payout.status)) return false;
      const posted = await wallet.returnPayout(
        {
          userId: payout.providerId,
          amount: payout.amount,
          currencyCode: payout.currencyCode,
          reference: payout.reference,
          description: en.ledgerPayoutReturned,
        },
        tx,
      );
      await repo.move(tx, payout.identifier, from, {
        status,
        failureReason: failure,
        returnTransactionId: posted.transactionId,
      });
      return true;
    });
  }

  /** Applies what the gateway says about a transfer (never what an event claims). */
  async function apply(payout: PayoutRow, found: GatewayTransfer): Promise<TransferOutcome> {
    if (payout.gateway !== gateway.name) return 'unknown';
    if (found.amount !== payout.amount || found.currency !== payout.currencyCode) return 'mismatch';
    switch (found.status) {
      case 'pending':
        if (!payout.transferCode) await repo.setTransferCode(db, payout.identifier, found.transferCode);
        return 'pending';
      case 'success':
        return (await repo.move(db, payout.identifier, ['started'], {
          status: 'paid',
          transferCode: found.transferCode,
        }))
          ? 'applied'
          : 'already-applied';
      case 'failed':
        return (await giveBack(payout.reference, 'failed', found.failure)) ? 'applied' : 'already-applied';
      case 'reversed':
        return (await giveBack(payout.reference, 'returned', found.failure)) ? 'applied' : 'already-applied';
    }
  }

  /** Asks the gateway to make the transfer (again: the reference makes a repeat the same transfer). */
  async function send(payout: PayoutRow, recipientCode: string): Promise<PayoutRow> {
    let sent: GatewayTransfer;
    try {
      sent = await gateway.transfer({
        recipientCode,
        amount: payout.amount,
        currency: payout.currencyCode,
        reference: payout.reference,
        reason: en.ledgerPayoutStarted,
      });
    } catch (err) {
      // Unreachable: the transfer may exist or not; it stays started, and the webhook or `reconcile` settles it.
      if (err instanceof GatewayError && err.retryable) return payout;
      // A refusal: the money never left. Back to the earnings, and the caller hears it.
      await giveBack(payout.reference, 'failed', err instanceof Error ? err.message.slice(0, 300) : 'refused');
      throw new AppError(502, 'PAYMENT_GATEWAY_ERROR', 'payoutRefused');
    }
    await apply(payout, sent);
    return (await repo.findByReference(db, payout.reference))!;
  }

  return {
    /** The banks a provider can be paid into in a currency (`GET /bank?currency=`), for the bank-details form. */
    async banks(currency: string): Promise<Bank[]> {
      if (!gatewayPayoutCurrencies.includes(currency)) throw AppError.rule('payoutCurrencyUnsupported', { currency });
      try {
        return await gateway.listBanks(currency);
      } catch {
        throw gatewayUnavailable();
      }
    },

    /**
     * The holder name the bank has for an account (`GET /bank/resolve`), for a form that checks the typed name before
     * it saves anything. Nothing is stored. 400 `bankAccountNotResolved` when the bank does not know the account.
     */
    async resolveAccount(input: {
      accountNumber: string;
      bankCode: string;
      currency: string;
    }): Promise<{ accountNumber: string; accountName: string }> {
      if (!gatewayPayoutCurrencies.includes(input.currency))
        throw AppError.rule('payoutCurrencyUnsupported', { currency: input.currency });
      try {
        return await gateway.resolveAccount(input.accountNumber, input.bankCode);
      } catch (err) {
        if (err instanceof GatewayError && !err.retryable) throw AppError.rule('bankAccountNotResolved');
        throw gatewayUnavailable();
      }
    },

    /**
     * Verifies the account with the bank (`GET /bank/resolve`) and makes the gateway's recipient. A 400
     * `bankAccountNotResolved` when the bank does not know the account; nothing is stored then.
     */
    async createRecipient(input: RecipientInput): Promise<PayoutRecipient> {
      if (!gatewayPayoutCurrencies.includes(input.currency))
        throw AppError.rule('payoutCurrencyUnsupported', { currency: input.currency });
      let resolved;
      let recipient;
      try {
        resolved = await gateway.resolveAccount(input.accountNumber, input.bankCode);
      } catch (err) {
        if (err instanceof GatewayError && !err.retryable) throw AppError.rule('bankAccountNotResolved');
        throw gatewayUnavailable();
      }
      try {
        recipient = await gateway.createRecipient({
          name: resolved.accountName,
          accountNumber: resolved.accountNumber,
          bankCode: input.bankCode,
          currency: input.currency,
        });
      } catch (err) {
        if (err instanceof GatewayError && !err.retryable) throw AppError.rule('bankAccountNotResolved');
        throw gatewayUnavailable();
      }
      const row = await repo.ensureRecipient(db, {
        providerId: input.providerId,
        gateway: gateway.name,
        recipientCode: recipient.recipientCode,
        currencyCode: input.currency,
        accountName: resolved.accountName,
        accountNumber: resolved.accountNumber,
        bankCode: input.bankCode,
        bankName: recipient.bankName,
      });
      // The same bank account registered by someone else is not theirs to be paid into.
      if (row.providerId !== input.providerId) throw AppError.rule('bankAccountTaken');
      return {
        identifier: row.identifier,
        accountName: row.accountName,
        accountNumber: row.accountNumber,
        bankCode: row.bankCode,
        bankName: row.bankName,
        currency: row.currencyCode,
      };
    },

    /**
     * Pays a provider's earnings to their recipient. The earnings are checked and moved to clearing in one transaction
     * under a lock (409 `insufficientEarnings`, nothing moves); then the gateway is asked. The same reference with the
     * same request answers the same payout; with another request it is a 409.
     */
    async transfer(req: TransferRequest): Promise<Payout> {
      if (!payoutReferencePattern.test(req.reference)) throw AppError.rule('payoutReferenceInvalid');
      if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw AppError.rule('amountPositive');
      const recipient = await repo.findRecipient(db, req.recipientId);
      if (!recipient || recipient.providerId !== req.providerId || recipient.gateway !== gateway.name)
        throw AppError.notFound();
      if (recipient.currencyCode !== req.currency) throw AppError.rule('payoutRecipientMismatch');

      const same = (p: PayoutRow) =>
        p.providerId === req.providerId &&
        p.recipientId === req.recipientId &&
        p.amount === req.amount &&
        p.currencyCode === req.currency;
      const again = async (p: PayoutRow) => {
        if (!same(p)) throw AppError.conflict('CONFLICT', 'payoutReferenceTaken');
        return toPayout(p.status === 'started' && !p.transferCode ? await send(p, recipient.recipientCode) : p);
      };
      const before = await repo.findByReference(db, req.reference);
      if (before) return again(before);

      const started = await db.transaction(async (tx) => {
        const posted = await wallet.startPayout(
          {
            userId: req.providerId,
            amount: req.amount,
            currencyCode: req.currency,
            reference: req.reference,
            description: en.ledgerPayoutStarted,
          },
          tx,
        );
        if (!posted.created) return undefined;
        return repo.insertPayout(tx, {
          providerId: req.providerId,
          recipientId: recipient.identifier,
          gateway: gateway.name,
          reference: req.reference,
          amount: req.amount,
          currencyCode: req.currency,
          status: 'started',
          startTransactionId: posted.transactionId,
        });
      });
      // Another request with this reference got there first (its ledger posting committed before ours looked).
      if (!started) return again((await repo.findByReference(db, req.reference))!);
      return toPayout(await send(started, recipient.recipientCode));
    },

    /**
     * A transfer event (or a sweep) for our reference: the gateway is asked about it, and its answer applied once.
     * `pending`: the gateway has not decided yet (ask again later).
     */
    async settle(reference: string): Promise<TransferOutcome> {
      const payout = await repo.findByReference(db, reference);
      // Not ours, or an operator batch item (its outcome is the operator's to record, never a gateway event's).
      if (!payout || payout.gateway !== gateway.name) return 'unknown';
      return apply(payout, await gateway.verifyTransfer(reference));
    },

    /**
     * The sweep behind lost webhooks and unreachable gateways: each payout still started before `before` is asked
     * about again and its answer applied; one the gateway never received (not found) is sent again with its reference.
     * A gateway that cannot be reached leaves it for the next run. Returns how many moved on.
     */
    async reconcile(before: Date, batch = 100): Promise<number> {
      let moved = 0;
      for (const payout of await repo.listStarted(db, gateway.name, before, batch)) {
        try {
          if ((await apply(payout, await gateway.verifyTransfer(payout.reference))) === 'applied') moved += 1;
        } catch (err) {
          // Only a transfer the gateway says it never got is sent again (its reference keeps it one transfer).
          if (!(err instanceof TransferNotFoundError) || payout.transferCode) continue;
          const recipient = await repo.findRecipient(db, payout.recipientId);
          if (!recipient) continue;
          try {
            if ((await send(payout, recipient.recipientCode)).status !== 'started') moved += 1;
          } catch (refused) {
            if (!(refused instanceof AppError)) throw refused;
            moved += 1;
          }
        }
      }
      return moved;
    },

    async find(reference: string): Promise<Payout | undefined> {
      const row = await repo.findByReference(db, reference);
      return row ? toPayout(row) : undefined;
    },
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
