import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { batchCurrencies, type PayoutOverviewEntry } from '@therapy/contracts/payouts';
import { expectError, validation } from '../../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../../test/harness.ts';
import { createWalletModule, type WalletModule } from '../../wallet/wallet.module.ts';
import { gatewayPayoutCurrencies } from '../gateway/payout-gateway.ts';
import { sandboxWebhookSecret } from '../payments.module.ts';
import { createSandboxPayouts } from '../sandbox/sandbox-payouts.ts';
import { createPayoutBatchesService, type PayoutBatchesService } from './payout-batches.service.ts';
import { createPayoutsService } from './payouts.service.ts';

/**
 * The operator's payouts page (issue 46): what is due per currency and route, and the history of batches with their
 * items, newest first. Each test reads the overview before and after, so the others' earnings do not matter.
 */
let t: TestApp;
let wallet: WalletModule;
let batches: PayoutBatchesService;
let operator: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  wallet = createWalletModule(t);
  batches = createPayoutBatchesService(t, { wallet });
  operator = await t.signUpOperator();
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

async function overview(): Promise<Map<string, PayoutOverviewEntry>> {
  const res = await t.api('GET', '/operator/payouts/overview', operator);
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().data as PayoutOverviewEntry[]).map((e) => [e.currencyCode, e]));
}

async function gbpProvider(firstName: string, lastName: string, accountName: string, earnings: number) {
  const provider = await t.signUp('provider', { firstName, lastName });
  await batches.registerBankAccount({
    providerId: provider.userId,
    currency: 'GBP',
    accountName,
    sortCode: '20-00-00',
    accountNumber: String(crypto.randomInt(10_000_000, 99_999_999)),
  });
  if (earnings > 0) await earn(provider.userId, earnings, 'GBP');
  return provider;
}

describe('GET /operator/payouts/overview', () => {
  it('lists every batch currency as a bank file and every gateway currency as the weekly run, in that order', async () => {
    const entries = [...(await overview()).values()];
    expect(entries.map((e) => [e.currencyCode, e.route])).toEqual([
      ...batchCurrencies.map((c) => [c, 'bank-file']),
      ...gatewayPayoutCurrencies.map((c) => [c, 'gateway']),
    ]);
  });

  it('bank file: counts the providers a batch would pay and their total, apart those without a bank account; a batch empties it', async () => {
    const before = (await overview()).get('EUR')!;
    const a = await t.signUp('provider');
    const b = await t.signUp('provider');
    const unbanked = await t.signUp('provider');
    await batches.registerBankAccount({
      providerId: a.userId,
      currency: 'EUR',
      accountName: 'Anna Berg',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: '',
    });
    await batches.registerBankAccount({
      providerId: b.userId,
      currency: 'EUR',
      accountName: 'Bruno Petit',
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
      bic: '',
    });
    await earn(a.userId, 12_345, 'EUR');
    await earn(b.userId, 50, 'EUR'); // below the weekly run's minimum: a batch still pays it
    await earn(unbanked.userId, 9_000, 'EUR');

    const after = (await overview()).get('EUR')!;
    expect(after).toEqual({
      currencyCode: 'EUR',
      route: 'bank-file',
      providers: before.providers + 2,
      total: before.total + 12_395,
      withoutBankDetails: before.withoutBankDetails + 1,
    });

    const created = await t.api('POST', '/operator/payout-batches', operator, { currency: 'EUR' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.total).toBe(after.total);
    expect((await overview()).get('EUR')).toMatchObject({ providers: 0, total: 0, withoutBankDetails: 1 });
  });

  it('gateway: counts what the weekly run would send (its minimum, bank details of that currency)', async () => {
    const sandbox = createSandboxPayouts({ db: t.db, webhookSecret: sandboxWebhookSecret(t.config) });
    const payouts = createPayoutsService(t, { gateway: sandbox, wallet });
    const before = (await overview()).get('NGN')!;
    const paid = await t.signUp('provider');
    const small = await t.signUp('provider');
    const unbanked = await t.signUp('provider');
    const recipient = await payouts.createRecipient({
      providerId: paid.userId,
      name: 'Theo Provider',
      accountNumber: String(crypto.randomInt(1_000_000_000, 9_999_999_999)),
      bankCode: '001',
      currency: 'NGN',
    });
    // The bank-details module's row (its form is not under test here): the payout destination the weekly run reads.
    await t.db.$client.query(
      `INSERT INTO bank_details (provider_id, form, currency_code, sealed, account_number_last4, bank_name, payout_route, recipient_id)
       VALUES ($1, 'standard', 'NGN', 'sealed', '1234', 'Sandbox Bank', 'gateway', $2)`,
      [paid.userId, recipient.identifier],
    );
    await earn(paid.userId, 250_000, 'NGN');
    await earn(small.userId, 99, 'NGN');
    await earn(unbanked.userId, 5_000, 'NGN');

    expect((await overview()).get('NGN')).toEqual({
      currencyCode: 'NGN',
      route: 'gateway',
      providers: before.providers + 1,
      total: before.total + 250_000,
      withoutBankDetails: before.withoutBankDetails + 1,
    });
  });
});

describe('GET /operator/payout-batches', () => {
  it('lists the batches newest first with their items, provider and account names and statuses', async () => {
    const grace = await gbpProvider('Grace', 'Hall', 'G Hall Ltd', 7_050);
    const first = await t.api('POST', '/operator/payout-batches', operator, { currency: 'GBP' });
    expect(first.statusCode, first.body).toBe(201);
    const ian = await gbpProvider('Ian', 'Moss', 'Ian Moss', 3_000);
    const second = await t.api('POST', '/operator/payout-batches', operator, { currency: 'GBP' });
    expect(second.statusCode, second.body).toBe(201);
    const paid = await t.api('POST', `/operator/payout-batches/${first.json().data.identifier}/paid`, operator);
    expect(paid.statusCode, paid.body).toBe(200);
    const item = paid.json().data.items[0];
    expect((await t.api('POST', `/operator/payouts/${item.identifier}/returned`, operator)).statusCode).toBe(200);

    const res = await t.api('GET', '/operator/payout-batches', operator);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json().data;
    expect(history).toMatchObject({ page: 1, pageSize: 20 });
    const ids = history.items.map((b: { identifier: string }) => b.identifier);
    expect(ids.indexOf(second.json().data.identifier)).toBeLessThan(ids.indexOf(first.json().data.identifier));
    const byId = (id: string) => history.items.find((b: { identifier: string }) => b.identifier === id);
    expect(byId(first.json().data.identifier)).toMatchObject({
      currencyCode: 'GBP',
      itemCount: 1,
      total: 7_050,
      paidAt: expect.any(String),
      items: [
        {
          identifier: item.identifier,
          providerId: grace.userId,
          providerName: 'Grace Hall',
          accountName: 'G Hall Ltd',
          amount: 7_050,
          currencyCode: 'GBP',
          status: 'returned',
        },
      ],
    });
    expect(byId(second.json().data.identifier)).toMatchObject({
      paidAt: null,
      items: [{ providerId: ian.userId, providerName: 'Ian Moss', accountName: 'Ian Moss', status: 'started' }],
    });
    // The returned money is the provider's earnings again.
    expect(await wallet.earningsOf(grace.userId, 'GBP')).toBe(7_050);
  });

  it('pages the history by 20, with the total', async () => {
    const { rows } = await t.db.$client.query<{ n: string }>('SELECT count(*) AS n FROM payout_batches');
    const existing = Number(rows[0]!.n);
    // Empty batches, older than any made above: only the paging is under test.
    for (let i = 0; i < 21; i += 1)
      await t.db.$client.query(
        `INSERT INTO payout_batches (identifier, currency_code, created_by, item_count, total, created_at)
         VALUES (gen_random_uuid(), 'EUR', $1, 0, 0, now() - interval '1 year' - ($2 || ' minutes')::interval)`,
        [operator.userId, String(i)],
      );
    const total = existing + 21;
    const one = (await t.api('GET', '/operator/payout-batches', operator)).json().data;
    expect(one).toMatchObject({ total, page: 1, pageSize: 20 });
    expect(one.items).toHaveLength(20);
    const last = Math.ceil(total / 20);
    const end = (await t.api('GET', `/operator/payout-batches?page=${last}`, operator)).json().data;
    expect(end.items).toHaveLength(total - (last - 1) * 20);
    const times = [...one.items, ...end.items].map((b: { createdAt: string }) => Date.parse(b.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await t.api('GET', `/operator/payout-batches?page=${last + 1}`, operator)).json().data.items).toEqual([]);
  });

  it('refuses a bad page (400) and anyone but an operator (403, 401)', async () => {
    expectError(await t.api('GET', '/operator/payout-batches?page=0', operator), 400, validation(en.pageInvalid));
    expectError(await t.api('GET', '/operator/payout-batches?page=abc', operator), 400, validation(en.pageInvalid));
    const provider = await t.signUp('provider');
    const client = await t.signUp('client');
    for (const who of [provider, client])
      for (const path of ['/operator/payout-batches', '/operator/payouts/overview'])
        expectError(await t.api('GET', path, who), 403, { message: en.forbidden, code: 'FORBIDDEN' });
    expectError(await t.api('GET', '/operator/payouts/overview', undefined), 401, {
      message: en.unauthorized,
      code: 'UNAUTHORIZED_ACCESS',
    });
  });
});
