import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../../../../test/fake-paystack.ts';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { createWalletModule, type WalletModule } from '../../wallet/wallet.module.ts';
import { createPaystackPayouts } from '../gateway/paystack-payouts.ts';
import { createPayoutsService, type PayoutsService } from './payouts.service.ts';

/**
 * The payout port with PAYMENT_GATEWAY=paystack, against the local stand-in of Paystack's Transfers API: the app's
 * own webhook route and job receive the `transfer.*` events; nothing of the sandbox is involved.
 */
let t: TestApp;
let paystack: FakePaystack;
let wallet: WalletModule;
let payouts: PayoutsService;
beforeAll(async () => {
  paystack = await startFakePaystack();
  t = await buildTestApp({
    PAYMENT_GATEWAY: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
  });
  wallet = createWalletModule(t);
  payouts = createPayoutsService(t, {
    gateway: createPaystackPayouts({ secretKey: paystack.secretKey, baseUrl: paystack.url, timeoutMs: 2_000 }),
    wallet,
  });
});
afterAll(async () => {
  await t.close();
  await paystack.close();
});

const deliver = (hook: { rawBody: Buffer; signature: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/paystack',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    payload: hook.rawBody,
  });
const ref = () => `payout-${crypto.randomUUID()}`;
const status = async (reference: string) => (await payouts.find(reference))?.status;
const requestsTo = (path: string) => paystack.requests.filter((r) => r.path === path && r.authorized);

async function providerWithRecipient(earnings: number) {
  const provider = await t.signUp('provider');
  await wallet.transfer({
    userId: provider.userId,
    amount: earnings,
    currencyCode: 'NGN',
    reference: `booking-${crypto.randomUUID()}`,
    description: 'Session completed',
    commissionRate: 0,
  });
  const accountNumber = String(crypto.randomInt(1_000_000_000, 9_999_999_999));
  paystack.transfers.addAccount('044', accountNumber, 'THEO PROVIDER');
  const recipient = await payouts.createRecipient({
    providerId: provider.userId,
    name: 'Theo Provider',
    accountNumber,
    bankCode: '044',
    currency: 'NGN',
  });
  return { provider, recipient };
}

describe('Paystack Transfers', () => {
  it('lists the banks of a currency with GET /bank', async () => {
    const banks = await payouts.banks('NGN');
    expect(banks).toEqual([
      { name: 'Access Bank', code: '044', currency: 'NGN' },
      { name: 'First Bank of Nigeria', code: '011', currency: 'NGN' },
    ]);
    expect(requestsTo('/bank').at(-1)).toMatchObject({ method: 'GET' });
    await expect(payouts.banks('GBP')).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'payoutCurrencyUnsupported',
    });
  });

  it('resolves the account with GET /bank/resolve before it creates the recipient', async () => {
    const before = paystack.requests.length;
    const { recipient } = await providerWithRecipient(1_000);
    const calls = paystack.requests
      .slice(before)
      .filter((r) => r.path === '/bank/resolve' || r.path === '/transferrecipient');
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /bank/resolve', 'POST /transferrecipient']);
    expect(calls[1]!.body).toEqual({
      type: 'nuban',
      name: 'THEO PROVIDER',
      account_number: recipient.accountNumber,
      bank_code: '044',
      currency: 'NGN',
    });
    expect(recipient).toMatchObject({ accountName: 'THEO PROVIDER', bankName: 'Access Bank', currency: 'NGN' });
  });

  it('an account Paystack cannot resolve is a 400: no recipient at Paystack, nothing stored', async () => {
    const provider = await t.signUp('provider');
    const recipientsBefore = requestsTo('/transferrecipient').length;
    await expect(
      payouts.createRecipient({
        providerId: provider.userId,
        name: 'Theo',
        accountNumber: '0000000000',
        bankCode: '044',
        currency: 'NGN',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'bankAccountNotResolved',
    });
    expect(requestsTo('/transferrecipient')).toHaveLength(recipientsBefore);
    expect(await t.count('payout_recipients', { provider_id: provider.userId })).toBe(0);
  });

  it('sends our reference to POST /transfer and applies transfer.success only once Paystack verifies it', async () => {
    const { provider, recipient } = await providerWithRecipient(60_000);
    const reference = ref();
    const started = await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 45_000,
      currency: 'NGN',
      reference,
    });
    expect(started.status).toBe('started');
    const sent = requestsTo('/transfer').at(-1)!;
    expect(sent.body).toEqual({
      source: 'balance',
      amount: 45_000,
      recipient: expect.stringMatching(/^RCP_/),
      reference,
      reason: 'Payout to bank account',
      currency: 'NGN',
    });
    expect(started.transferCode).toBe(paystack.transfers.transfers.get(reference)!.transferCode);
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(15_000);

    // A signed transfer.success while Paystack still says pending: verified, not applied.
    const early = paystack.transferWebhook(reference, 'transfer.success');
    expect((await deliver(early)).statusCode).toBe(200);
    await expect.poll(() => requestsTo(`/transfer/verify/${reference}`).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await status(reference)).toBe('started');

    paystack.transfers.setTransferStatus(reference, 'success');
    const hook = paystack.transferWebhook(reference, 'transfer.success');
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(hook)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await expect.poll(() => status(reference), { timeout: 15_000 }).toBe('paid');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(15_000);
  });

  it('an outcome whose amount Paystack reports differently from the payout moves nothing', async () => {
    const { provider, recipient } = await providerWithRecipient(20_000);
    const reference = ref();
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 20_000,
      currency: 'NGN',
      reference,
    });
    const atPaystack = paystack.transfers.setTransferStatus(reference, 'failed');
    atPaystack.amount = 200_000;
    expect((await deliver(paystack.transferWebhook(reference, 'transfer.failed'))).statusCode).toBe(200);
    await expect.poll(() => requestsTo(`/transfer/verify/${reference}`).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (
            await t.db.$client.query(
              "SELECT processed_at FROM gateway_events WHERE payload->'data'->>'reference' = $1",
              [reference],
            )
          ).rows[0]?.processed_at,
        { timeout: 10_000 },
      )
      .toBeTruthy();
    // Not applied, never dropped: the transfer family keeps it for an operator.
    expect(
      (
        await t.db.$client.query("SELECT status FROM gateway_events WHERE payload->'data'->>'reference' = $1", [
          reference,
        ])
      ).rows,
    ).toEqual([{ status: 'needs_attention' }]);
    expect(await status(reference)).toBe('started');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(0);
  });

  it('transfer.reversed after success returns the money to the earnings once', async () => {
    const { provider, recipient } = await providerWithRecipient(30_000);
    const reference = ref();
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 30_000,
      currency: 'NGN',
      reference,
    });
    paystack.transfers.setTransferStatus(reference, 'success');
    await deliver(paystack.transferWebhook(reference, 'transfer.success'));
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('paid');
    paystack.transfers.setTransferStatus(reference, 'reversed');
    const reversed = paystack.transferWebhook(reference, 'transfer.reversed');
    await Promise.all([deliver(reversed), deliver(reversed), deliver(reversed)]);
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('returned');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(30_000);
    expect(await t.count('ledger_transactions', { type: 'payout', reference: `${reference}:returned` })).toBe(1);
  });

  it('a refused POST /transfer fails the payout and gives the money back; an unreachable Paystack keeps it started until it is sent again', async () => {
    const { provider, recipient } = await providerWithRecipient(20_000);
    const refused = ref();
    paystack.failNext(400);
    await expect(
      payouts.transfer({
        providerId: provider.userId,
        recipientId: recipient.identifier,
        amount: 5_000,
        currency: 'NGN',
        reference: refused,
      }),
    ).rejects.toMatchObject({
      statusCode: 502,
      code: 'PAYMENT_GATEWAY_ERROR',
      messageKey: 'payoutRefused',
    });
    expect(await status(refused)).toBe('failed');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(20_000);

    const unreachable = ref();
    paystack.failNext(503);
    const req = {
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 8_000,
      currency: 'NGN',
      reference: unreachable,
    };
    expect(await payouts.transfer(req)).toMatchObject({ status: 'started', transferCode: null });
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(12_000);
    expect(paystack.transfers.transfers.has(unreachable)).toBe(false);
    // The caller retries with the same reference: the transfer is sent, the earnings are not taken twice.
    expect(await payouts.transfer(req)).toMatchObject({
      status: 'started',
      transferCode: expect.stringMatching(/^TRF_/),
    });
    expect(paystack.transfers.transfers.get(unreachable)).toMatchObject({ amount: 8_000, status: 'pending' });
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(12_000);
  });

  it('the sweep sends a transfer Paystack never received, applies an outcome whose webhook was lost, and waits out an unreachable Paystack', async () => {
    const { provider, recipient } = await providerWithRecipient(50_000);
    const later = () => new Date(Date.now() + 60_000);

    const neverSent = ref();
    paystack.failNext(503);
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 10_000,
      currency: 'NGN',
      reference: neverSent,
    });
    expect(paystack.transfers.transfers.has(neverSent)).toBe(false);

    const lostHook = ref();
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 15_000,
      currency: 'NGN',
      reference: lostHook,
    });
    paystack.transfers.setTransferStatus(lostHook, 'failed');

    // Paystack down (every verify answers 503): nothing changes, nothing is sent again.
    const started = Number(
      (await t.db.$client.query<{ n: string }>("SELECT count(*) AS n FROM payouts WHERE status = 'started'")).rows[0]!
        .n,
    );
    const transfersBefore = requestsTo('/transfer').length;
    paystack.failNext(503, started);
    expect(await payouts.reconcile(later())).toBe(0);
    expect(requestsTo('/transfer')).toHaveLength(transfersBefore);
    expect(await status(neverSent)).toBe('started');
    expect(await status(lostHook)).toBe('started');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(25_000);

    // Paystack back: the unsent one goes out under its reference, the failed one gives its money back.
    await payouts.reconcile(later());
    expect(paystack.transfers.transfers.get(neverSent)).toMatchObject({ amount: 10_000, status: 'pending' });
    expect(await payouts.find(neverSent)).toMatchObject({
      status: 'started',
      transferCode: paystack.transfers.transfers.get(neverSent)!.transferCode,
    });
    expect(await status(lostHook)).toBe('failed');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(40_000);
    // A second run sends nothing and moves nothing more.
    const sentBefore = requestsTo('/transfer').length;
    await payouts.reconcile(later());
    expect(requestsTo('/transfer')).toHaveLength(sentBefore);
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(40_000);
  });
});
