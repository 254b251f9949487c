import transliterate from '@sindresorhus/transliterate';
import { routingNumberIsValid } from '@therapy/contracts/bank-accounts';

/**
 * The USD bank file of an operator payout batch (decision 0051): a NACHA ACH file of PPD credits (consumer accounts),
 * one batch (service class 220, credits only), one entry per item (transaction code 22 checking / 32 savings), no
 * addenda. Every record is 94 characters; the file is blocked in tens, the last block filled with records of nines.
 * The batch and file control carry the entry count, the entry hash (the sum of the receiving banks' 8-digit
 * identifications, its last 10 digits) and the credit total the bank reconciles against.
 */

export interface AchOriginator {
  /** The ODFI's 9-digit routing number: the platform's bank, which takes the file. */
  bankRouting: string;
  bankName: string;
  /** The company identification the ODFI assigned (10 characters). */
  companyId: string;
  companyName: string;
}

export interface AchItem {
  reference: string;
  accountName: string;
  /** The 9-digit ABA routing number of the receiving bank. */
  routingNumber: string;
  /** The receiver's account number, 4 to 17 digits. */
  accountNumber: string;
  accountType: 'checking' | 'savings';
  /** Cents. */
  amount: number;
}

/** The largest amount one entry carries (its field is 10 digits of cents). */
export const ACH_MAX_ENTRY_AMOUNT = 99_999_999_99;
/** The most entries a file carries here: the 7-digit trace sequence and the 6-digit entry count of the batch. */
export const ACH_MAX_ITEMS = 999_999;

const RECORD = 94;

/**
 * A field of NACHA's alphanumeric kind: upper case ASCII letters, digits, space and the few punctuation marks banks
 * accept everywhere; letters outside ASCII are transliterated (Müller -> MUELLER, Ł -> L), everything else becomes a
 * space. Left justified, space filled, cut to `length`: a name can never spill into the next field or record.
 */
export function achText(text: string, length: number): string {
  const ascii = transliterate(text.normalize('NFC'))
    .toUpperCase()
    .replace(/[^A-Z0-9 .,'&/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, length).padEnd(length, ' ');
}
/** A numeric field: right justified, zero filled; refuses what does not fit. */
function num(value: number | string, length: number): string {
  const digits = String(value);
  if (!/^\d+$/.test(digits) || digits.length > length) throw new Error(`an ACH field of ${length} digits: ${digits}`);
  return digits.padStart(length, '0');
}

const yymmdd = (d: Date) =>
  `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}${String(d.getUTCMinutes()).padStart(2, '0')}`;

/**
 * The effective entry date a file made at `now` asks for: the next weekday after today (UTC). An entry whose date is a
 * Federal Reserve holiday settles on the next banking day (NACHA's rule), so holidays need no table here.
 */
export function nextAchDay(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day;
}

function record(parts: string[]): string {
  const line = parts.join('');
  if (line.length !== RECORD) throw new Error(`an ACH record is ${RECORD} characters, not ${line.length}`);
  return line;
}

/**
 * The ACH file of a batch. `created` is the batch's creation time (the file header's date and time: downloading the
 * same batch again gives the same header, so the bank's duplicate check sees one file); the file id modifier and the
 * header's reference code come from the batch id.
 */
export function achCreditFile(input: {
  batchId: string;
  created: Date;
  effective: Date;
  originator: AchOriginator;
  items: readonly AchItem[];
}): string {
  const { batchId, created, effective, originator, items } = input;
  if (items.length === 0 || items.length > ACH_MAX_ITEMS)
    throw new Error(`an ACH file carries 1 to ${ACH_MAX_ITEMS} entries`);
  if (!routingNumberIsValid(originator.bankRouting)) throw new Error('the ODFI routing number is not valid');
  const odfi = originator.bankRouting.slice(0, 8);
  const hex = batchId.replaceAll('-', '').toUpperCase();
  const companyId = achText(originator.companyId, 10);
  const batchNumber = num(1, 7);

  const lines: string[] = [];
  lines.push(
    record([
      '1',
      '01',
      ` ${originator.bankRouting}`,
      companyId,
      yymmdd(created),
      hhmm(created),
      hex[0]!,
      '094',
      '10',
      '1',
      achText(originator.bankName, 23),
      achText(originator.companyName, 23),
      achText(hex.slice(0, 8), 8),
    ]),
  );
  lines.push(
    record([
      '5',
      '220',
      achText(originator.companyName, 16),
      ''.padEnd(20, ' '),
      companyId,
      'PPD',
      achText('PAYOUT', 10),
      yymmdd(created),
      yymmdd(effective),
      '   ',
      '1',
      odfi,
      batchNumber,
    ]),
  );

  let hash = 0;
  let total = 0;
  for (const [i, item] of items.entries()) {
    if (!routingNumberIsValid(item.routingNumber)) throw new Error(`entry ${i + 1}: the routing number is not valid`);
    if (!/^\d{4,17}$/.test(item.accountNumber))
      throw new Error(`entry ${i + 1}: the account number is not 4-17 digits`);
    if (!Number.isInteger(item.amount) || item.amount < 1 || item.amount > ACH_MAX_ENTRY_AMOUNT)
      throw new Error(`entry ${i + 1}: the amount is not 1 to ${ACH_MAX_ENTRY_AMOUNT} cents`);
    const name = achText(item.accountName, 22);
    hash += Number(item.routingNumber.slice(0, 8));
    total += item.amount;
    lines.push(
      record([
        '6',
        item.accountType === 'savings' ? '32' : '22',
        item.routingNumber.slice(0, 8),
        item.routingNumber[8]!,
        item.accountNumber.padEnd(17, ' '),
        num(item.amount, 10),
        // The individual identification number: the payout's reference (its last 15 characters, unique per batch).
        achText(item.reference.slice(-15), 15),
        // A name with nothing ASCII left (all CJK, say) still names someone to the bank's staff: the payee.
        name.trim() ? name : achText('PAYEE', 22),
        '  ',
        '0',
        odfi,
        num(i + 1, 7),
      ]),
    );
  }
  const entryHash = num(hash % 10_000_000_000, 10);
  const count = items.length;
  lines.push(
    record([
      '8',
      '220',
      num(count, 6),
      entryHash,
      num(0, 12),
      num(total, 12),
      companyId,
      ''.padEnd(19, ' '),
      ''.padEnd(6, ' '),
      odfi,
      batchNumber,
    ]),
  );
  const blocks = Math.ceil((lines.length + 1) / 10);
  lines.push(
    record(['9', num(1, 6), num(blocks, 6), num(count, 8), entryHash, num(0, 12), num(total, 12), ''.padEnd(39, ' ')]),
  );
  while (lines.length % 10 !== 0) lines.push('9'.repeat(RECORD));
  return `${lines.join('\n')}\n`;
}
