import { routingNumberIsValid } from '@therapy/contracts/bank-accounts';
import { en } from '@therapy/contracts/messages';
import type { BatchCurrency, DuePayout, PayoutBatch, PayoutItem } from '@therapy/contracts/payouts';
import type { AppDeps } from '../../../deps.ts';
import { requireRole, type Actor } from '../../../platform/auth/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { WalletModule } from '../../wallet/wallet.module.ts';
import {
  epcLatin,
  isSepaIban,
  isValidBic,
  isValidIban,
  nextBusinessDay,
  normalizeIban,
  sepaCreditTransfer,
  ukPaymentsCsv,
} from './bank-files.ts';
import { achCreditFile, achText, nextAchDay } from './ach-file.ts';
import {
  BANK_FILE_GATEWAY,
  payoutBatchesRepository as repo,
  type BatchItemRow,
  type PayoutBatchRow,
} from './payout-batches.repository.ts';
import { payoutsRepository as payoutsRepo } from './payouts.repository.ts';

/**
 * Operator payout batches (decision 0022) for the currencies the gateway does not pay out (GBP, EUR, USD). A batch takes
 * every due provider's available earnings: each item is a payout (gateway `bank-file`) started with its own ledger
 * transaction earnings -> gateway clearing, under the same lock and check as a gateway payout. The operator downloads
 * the bank file (SEPA pain.001 for EUR, CSV for GBP, a NACHA ACH file for USD; decision 0051), pays it at the bank and marks the batch paid (nothing moves: the
 * money stays in clearing, as for a paid gateway transfer); an item the bank returns goes back clearing -> earnings.
 */

export type BankAccountInput =
  | { providerId: string; currency: 'EUR'; accountName: string; iban: string; bic: string }
  | { providerId: string; currency: 'GBP'; accountName: string; sortCode: string; accountNumber: string }
  | {
      providerId: string;
      currency: 'USD';
      accountName: string;
      routingNumber: string;
      accountNumber: string;
      accountType: 'checking' | 'savings';
    };

const toItem = (row: BatchItemRow): PayoutItem => ({
  identifier: row.identifier,
  reference: row.reference,
  providerId: row.providerId,
  accountName: row.accountName,
  amount: row.amount,
  currencyCode: row.currencyCode,
  status: row.status,
});
const toBatch = (batch: PayoutBatchRow, items: BatchItemRow[]): PayoutBatch => ({
  identifier: batch.identifier,
  currencyCode: batch.currencyCode,
  itemCount: batch.itemCount,
  total: batch.total,
  paidAt: batch.paidAt?.toISOString() ?? null,
  createdAt: batch.createdAt.toISOString(),
  items: items.map(toItem),
});

export function createPayoutBatchesService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  { wallet }: { wallet: WalletModule },
) {
  const { db, clock } = deps;

  async function batchOf(id: string): Promise<{ batch: PayoutBatchRow; items: BatchItemRow[] }> {
    const batch = await repo.findBatch(db, id);
    if (!batch) throw AppError.notFound();
    return { batch, items: await repo.items(db, id) };
  }

  return {
    /**
     * A provider's bank account for batch payouts: IBAN (checksum) and BIC (ISO 9362, the IBAN's country) for EUR,
     * sort code and account number for GBP, ABA routing number, account number and type (ACH) for USD. The seam the
     * bank-details form fills.
     */
    async registerBankAccount(input: BankAccountInput): Promise<{ identifier: string }> {
      let accountNumber: string;
      let bankCode: string;
      let accountType: 'checking' | 'savings' | null = null;
      if (input.currency === 'USD') {
        accountNumber = input.accountNumber.trim();
        bankCode = input.routingNumber.trim();
        accountType = input.accountType;
        if (!routingNumberIsValid(bankCode)) throw AppError.rule('bankRoutingNumberInvalid');
        if (!/^\d{4,17}$/.test(accountNumber)) throw AppError.rule('bankAccountNumberUs');
        // The ACH entry carries the name in upper case ASCII: a name with nothing of it left cannot reach the bank.
        if (!achText(input.accountName, 22).trim()) throw AppError.rule('accountNameNotLatin');
      } else if (input.currency === 'EUR') {
        accountNumber = normalizeIban(input.iban);
        bankCode = input.bic.replace(/\s+/g, '').toUpperCase();
        if (!isValidIban(accountNumber)) throw AppError.rule('ibanInvalid');
        if (!isSepaIban(accountNumber)) throw AppError.rule('ibanNotSepa');
        // The file carries the name in the EPC's Latin set: a name with no Latin letters cannot reach the bank.
        if (!epcLatin(input.accountName)) throw AppError.rule('accountNameNotLatin');
        if (bankCode && !isValidBic(bankCode, accountNumber)) throw AppError.rule('bicInvalid');
      } else {
        accountNumber = input.accountNumber.replace(/\s+/g, '');
        bankCode = input.sortCode.replace(/[\s-]+/g, '');
        if (!/^\d{6}$/.test(bankCode) || !/^\d{8}$/.test(accountNumber)) throw AppError.rule('sortCodeInvalid');
      }
      const row = await payoutsRepo.ensureRecipient(db, {
        providerId: input.providerId,
        gateway: BANK_FILE_GATEWAY,
        // The account type is part of the account as ACH pays it: a change of type is a new recipient (the newest pays).
        recipientCode: `${input.currency}:${bankCode}:${accountNumber}:${accountType ? `${accountType}:` : ''}${input.providerId}`,
        currencyCode: input.currency,
        accountName: input.accountName.trim(),
        accountNumber,
        bankCode,
        bankName: null,
        accountType,
      });
      return { identifier: row.identifier };
    },

    async listDue(actor: Actor, currency: string): Promise<DuePayout[]> {
      requireRole(actor, 'operator');
      const due: DuePayout[] = [];
      for (const r of await repo.bankRecipients(db, currency)) {
        const amount = await wallet.earningsOf(r.providerId, currency);
        if (amount > 0)
          due.push({ providerId: r.providerId, accountName: r.accountName, amount, currencyCode: currency });
      }
      return due;
    },

    /** One transaction: the batch and every item's start commit together. Earnings another payout took are skipped. */
    async createBatch(actor: Actor, currency: BatchCurrency): Promise<PayoutBatch> {
      requireRole(actor, 'operator');
      const recipients = await repo.bankRecipients(db, currency);
      const batchId = await db.transaction(async (tx) => {
        const batch = await repo.insertBatch(tx, {
          currencyCode: currency,
          createdBy: actor.userId,
          itemCount: 0,
          total: 0,
        });
        let count = 0;
        let total = 0;
        for (const r of recipients) {
          const amount = await wallet.earningsOf(r.providerId, currency, tx);
          if (amount <= 0) continue;
          // 18 characters, the longest reference a UK bulk payment carries; unique per batch and item.
          const reference = `bf-${batch.identifier.replaceAll('-', '').slice(-10)}-${String(count + 1).padStart(4, '0')}`;
          try {
            const posted = await wallet.startPayout(
              { userId: r.providerId, amount, currencyCode: currency, reference, description: en.ledgerPayoutStarted },
              tx,
            );
            await payoutsRepo.insertPayout(tx, {
              providerId: r.providerId,
              recipientId: r.identifier,
              gateway: BANK_FILE_GATEWAY,
              reference,
              amount,
              currencyCode: currency,
              status: 'started',
              startTransactionId: posted.transactionId,
              batchId: batch.identifier,
            });
          } catch (err) {
            // A concurrent payout took these earnings between the read and the lock: they are not due any more.
            if (err instanceof AppError && err.messageKey === 'insufficientEarnings') continue;
            throw err;
          }
          count += 1;
          total += amount;
        }
        if (count === 0) throw AppError.rule('noPayoutsDue');
        await repo.setTotals(tx, batch.identifier, count, total);
        return batch.identifier;
      });
      const { batch, items } = await batchOf(batchId);
      return toBatch(batch, items);
    },

    /** The bank file: pain.001.001.09 for EUR, CSV for GBP, NACHA ACH for USD, of the items still to be paid or paid. */
    async file(actor: Actor, batchId: string): Promise<{ contentType: string; fileName: string; body: string }> {
      requireRole(actor, 'operator');
      const { batch, items } = await batchOf(batchId);
      const payable = items.filter((i) => i.status === 'started' || i.status === 'paid');
      if (payable.length === 0) throw AppError.rule('noPayoutsDue');
      if (batch.currencyCode === 'EUR') {
        const debtor = deps.config.payoutDebtor;
        if (!debtor) throw AppError.rule('payoutDebtorMissing');
        return {
          contentType: 'application/xml',
          fileName: `payouts-${batch.identifier}.xml`,
          body: sepaCreditTransfer(batch.identifier, batch.createdAt, nextBusinessDay(clock.now()), debtor, payable),
        };
      }
      if (batch.currencyCode === 'USD') {
        const originator = deps.config.payoutAchOriginator;
        if (!originator) throw AppError.rule('payoutAchOriginatorMissing');
        const body = achCreditFile({
          batchId: batch.identifier,
          created: batch.createdAt,
          effective: nextAchDay(clock.now()),
          originator,
          items: payable.map((i) => ({
            reference: i.reference,
            accountName: i.accountName,
            routingNumber: i.bankCode,
            accountNumber: i.accountNumber,
            accountType: i.accountType ?? 'checking',
            amount: i.amount,
          })),
        });
        return { contentType: 'text/plain', fileName: `payouts-${batch.identifier}.ach`, body };
      }
      return { contentType: 'text/csv', fileName: `payouts-${batch.identifier}.csv`, body: ukPaymentsCsv(payable) };
    },

    /** Marks the batch's started items paid; repeating it changes nothing. */
    async markPaid(actor: Actor, batchId: string): Promise<PayoutBatch> {
      requireRole(actor, 'operator');
      await batchOf(batchId);
      await db.transaction((tx) => repo.markPaid(tx, batchId, clock.now()));
      const { batch, items } = await batchOf(batchId);
      return toBatch(batch, items);
    },

    /** The bank returned an item: clearing -> earnings, once; returning it again answers the same. */
    async markReturned(actor: Actor, payoutId: string): Promise<PayoutItem> {
      requireRole(actor, 'operator');
      const batchId = await db.transaction(async (tx) => {
        const item = await repo.lockItem(tx, payoutId);
        if (!item) throw AppError.notFound();
        if (item.status === 'returned') return item.batchId!;
        if (item.status !== 'started' && item.status !== 'paid')
          throw AppError.conflict('CONFLICT', 'payoutNotReturnable');
        const posted = await wallet.returnPayout(
          {
            userId: item.providerId,
            amount: item.amount,
            currencyCode: item.currencyCode,
            reference: item.reference,
            description: en.ledgerPayoutReturned,
          },
          tx,
        );
        await payoutsRepo.move(tx, item.identifier, ['started', 'paid'], {
          status: 'returned',
          failureReason: 'Returned by the bank',
          returnTransactionId: posted.transactionId,
        });
        return item.batchId!;
      });
      const item = (await repo.items(db, batchId)).find((i) => i.identifier === payoutId)!;
      return toItem(item);
    },
  };
}
export type PayoutBatchesService = ReturnType<typeof createPayoutBatchesService>;
