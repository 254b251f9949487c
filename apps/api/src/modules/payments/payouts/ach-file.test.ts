import { describe, expect, it } from 'vitest';
import { routingNumberIsValid } from '@therapy/contracts/bank-accounts';
import { readAchFile, type AchFile } from '../../../../test/ach-reader.ts';
import { ACH_MAX_ENTRY_AMOUNT, achCreditFile, nextAchDay, type AchItem, type AchOriginator } from './ach-file.ts';

/**
 * The USD payout file (decision 0051), read back with an independent NACHA reader (`@ach/ach`, test/ach-reader.ts):
 * what it reads must be the items, and the controls must add up as NACHA defines them.
 */
const originator: AchOriginator = {
  bankRouting: '123456780',
  bankName: 'Platform Bank',
  companyId: '1000000000',
  companyName: 'Therapy Platform',
};
const batchId = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const created = new Date('2026-03-05T14:07:00Z');
const effective = new Date('2026-03-06T00:00:00Z');
// Real routing numbers (JPMorgan Chase NY and CA, Bank of America CA, the Boston Fed).
const routings = ['021000021', '322271627', '121000358', '011000015'];
const item = (n: number, change: Partial<AchItem> = {}): AchItem => ({
  reference: `bf-${'a1b2c3d4e5'}-${String(n).padStart(4, '0')}`,
  accountName: `Provider ${n}`,
  routingNumber: routings[n % routings.length]!,
  accountNumber: String(10_000_000 + n),
  accountType: n % 2 === 0 ? 'checking' : 'savings',
  amount: 100 * n + 1,
  ...change,
});
const make = (items: AchItem[]) => achCreditFile({ batchId, created, effective, originator, items });

/** NACHA's structure, checked on the text and on what the reader made of it. */
async function readAndCheck(text: string, items: AchItem[]): Promise<AchFile> {
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  for (const line of lines) expect(line).toMatch(/^[\x20-\x7e]{94}$/);
  expect(lines.length % 10).toBe(0);
  const records = 2 + items.length + 2;
  expect(lines.slice(records).every((l) => l === '9'.repeat(94))).toBe(true);
  expect(lines.length).toBe(Math.ceil(records / 10) * 10);

  const ach = await readAchFile(text);
  expect(ach.file).toMatchObject({
    priority: 1,
    destination: ' 123456780',
    origin: '1000000000',
    creationDate: '260305',
    creationTime: '1407',
    idModifier: '3',
    recordSize: '094',
    blockingFactor: '10',
    formatCode: '1',
    destinationName: 'PLATFORM BANK',
    originName: 'THERAPY PLATFORM',
    referenceCode: '3F2A9C1E',
  });
  expect(ach.batches).toHaveLength(1);
  const [batch] = ach.batches;
  expect(batch).toMatchObject({
    serviceClassCode: 220,
    companyName: 'THERAPY PLATFORM',
    companyId: '1000000000',
    entryClassCode: 'PPD',
    description: 'PAYOUT',
    effectiveDate: '260306',
    originatorStatusCode: '1',
    originatingDFIIdentification: '12345678',
    num: 1,
  });
  const entries = batch!.entries;
  expect(entries).toHaveLength(items.length);
  for (const [i, entry] of entries.entries()) {
    const want = items[i]!;
    expect(entry.transactionCode).toBe(want.accountType === 'savings' ? '32' : '22');
    const routing = `${String(entry.receivingDFIIdentification).padStart(8, '0')}${entry.checkDigit}`;
    expect(routing).toBe(want.routingNumber);
    expect(routingNumberIsValid(routing)).toBe(true);
    expect(entry.dfiAccount).toBe(want.accountNumber);
    expect(entry.amount).toBe(want.amount);
    expect(entry.identificationNumber).toBe(want.reference.slice(-15).toUpperCase());
    expect(entry.receivingCompanyName ?? '').toMatch(/^[A-Z0-9 .,'&/-]{1,22}$/);
    expect(entry.addendaIndicator).toBe('0');
    expect(entry.traceNumber).toBe(12345678 * 10_000_000 + i + 1);
  }
  const hash = entries.reduce((s, e) => s + e.receivingDFIIdentification, 0) % 10_000_000_000;
  const total = items.reduce((s, i) => s + i.amount, 0);
  expect(batch!.footer).toMatchObject({
    serviceClassCode: 220,
    entryAndAddendaCount: items.length,
    entryHash: hash,
    totalDebit: 0,
    totalCredit: total,
    companyId: '1000000000',
    originatingDFIIdentification: '12345678',
    num: 1,
  });
  expect(ach.file.footer).toMatchObject({
    batchCount: 1,
    blockCount: lines.length / 10,
    entryAndAddendaCount: items.length,
    entryHash: hash,
    totalDebit: 0,
    totalCredit: total,
  });
  return ach;
}

describe('the NACHA ACH file of a USD batch', () => {
  it('carries the smallest and the largest amount, checking as 22 and savings as 32, in one block', async () => {
    const items = [
      item(1, { amount: 1, accountType: 'checking' }),
      item(2, { amount: 99_999_999, accountType: 'savings' }),
    ];
    const text = make(items);
    const ach = await readAndCheck(text, items);
    expect(ach.batches[0]!.entries.map((e) => [e.transactionCode, e.amount])).toEqual([
      ['22', 1],
      ['32', 99_999_999],
    ]);
    expect(ach.file.footer.totalCredit).toBe(100_000_000);
    expect(text.split('\n')[2]!.slice(29, 39)).toBe('0000000001');
    expect(text.split('\n')[3]!.slice(29, 39)).toBe('0099999999');
  });

  it('an entry of 10 digits of cents fits; one cent more, nothing or a negative amount is refused', () => {
    expect(() => make([item(1, { amount: ACH_MAX_ENTRY_AMOUNT })])).not.toThrow();
    for (const amount of [ACH_MAX_ENTRY_AMOUNT + 1, 0, -5, 1.5])
      expect(() => make([item(1, { amount })])).toThrow(/amount/);
  });

  it('six entries fill exactly one block of ten records (no nines); seven spill into a second', async () => {
    const six = Array.from({ length: 6 }, (_, i) => item(i + 1));
    expect(make(six).split('\n').filter(Boolean)).toHaveLength(10);
    await readAndCheck(make(six), six);
    const seven = Array.from({ length: 7 }, (_, i) => item(i + 1));
    const lines = make(seven).split('\n').filter(Boolean);
    expect(lines).toHaveLength(20);
    expect(lines.filter((l) => l === '9'.repeat(94))).toHaveLength(9);
    await readAndCheck(make(seven), seven);
  });

  it('many items: 450 entries over 46 blocks, the entry hash keeps its last 10 digits, traces run 1..450', async () => {
    const items = Array.from({ length: 450 }, (_, i) => item(i + 1, { routingNumber: '322271627' }));
    const text = make(items);
    const ach = await readAndCheck(text, items);
    expect(450 * 32_227_162).toBeGreaterThan(9_999_999_999);
    expect(ach.file.footer.entryHash).toBe((450 * 32_227_162) % 10_000_000_000);
    expect(ach.file.footer.blockCount).toBe(46);
    expect(new Set(ach.batches[0]!.entries.map((e) => e.traceNumber)).size).toBe(450);
  });

  it('hostile names: upper case ASCII, cut to 22, never a line break or another record', async () => {
    const names = [
      "Robert'); DROP TABLE payouts;--",
      'Zoë Ångström-Łukasiewicz',
      'Müller Straße',
      '李小龍',
      'Line\nbreak\r\n622000000000',
      'Tab\there 😀 “quoted” <b>bold</b>',
      'A'.repeat(200),
      '   ',
    ];
    const items = names.map((accountName, i) => item(i + 1, { accountName }));
    const text = make(items);
    const ach = await readAndCheck(text, items);
    expect(ach.batches[0]!.entries.map((e) => e.receivingCompanyName)).toEqual([
      "ROBERT' DROP TABLE PAY",
      'ZOE ANGSTROEM-LUKASIEW',
      'MUELLER STRASSE',
      'PAYEE',
      'LINE BREAK 62200000000',
      'TAB HERE QUOTED B BOLD',
      'A'.repeat(22),
      'PAYEE',
    ]);
    expect(text.split('\n').filter((l) => l.startsWith('6'))).toHaveLength(names.length);
  });

  it('refuses a routing number with a wrong check digit or an account number outside 4-17 digits', () => {
    expect(() => make([item(1, { routingNumber: '021000022' })])).toThrow(/routing/);
    expect(() => make([item(1, { accountNumber: '123' })])).toThrow(/account/);
    expect(() => make([item(1, { accountNumber: '1'.repeat(18) })])).toThrow(/account/);
    expect(() => make([])).toThrow();
  });

  it('asks for the next weekday', () => {
    expect(nextAchDay(new Date('2026-03-05T23:59:00Z')).toISOString()).toBe('2026-03-06T00:00:00.000Z');
    expect(nextAchDay(new Date('2026-03-06T10:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(nextAchDay(new Date('2026-03-07T10:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });
});
