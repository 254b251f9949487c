import { stringify } from 'csv-stringify/sync';
import SEPA from 'sepa';

/**
 * The bank files of an operator payout batch (decision 0022). EUR: an ISO 20022 SEPA credit transfer initiation
 * (pain.001.001.09) built with the `sepa` library, which validates IBANs, BIC/IBAN country and the SEPA character
 * set as it serialises; the result is checked again here (transaction count and control sum in the group header and
 * the payment block agree with the items). GBP: a CSV for the bank's bulk-payment upload.
 */

export interface BankFileItem {
  reference: string;
  accountName: string;
  /** EUR: the IBAN; GBP: the 8-digit account number. */
  accountNumber: string;
  /** EUR: the BIC (may be empty); GBP: the 6-digit sort code. */
  bankCode: string;
  amount: number;
}

export interface Debtor {
  name: string;
  iban: string;
  bic: string;
}

/** An IBAN as printed (spaces, lower case) in its electronic form. */
export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();
export const isValidIban = (iban: string) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) && SEPA.validateIBAN(iban);
/** ISO 9362: 4 letters (bank), 2 letters (country, the IBAN's), 2 letters or digits (location), optional 3 (branch). */
export const isValidBic = (bic: string, iban: string) =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && bic.slice(4, 6) === iban.slice(0, 2);

const major = (minor: number) => (minor / 100).toFixed(2);

export function sepaCreditTransfer(
  batchId: string,
  created: Date,
  debtor: Debtor,
  items: readonly BankFileItem[],
): string {
  const doc = new SEPA.Document('pain.001.001.09');
  // MsgId and PmtInfId: at most 35 characters.
  const messageId = `PAYOUT-${batchId.replaceAll('-', '').slice(0, 28)}`;
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = created;
  doc.grpHdr.initiatorName = debtor.name;
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = created;
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  info.debtorName = debtor.name;
  doc.addPaymentInfo(info);
  for (const item of items) {
    const tx = info.createTransaction();
    tx.creditorName = item.accountName.slice(0, 70);
    tx.creditorIBAN = item.accountNumber;
    tx.creditorBIC = item.bankCode;
    tx.amount = Number(major(item.amount));
    tx.currency = 'EUR';
    tx.remittanceInfo = 'Therapy platform payout';
    tx.end2endId = item.reference.slice(0, 35);
    info.addTransaction(tx);
  }
  const xml = doc.toString();
  checkPain001(xml, items);
  return xml;
}

/** What we can check of a pain.001 without its schema: the counts and sums the bank reconciles against. */
export function checkPain001(xml: string, items: readonly BankFileItem[]): void {
  const total = major(items.reduce((s, i) => s + i.amount, 0));
  const all = (tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((x) => x[1]);
  const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/g)].map((x) =>
    Math.round(Number(x[1]) * 100),
  );
  const ok =
    xml.startsWith('<?xml') &&
    xml.includes('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"') &&
    all('NbOfTxs').every((n) => n === String(items.length)) &&
    all('CtrlSum').every((sum) => sum === total) &&
    amounts.length === items.length &&
    amounts.reduce((s, a) => s + a, 0) === items.reduce((s, i) => s + i.amount, 0) &&
    (xml.match(/<CdtTrfTxInf>/g) ?? []).length === items.length;
  if (!ok) throw new Error('the SEPA file does not add up to its items');
}

export function ukPaymentsCsv(items: readonly BankFileItem[]): string {
  return stringify(
    items.map((i) => [i.accountName, i.bankCode, i.accountNumber, major(i.amount), 'GBP', i.reference.slice(0, 18)]),
    { header: true, columns: ['beneficiary_name', 'sort_code', 'account_number', 'amount', 'currency', 'reference'] },
  );
}
