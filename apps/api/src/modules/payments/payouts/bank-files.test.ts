import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { expectValidPain001 } from '../../../../test/epc-schemas.ts';
import {
  epcLatin,
  isSepaIban,
  nextBusinessDay,
  sepaCreditTransfer,
  ukPaymentsCsv,
  type BankFileItem,
} from './bank-files.ts';

/**
 * Issue 46: every EUR payout file must pass the European Payments Council's own pain.001.001.09 schemas (EPC132-08,
 * the 2023 and the 2025 versions, vendored in test/published/epc), checked by libxml2 (xmllint, compiled to wasm).
 */
const debtor = { name: 'Therapy Platform GmbH & Co. KG', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const batchId = '0190a6c4-7e1f-7a2b-8c3d-4e5f60718293';
const created = new Date('2026-12-02T10:15:00Z');
const item = (n: number, overrides: Partial<BankFileItem> = {}): BankFileItem => ({
  reference: `bf-0a1b2c3d4e-${String(n).padStart(4, '0')}`,
  accountName: `Lena Hoffmann ${n}`,
  accountNumber: 'DE02120300000000202051',
  bankCode: 'BYLADEM1001',
  amount: 8000,
  ...overrides,
});
const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

describe('the SEPA payout file (pain.001.001.09)', () => {
  it('passes both EPC schemas, with every id within 35 characters', async () => {
    const xml = sepaCreditTransfer(batchId, created, nextBusinessDay(created), debtor, [item(1), item(2), item(3)]);
    await expectValidPain001(xml);
    for (const tag of ['MsgId', 'PmtInfId', 'InstrId', 'EndToEndId'])
      for (const id of texts(xml, tag)) expect(id.length, `${tag} ${id}`).toBeLessThanOrEqual(35);
    expect(new Set(texts(xml, 'InstrId')).size).toBe(3);
  });

  it('carries hostile names in the EPC Latin set, and stays valid', async () => {
    const names = ['Łukasz Żółć', 'Ørjan Bø', 'Zoë O’Brien', 'Tom <script> & "Jerry"', 'Straße 1 € ✓', '李小龍'];
    const xml = sepaCreditTransfer(
      batchId,
      created,
      nextBusinessDay(created),
      { ...debtor, name: 'Þórunn & Søn' },
      names.map((accountName, i) => item(i + 1, { accountName })),
    );
    await expectValidPain001(xml);
    // The file's text with XML's own escape read back (an apostrophe is written &apos;).
    const creditors = [...xml.matchAll(/<Cdtr>\s*<Nm>([^<]*)<\/Nm>/g)].map((m) => m[1]!.replaceAll('&apos;', "'"));
    // A name with no Latin letters cannot be written: registering such an account is refused (payout-batches test);
    // one recorded before gets a neutral name rather than a refused file.
    expect(creditors).toEqual([
      'Lukasz Zolc',
      'Orjan Bo',
      "Zoe O'Brien",
      "Tom script + 'Jerry'",
      'Strasse 1 EUR',
      'Payee',
    ]);
    for (const name of [...creditors, ...texts(xml, 'Nm').map((n) => n.replaceAll('&apos;', "'"))])
      expect(name).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
  });

  it('edge amounts (0.01 and 999,999.99) and many items add up and pass', async () => {
    const many = Array.from({ length: 1200 }, (_, i) =>
      item(i + 1, { amount: i === 0 ? 1 : i === 1 ? 99_999_999 : 1234 }),
    );
    const xml = sepaCreditTransfer(batchId, created, nextBusinessDay(created), debtor, many);
    await expectValidPain001(xml);
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.01</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">999999.99</InstdAmt>');
    expect(texts(xml, 'NbOfTxs')).toEqual(['1200', '1200']);
    const total = (1 + 99_999_999 + 1198 * 1234) / 100;
    expect(texts(xml, 'CtrlSum')).toEqual([total.toFixed(2), total.toFixed(2)]);
    for (const id of texts(xml, 'InstrId')) expect(id.length).toBeLessThanOrEqual(35);
  });

  it('asks for the next business day at download, not the day the batch was made', () => {
    const xml = (now: string) =>
      texts(sepaCreditTransfer(batchId, created, nextBusinessDay(new Date(now)), debtor, [item(1)]), 'Dt')[0];
    expect(xml('2026-12-07T09:00:00Z')).toBe('2026-12-08'); // a Monday: Tuesday
    expect(xml('2026-12-04T23:30:00Z')).toBe('2026-12-07'); // a Friday night: Monday
    expect(xml('2026-12-24T12:00:00Z')).toBe('2026-12-28'); // Christmas Eve: after 25 and 26 December and the weekend
    expect(xml('2027-03-25T12:00:00Z')).toBe('2027-03-30'); // before Good Friday (26 March) and Easter Monday (29)
    expect(xml('2026-12-31T12:00:00Z')).toBe('2027-01-04'); // New Year's Eve: 1 January is closed, then the weekend
  });
});

describe('EUR accounts', () => {
  it('are SEPA-scheme accounts only: Brazil and Turkey are not, Germany, Switzerland and the UK are', () => {
    expect(isSepaIban('BR1800360305000010009795493C1')).toBe(false);
    expect(isSepaIban('TR330006100519786457841326')).toBe(false);
    for (const iban of ['DE89370400440532013000', 'CH9300762011623852957', 'GB29NWBK60161331926819'])
      expect(isSepaIban(iban)).toBe(true);
  });

  it('names are transliterated, never emptied by the character set alone', () => {
    expect(epcLatin('  Ärztin   Müller-Lüdenscheidt ')).toBe('Aerztin Mueller-Luedenscheidt');
    expect(epcLatin('x'.repeat(80))).toHaveLength(70);
    expect(epcLatin('✓✓✓')).toBe('');
  });
});

describe('the GBP payout file (CSV, RFC 4180)', () => {
  it('reads back as the items with an independent reader (papaparse), hostile names and edge amounts included', () => {
    const items: BankFileItem[] = [
      {
        reference: 'bf-0a1b2c3d4e-0001',
        accountName: 'Smith, Jane',
        accountNumber: '55667788',
        bankCode: '200000',
        amount: 1,
      },
      {
        reference: 'bf-0a1b2c3d4e-0002',
        accountName: 'Dara "DJ" O’Neill',
        accountNumber: '12345678',
        bankCode: '401234',
        amount: 99_999_999,
      },
      {
        reference: 'bf-0a1b2c3d4e-0003',
        accountName: 'Ann-Marie\nLee',
        accountNumber: '00000001',
        bankCode: '090128',
        amount: 7_050,
      },
      ...Array.from({ length: 300 }, (_, i) => ({
        reference: `bf-0a1b2c3d4e-${String(i + 4).padStart(4, '0')}`,
        accountName: `Provider ${i}`,
        accountNumber: String(10_000_000 + i),
        bankCode: '200000',
        amount: 8_000 + i,
      })),
    ];
    const parsed = Papa.parse<Record<string, string>>(ukPaymentsCsv(items), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([
      'beneficiary_name',
      'sort_code',
      'account_number',
      'amount',
      'currency',
      'reference',
    ]);
    expect(parsed.data).toHaveLength(items.length);
    parsed.data.forEach((row, i) => {
      const it = items[i]!;
      expect(row).toEqual({
        beneficiary_name: it.accountName,
        sort_code: it.bankCode,
        account_number: it.accountNumber,
        amount: (it.amount / 100).toFixed(2),
        currency: 'GBP',
        reference: it.reference,
      });
    });
  });
});
