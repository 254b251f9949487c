import transliterate from '@sindresorhus/transliterate';
import { stringify } from 'csv-stringify/sync';
import { isSEPACountry } from 'ibantools';
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
/** A SEPA credit transfer reaches only accounts in the SEPA scheme's countries (ibantools keeps the EPC's list). */
export const isSepaIban = (iban: string) => isSEPACountry(iban.slice(0, 2));

/**
 * A name in the EPC's Latin character set for SEPA (EPC217-08: a-z A-Z 0-9 / - ? : ( ) . , ' + and space): letters
 * outside it are transliterated (Ł -> L, Ż -> Z, ø -> o, ß -> ss), typographic quotes become ', & becomes +, anything
 * else a space; at most `max` characters. A bank refuses a file with any other character, or garbles it.
 */
export function epcLatin(text: string, max = 70): string {
  const latin = transliterate(
    text
      .replace(/[’‘`´]/g, "'")
      .replace(/[“”"]/g, "'")
      .replace(/&/g, '+')
      .replace(/€/g, 'EUR'),
  );
  return latin
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** TARGET2's closing days (ECB): weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. */
function isTargetHoliday(day: Date): boolean {
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  const md = `${day.getUTCMonth() + 1}-${day.getUTCDate()}`;
  if (['1-1', '5-1', '12-25', '12-26'].includes(md)) return true;
  const easter = easterSunday(day.getUTCFullYear());
  const offset = Math.round((day.getTime() - easter.getTime()) / 86_400_000);
  return offset === -2 || offset === 1;
}
/** Easter Sunday (Gregorian; the anonymous algorithm of Meeus/Jones/Butcher) at 00:00 UTC. */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, dayOfMonth));
}
/**
 * The execution date a file downloaded at `now` asks for: the next TARGET2 business day after today (UTC). A file
 * is downloaded, checked and uploaded to the bank later than it is made; a date in the past is refused.
 */
export function nextBusinessDay(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  do day.setUTCDate(day.getUTCDate() + 1);
  while (isTargetHoliday(day));
  return day;
}
/** ISO 9362: 4 letters (bank), 2 letters (country, the IBAN's), 2 letters or digits (location), optional 3 (branch). */
export const isValidBic = (bic: string, iban: string) =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && bic.slice(4, 6) === iban.slice(0, 2);

const major = (minor: number) => (minor / 100).toFixed(2);

/** How many items one file carries at most: the instruction ids below stay within the schema's 35 characters. */
export const SEPA_MAX_ITEMS = 99_999;

/**
 * The pain.001.001.09 of a batch. The library prefixes the payment block's id with the message id and each
 * instruction's with the block's (`<MsgId>.0`, `<MsgId>.0.<n>`), so the message id is 26 characters ("PO" and 24 of
 * the batch id's hex): the instruction ids stay within 35 for up to 99,999 items. `execution` is the requested
 * execution date (see nextBusinessDay).
 */
export function sepaCreditTransfer(
  batchId: string,
  created: Date,
  execution: Date,
  debtor: Debtor,
  items: readonly BankFileItem[],
): string {
  if (items.length > SEPA_MAX_ITEMS) throw new Error(`a SEPA file carries at most ${SEPA_MAX_ITEMS} items`);
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = `PO${batchId.replaceAll('-', '').slice(0, 24).toUpperCase()}`;
  doc.grpHdr.created = created;
  doc.grpHdr.initiatorName = epcLatin(debtor.name);
  const info = doc.createPaymentInfo();
  // The library writes the date in the process's zone: hand it the UTC day's local midnight.
  info.requestedExecutionDate = new Date(execution.getUTCFullYear(), execution.getUTCMonth(), execution.getUTCDate());
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  info.debtorName = epcLatin(debtor.name);
  doc.addPaymentInfo(info);
  for (const item of items) {
    const tx = info.createTransaction();
    tx.creditorName = epcLatin(item.accountName) || 'Payee';
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
