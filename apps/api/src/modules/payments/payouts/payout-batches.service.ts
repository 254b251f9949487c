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
import { batchCurrencies, PAYOUT_BATCH_PAGE_SIZE } from '@therapy/contracts/payouts';
import type { PayoutBatchHistory, PayoutHistoryItem, PayoutOverviewEntry } from '@therapy/contracts/payouts';
import { gatewayPayoutCurrencies } from '../gateway/payout-gateway.ts';
import { payoutHistoryRepository as historyRepo, type HistoryItemRow } from './payout-history.repository.ts';
import { MINIMUM_PAYOUT_MINOR } from './weekly-payout.ts';

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
        // Dated by the app's clock (as the items, and the day they are marked paid), not the database's.
        const batch = await repo.insertBatch(tx, {
          createdAt: clock.now(),
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
              createdAt: batch.createdAt,
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

    /**
     * The operator's payouts page (issue 46): per currency, how its earnings leave and what is waiting. Every batch
     * currency (a new entry of `batchCurrencies` appears by itself) counts what a batch would take now; every gateway
     * currency what the weekly run would send (its minimum applies). Providers with earnings but no bank account for
     * the currency are counted apart: neither route can pay them yet.
     */
    async overview(actor: Actor): Promise<PayoutOverviewEntry[]> {
      requireRole(actor, 'operator');
      const entries: PayoutOverviewEntry[] = [];
      const positive = await wallet.earningsToPayOut(batchCurrencies, 1);
      for (const currency of batchCurrencies) {
        const banked = new Set((await repo.bankRecipients(db, currency)).map((r) => r.providerId));
        const earning = positive.filter((e) => e.currencyCode === currency);
        const due = earning.filter((e) => banked.has(e.userId));
        entries.push({
          currencyCode: currency,
          route: 'bank-file',
          providers: due.length,
          total: due.reduce((sum, e) => sum + e.balance, 0),
          withoutBankDetails: earning.length - due.length,
        });
      }
      const gatewayDue = await wallet.earningsToPayOut(gatewayPayoutCurrencies, MINIMUM_PAYOUT_MINOR);
      for (const currency of gatewayPayoutCurrencies) {
        const earning = gatewayDue.filter((e) => e.currencyCode === currency);
        const due: typeof earning = [];
        // The weekly run's own test: the provider's bank details take payouts in this currency.
        for (const e of earning)
          if ((await payoutsRepo.destinationOf(db, e.userId))?.currencyCode === currency) due.push(e);
        entries.push({
          currencyCode: currency,
          route: 'gateway',
          providers: due.length,
          total: due.reduce((sum, e) => sum + e.balance, 0),
          withoutBankDetails: earning.length - due.length,
        });
      }
      return entries;
    },

    /** The batches made so far, newest first, 20 a page, each with its items and their providers' names. */
    async history(actor: Actor, page: number): Promise<PayoutBatchHistory> {
      requireRole(actor, 'operator');
      const pageSize = PAYOUT_BATCH_PAGE_SIZE;
      const { rows, total } = await historyRepo.batchPage(db, pageSize, (page - 1) * pageSize);
      const items = await historyRepo.itemsOf(
        db,
        rows.map((r) => r.identifier),
      );
      return {
        items: rows.map((batch) => ({
          ...toBatch(batch, []),
          items: items.filter((i) => i.batchId === batch.identifier).map(toHistoryItem),
        })),
        total,
        page,
        pageSize,
      };
    },
  };
}
export type PayoutBatchesService = ReturnType<typeof createPayoutBatchesService>;

const toHistoryItem = (row: HistoryItemRow): PayoutHistoryItem => ({
  identifier: row.identifier,
  reference: row.reference,
  providerId: row.providerId,
  accountName: row.accountName,
  amount: row.amount,
  currencyCode: row.currencyCode,
  status: row.status,
  providerName: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
});
