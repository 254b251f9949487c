import crypto from 'node:crypto';
import { XMLValidator } from 'fast-xml-parser';
import { readAchFile } from '../../../../test/ach-reader.ts';
import { expectValidPain001 } from '../../../../test/epc-schemas.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../../test/harness.ts';
import { createAccessTokens } from '../../../platform/auth/tokens.ts';
import { createWalletModule, type WalletModule } from '../../wallet/wallet.module.ts';
import { sandboxWebhookSecret } from '../payments.module.ts';
import { createSandboxPayouts } from '../sandbox/sandbox-payouts.ts';
import { createPayoutBatchesService, type PayoutBatchesService } from './payout-batches.service.ts';
import { createPayoutsService } from './payouts.service.ts';

/**
 * Operator payout batches (decisions 0022, 0051): EUR as a SEPA pain.001 file, GBP as a CSV, USD as a NACHA ACH file,
 * each item a ledger transaction.
 */
let t: TestApp;
let wallet: WalletModule;
let batches: PayoutBatchesService;
let operator: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  wallet = createWalletModule(t);
  batches = createPayoutBatchesService(t, { wallet });
  const user = await t.signUp('provider');
  await t.db.$client.query("UPDATE users SET user_type = 'operator' WHERE identifier = $1", [user.userId]);
  // Operators have no sign-in page yet: their session's token, as the access core reads it, says operator.
  const tokens = createAccessTokens(t.config.jwtSecret);
  const claims = (await tokens.verify(user.session.accessToken, t.clock.now()))!;
  const token = await tokens.sign({ ...claims, userType: 'operator' }, t.clock.now());
  operator = { ...user, auth: { authorization: `Bearer ${token}` } };
});
afterAll(async () => t.close());

const earn = (providerId: string, amount: number, currencyCode: string) =>
  wallet.transfer({
    userId: providerId,
    amount,
    currencyCode,
    reference: `booking-${crypto.randomUUID()}`,
    description: 'Session completed',
    commissionRate: 0,
  });
const clearing = async (currency: string) => {
  const { rows } = await t.db.$client.query<{ s: string | null }>(
    "SELECT sum(e.amount) AS s FROM ledger_entries e JOIN ledger_accounts a ON a.identifier = e.account_id WHERE a.kind = 'gateway_clearing' AND a.currency_code = $1",
    [currency],
  );
  return Number(rows[0]?.s ?? 0);
};

describe('bank accounts for batch payouts', () => {
  it('refuses an IBAN with a wrong checksum, a BIC of another country and a malformed sort code (400, nothing stored)', async () => {
    const provider = await t.signUp('provider');
    const base = { providerId: provider.userId, accountName: 'Theo Provider' };
    await expect(
      batches.registerBankAccount({ ...base, currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 01', bic: '' }),
    ).rejects.toMatchObject({ statusCode: 400, messageKey: 'ibanInvalid' });
    await expect(
      batches.registerBankAccount({
        ...base,
        currency: 'EUR',
        iban: 'FR14 2004 1010 0505 0001 3M02 606',
        bic: 'COBADEFFXXX',
      }),
    ).rejects.toMatchObject({ statusCode: 400, messageKey: 'bicInvalid' });
    await expect(
      batches.registerBankAccount({ ...base, currency: 'GBP', sortCode: '12-34-5', accountNumber: '12345678' }),
    ).rejects.toMatchObject({ statusCode: 400, messageKey: 'sortCodeInvalid' });
    expect(en.ibanInvalid).toBe('Enter a valid IBAN');
    expect(await t.count('payout_recipients', { provider_id: provider.userId })).toBe(0);
  });

  it('refuses a valid IBAN outside the SEPA scheme (Brazil, Turkey) and a name with no Latin letters for EUR (issue 46)', async () => {
    const provider = await t.signUp('provider');
    const base = { providerId: provider.userId, accountName: 'Theo Provider', currency: 'EUR' as const, bic: '' };
    for (const iban of ['BR18 0036 0305 0000 1000 9795 493C 1', 'TR33 0006 1005 1978 6457 8413 26'])
      await expect(batches.registerBankAccount({ ...base, iban })).rejects.toMatchObject({
        statusCode: 400,
        messageKey: 'ibanNotSepa',
      });
    await expect(
      batches.registerBankAccount({ ...base, accountName: '李小龍', iban: 'DE89 3704 0044 0532 0130 00' }),
    ).rejects.toMatchObject({ statusCode: 400, messageKey: 'accountNameNotLatin' });
    expect(await t.count('payout_recipients', { provider_id: provider.userId })).toBe(0);
  });

  it('USD (ACH): refuses a routing number with a wrong check digit, an account number outside 4-17 digits and a name with nothing ASCII', async () => {
    const provider = await t.signUp('provider');
    const base = {
      providerId: provider.userId,
      accountName: 'Theo Provider',
      currency: 'USD' as const,
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountType: 'checking' as const,
    };
    await expect(batches.registerBankAccount({ ...base, routingNumber: '021000012' })).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'bankRoutingNumberInvalid',
    });
    await expect(batches.registerBankAccount({ ...base, accountNumber: '123' })).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'bankAccountNumberUs',
    });
    await expect(batches.registerBankAccount({ ...base, accountName: '李小龍' })).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'accountNameNotLatin',
    });
    expect(await t.count('payout_recipients', { provider_id: provider.userId })).toBe(0);
  });
});

describe('operator payout batches', () => {
  it('EUR: lists what is due, starts a batch (earnings -> clearing per item), serves a pain.001 that adds up, marks it paid once, returns an item once', async () => {
    const [a, b, idle] = [await t.signUp('provider'), await t.signUp('provider'), await t.signUp('provider')];
    await batches.registerBankAccount({
      providerId: a.userId,
      currency: 'EUR',
      accountName: 'Anna Berg',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });
    await batches.registerBankAccount({
      providerId: b.userId,
      currency: 'EUR',
      accountName: 'Bruno Petit',
      iban: 'fr1420041010050500013m02606',
      bic: '',
    });
    await batches.registerBankAccount({
      providerId: idle.userId,
      currency: 'EUR',
      accountName: 'Idle Provider',
      iban: 'DE02120300000000202051',
      bic: '',
    });
    await earn(a.userId, 12_345, 'EUR');
    await earn(b.userId, 50_000, 'EUR');
    const clearingBefore = await clearing('EUR');

    const due = await t.api('GET', '/operator/payouts/due?currency=EUR', operator);
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json().data).toEqual(
      expect.arrayContaining([
        { providerId: a.userId, accountName: 'Anna Berg', amount: 12_345, currencyCode: 'EUR' },
        { providerId: b.userId, accountName: 'Bruno Petit', amount: 50_000, currencyCode: 'EUR' },
      ]),
    );
    expect(due.json().data).toHaveLength(2);

    const created = await t.api('POST', '/operator/payout-batches', operator, { currency: 'EUR' });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch).toMatchObject({ currencyCode: 'EUR', itemCount: 2, total: 62_345, paidAt: null });
    expect(await wallet.earningsOf(a.userId, 'EUR')).toBe(0);
    expect(await wallet.earningsOf(b.userId, 'EUR')).toBe(0);
    expect(await clearing('EUR')).toBe(clearingBefore + 62_345);
    // Nothing is due any more: a second batch is refused.
    expectError(
      await t.api('POST', '/operator/payout-batches', operator, { currency: 'EUR' }),
      400,
      validation(en.noPayoutsDue),
    );

    const file = await t.api('GET', `/operator/payout-batches/${batch.identifier}/file`, operator);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="payouts-${batch.identifier}.xml"`);
    const xml = file.body;
    expect(XMLValidator.validate(xml)).toBe(true);
    // The file the operator downloads passes the EPC's own schemas (issue 46).
    await expectValidPain001(xml);
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect([...xml.matchAll(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)].map((x) => x[1])).toEqual(['2', '2']);
    expect([...xml.matchAll(/<CtrlSum>([^<]+)<\/CtrlSum>/g)].map((x) => x[1])).toEqual(['623.45', '623.45']);
    expect([...xml.matchAll(/<CdtrAcct><Id><IBAN>([^<]+)<\/IBAN>/g)].map((x) => x[1]).sort()).toEqual([
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
    ]);
    expect(xml).toContain('<DbtrAcct><Id><IBAN>DE87123456781234567890</IBAN></Id></DbtrAcct>');

    // The gateway payouts' sweep and a (signed) transfer event for an item's reference leave batch items alone.
    const sweeper = createPayoutsService(t, {
      gateway: createSandboxPayouts({ db: t.db, webhookSecret: sandboxWebhookSecret(t.config) }),
      wallet,
    });
    await sweeper.reconcile(new Date(Date.now() + 60_000));
    expect(await sweeper.settle(batch.items[0].reference)).toBe('unknown');
    expect((await sweeper.find(batch.items[0].reference))?.status).toBe('started');
    expect(await clearing('EUR')).toBe(clearingBefore + 62_345);

    const paid = await t.api('POST', `/operator/payout-batches/${batch.identifier}/paid`, operator);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe(en.batchMarkedPaid);
    const again = await t.api('POST', `/operator/payout-batches/${batch.identifier}/paid`, operator);
    expect(again.json().data).toEqual(paid.json().data);
    expect(paid.json().data.items.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);
    expect(await clearing('EUR')).toBe(clearingBefore + 62_345);

    const itemOfB = paid.json().data.items.find((i: { providerId: string }) => i.providerId === b.userId);
    const returned = await Promise.all(
      [1, 2, 3].map(() => t.api('POST', `/operator/payouts/${itemOfB.identifier}/returned`, operator)),
    );
    expect(returned.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(returned[0]!.json().data).toMatchObject({ status: 'returned', amount: 50_000 });
    expect(await wallet.earningsOf(b.userId, 'EUR')).toBe(50_000);
    expect(await clearing('EUR')).toBe(clearingBefore + 12_345);
    expect(await t.count('ledger_transactions', { type: 'payout', reference: `${itemOfB.reference}:returned` })).toBe(
      1,
    );
  });

  it('GBP: the batch file is a CSV of sort code, account number and amount', async () => {
    const provider = await t.signUp('provider');
    await batches.registerBankAccount({
      providerId: provider.userId,
      currency: 'GBP',
      accountName: 'Grace Hall',
      sortCode: '20-00-00',
      accountNumber: '5566 7788',
    });
    await earn(provider.userId, 7_050, 'GBP');
    const created = await t.api('POST', '/operator/payout-batches', operator, { currency: 'GBP' });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    const file = await t.api('GET', `/operator/payout-batches/${batch.identifier}/file`, operator);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.body).toBe(
      `beneficiary_name,sort_code,account_number,amount,currency,reference\nGrace Hall,200000,55667788,70.50,GBP,${batch.items[0].reference}\n`,
    );
    expect(batch.items[0].reference).toHaveLength(18);
  });

  it('USD: the batch file is a NACHA ACH file of PPD credits that an independent reader reads back as the items', async () => {
    const [checking, savings] = [await t.signUp('provider'), await t.signUp('provider')];
    await batches.registerBankAccount({
      providerId: checking.userId,
      currency: 'USD',
      accountName: 'José Núñez',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountType: 'checking',
    });
    await batches.registerBankAccount({
      providerId: savings.userId,
      currency: 'USD',
      accountName: 'Mary-Ann Lee',
      routingNumber: '322271627',
      accountNumber: '4455',
      accountType: 'savings',
    });
    await earn(checking.userId, 1, 'USD');
    await earn(savings.userId, 99_999_999, 'USD');
    const clearingBefore = await clearing('USD');

    const due = await t.api('GET', '/operator/payouts/due?currency=USD', operator);
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json().data).toEqual(
      expect.arrayContaining([
        { providerId: checking.userId, accountName: 'José Núñez', amount: 1, currencyCode: 'USD' },
        { providerId: savings.userId, accountName: 'Mary-Ann Lee', amount: 99_999_999, currencyCode: 'USD' },
      ]),
    );
    const created = await t.api('POST', '/operator/payout-batches', operator, { currency: 'USD' });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch).toMatchObject({ currencyCode: 'USD', itemCount: 2, total: 100_000_000 });
    expect(await clearing('USD')).toBe(clearingBefore + 100_000_000);
    expect(await wallet.earningsOf(savings.userId, 'USD')).toBe(0);

    const file = await t.api('GET', `/operator/payout-batches/${batch.identifier}/file`, operator);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="payouts-${batch.identifier}.ach"`);
    const lines = file.body.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    for (const line of lines) expect(line).toHaveLength(94);

    const ach = await readAchFile(file.body);
    // The demo originator outside production (config.ts, PAYOUT_ACH_*).
    expect(ach.file).toMatchObject({ destination: ' 123456780', origin: '1000000000', originName: 'THERAPY PLATFORM' });
    const [achBatch] = ach.batches;
    expect(achBatch).toMatchObject({ serviceClassCode: 220, entryClassCode: 'PPD', companyId: '1000000000' });
    const byRef = new Map<string, string>(
      batch.items.map((i: { reference: string; providerId: string }) => [i.reference, i.providerId]),
    );
    const entries = achBatch!.entries.map((e) => ({
      provider: [...byRef].find(([ref]) => ref.slice(-15).toUpperCase() === e.identificationNumber)?.[1],
      code: e.transactionCode,
      routing: `${String(e.receivingDFIIdentification).padStart(8, '0')}${e.checkDigit}`,
      account: e.dfiAccount,
      amount: e.amount,
      name: e.receivingCompanyName,
    }));
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          provider: checking.userId,
          code: '22',
          routing: '021000021',
          account: '000123456789',
          amount: 1,
          name: 'JOSE NUNEZ',
        },
        {
          provider: savings.userId,
          code: '32',
          routing: '322271627',
          account: '4455',
          amount: 99_999_999,
          name: 'MARY-ANN LEE',
        },
      ]),
    );
    expect(achBatch!.footer).toMatchObject({ entryAndAddendaCount: 2, totalCredit: 100_000_000, totalDebit: 0 });
    expect(ach.file.footer).toMatchObject({
      batchCount: 1,
      blockCount: 1,
      entryAndAddendaCount: 2,
      entryHash: 2_100_002 + 32_227_162,
      totalCredit: 100_000_000,
    });
  });

  it('USD without an ACH originator (production before PAYOUT_ACH_* is set): the file is refused with a clear message', async () => {
    const bare = createPayoutBatchesService(
      { ...t, config: { ...t.config, payoutAchOriginator: undefined } },
      { wallet },
    );
    const provider = await t.signUp('provider');
    await bare.registerBankAccount({
      providerId: provider.userId,
      currency: 'USD',
      accountName: 'Ada Lovelace',
      routingNumber: '011000015',
      accountNumber: '99887766',
      accountType: 'checking',
    });
    await earn(provider.userId, 5_000, 'USD');
    const batch = await bare.createBatch({ userId: operator.userId, userType: 'operator' } as never, 'USD');
    await expect(
      bare.file({ userId: operator.userId, userType: 'operator' } as never, batch.identifier),
    ).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'payoutAchOriginatorMissing',
    });
  });

  it('concurrent batches never take the same earnings twice', async () => {
    const providers = [await t.signUp('provider'), await t.signUp('provider'), await t.signUp('provider')];
    for (const [i, p] of providers.entries()) {
      await batches.registerBankAccount({
        providerId: p.userId,
        currency: 'GBP',
        accountName: `Provider ${i}`,
        sortCode: '200000',
        accountNumber: `1000000${i}`,
      });
      await earn(p.userId, 1_000 * (i + 1), 'GBP');
    }
    const clearingBefore = await clearing('GBP');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.api('POST', '/operator/payout-batches', operator, { currency: 'GBP' })),
    );
    const created = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json().data as { total: number; itemCount: number });
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expectError(refused, 400, validation(en.noPayoutsDue));
    expect(created.reduce((s, b) => s + b.total, 0)).toBe(6_000);
    expect(created.reduce((s, b) => s + b.itemCount, 0)).toBe(3);
    expect(await clearing('GBP')).toBe(clearingBefore + 6_000);
    for (const p of providers) expect(await wallet.earningsOf(p.userId, 'GBP')).toBe(0);
  });

  it('refuses a currency other than GBP, EUR or USD, an unknown batch, and anyone but an operator', async () => {
    expectError(
      await t.api('GET', '/operator/payouts/due?currency=NGN', operator),
      400,
      validation(en.batchCurrencyUnsupported),
    );
    expectError(await t.api('POST', `/operator/payout-batches/${crypto.randomUUID()}/paid`, operator), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    const provider = await t.signUp('provider');
    expectError(await t.api('POST', '/operator/payout-batches', provider, { currency: 'EUR' }), 403, {
      message: en.forbidden,
      code: 'FORBIDDEN',
    });
    expectError(await t.api('GET', '/operator/payouts/due?currency=EUR', undefined), 401, {
      message: en.unauthorized,
      code: 'UNAUTHORIZED_ACCESS',
    });
  });
});
