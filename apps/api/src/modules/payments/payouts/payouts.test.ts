import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { expectError } from '../../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { createWalletModule, type WalletModule } from '../../wallet/wallet.module.ts';
import { signPaystackWebhook } from '../gateway/paystack-gateway.ts';
import { sandboxWebhookSecret } from '../payments.module.ts';
import { createSandboxPayouts, type SandboxPayouts } from '../sandbox/sandbox-payouts.ts';
import { createPayoutsService, type PayoutsService } from './payouts.service.ts';

/**
 * The payout port on the sandbox gateway (decision 0022): the real app receives the signed `transfer.*` webhooks
 * through its webhook route and job; the port under test shares its database.
 */
let t: TestApp;
let wallet: WalletModule;
let sandbox: SandboxPayouts;
let payouts: PayoutsService;
beforeAll(async () => {
  t = await buildTestApp();
  wallet = createWalletModule(t);
  sandbox = createSandboxPayouts({ db: t.db, webhookSecret: sandboxWebhookSecret(t.config) });
  payouts = createPayoutsService(t, { gateway: sandbox, wallet });
});
afterAll(async () => t.close());

const deliver = (hook: { rawBody: Buffer; signature: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/sandbox',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    payload: hook.rawBody,
  });
const ref = () => `payout-${crypto.randomUUID()}`;
/** Earnings arrive as a completed booking will bring them: escrow -> provider earnings. */
const earn = (providerId: string, amount: number) =>
  wallet.transfer({
    userId: providerId,
    amount,
    currencyCode: 'NGN',
    reference: `booking-${crypto.randomUUID()}`,
    description: 'Session completed',
    commissionRate: 0,
  });
const clearing = async () => {
  const { rows } = await t.db.$client.query<{ s: string | null }>(
    "SELECT sum(e.amount) AS s FROM ledger_entries e JOIN ledger_accounts a ON a.identifier = e.account_id WHERE a.kind = 'gateway_clearing' AND a.currency_code = 'NGN'",
  );
  return Number(rows[0]?.s ?? 0);
};
const payoutTransactions = async (reference: string) => {
  const { rows } = await t.db.$client.query<{ reference: string }>(
    "SELECT reference FROM ledger_transactions WHERE type = 'payout' AND reference LIKE $1 ORDER BY reference",
    [`${reference}%`],
  );
  return rows.map((r) => r.reference);
};
const status = async (reference: string) => (await payouts.find(reference))?.status;

async function providerWithRecipient(earnings: number) {
  const provider = await t.signUp('provider');
  if (earnings > 0) await earn(provider.userId, earnings);
  const accountNumber = String(crypto.randomInt(1_000_000_000, 9_999_999_999));
  const recipient = await payouts.createRecipient({
    providerId: provider.userId,
    name: 'Theo Provider',
    accountNumber,
    bankCode: '001',
    currency: 'NGN',
  });
  return { provider, recipient };
}

describe('payout recipients', () => {
  it('keeps the account as the bank resolved it', async () => {
    const provider = await t.signUp('provider');
    const recipient = await payouts.createRecipient({
      providerId: provider.userId,
      name: 'Typed Name',
      accountNumber: '0123456789',
      bankCode: '001',
      currency: 'NGN',
    });
    expect(recipient).toMatchObject({
      accountName: 'SANDBOX ACCOUNT 6789',
      accountNumber: '0123456789',
      bankCode: '001',
      bankName: 'Sandbox Bank',
      currency: 'NGN',
    });
    expect(await t.count('payout_recipients', { provider_id: provider.userId })).toBe(1);
  });

  it('refuses an account the bank does not know (400, nothing stored)', async () => {
    const provider = await t.signUp('provider');
    await expect(
      payouts.createRecipient({
        providerId: provider.userId,
        name: 'Theo',
        accountNumber: '0001234567',
        bankCode: '001',
        currency: 'NGN',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      messageKey: 'bankAccountNotResolved',
    });
    await expect(
      payouts.createRecipient({
        providerId: provider.userId,
        name: 'Theo',
        accountNumber: '1234567890',
        bankCode: '999',
        currency: 'NGN',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'bankAccountNotResolved',
    });
    expect(await t.count('payout_recipients', { provider_id: provider.userId })).toBe(0);
    expect(await t.count('sandbox_transfer_recipients', { account_number: '0001234567' })).toBe(0);
  });

  it('refuses a currency the gateway does not pay out (EUR goes by operator batch)', async () => {
    const provider = await t.signUp('provider');
    await expect(
      payouts.createRecipient({
        providerId: provider.userId,
        name: 'Theo',
        accountNumber: '1234567890',
        bankCode: '001',
        currency: 'EUR',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'payoutCurrencyUnsupported',
      params: { currency: 'EUR' },
    });
    expect(en.payoutCurrencyUnsupported).toBe('Payouts in {currency} are not made through the gateway');
  });

  it("does not let a second provider register someone else's account", async () => {
    const { recipient } = await providerWithRecipient(0);
    const other = await t.signUp('provider');
    await expect(
      payouts.createRecipient({
        providerId: other.userId,
        name: 'Mallory',
        accountNumber: recipient.accountNumber,
        bankCode: '001',
        currency: 'NGN',
      }),
    ).rejects.toMatchObject({ statusCode: 400, messageKey: 'bankAccountTaken' });
    expect(await t.count('payout_recipients', { provider_id: other.userId })).toBe(0);
  });
});

describe('payout transfers', () => {
  it('start moves earnings to clearing; transfer.success (repeated, concurrent) marks it paid once, nothing more moves', async () => {
    const { provider, recipient } = await providerWithRecipient(50_000);
    const clearingBefore = await clearing();
    const reference = ref();
    const started = await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 20_000,
      currency: 'NGN',
      reference,
    });
    expect(started).toMatchObject({
      status: 'started',
      amount: 20_000,
      currency: 'NGN',
      transferCode: expect.stringMatching(/^TRF_/),
    });
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(30_000);
    expect(await clearing()).toBe(clearingBefore + 20_000);
    expect((await sandbox.verifyTransfer(reference)).status).toBe('pending');

    const hook = await sandbox.settleTransfer(reference, 'success');
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(hook)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('paid');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(30_000);
    expect(await clearing()).toBe(clearingBefore + 20_000);
    expect(await payoutTransactions(reference)).toEqual([reference]);
  });

  it('transfer.reversed after success gives the money back to the earnings once', async () => {
    const { provider, recipient } = await providerWithRecipient(40_000);
    const clearingBefore = await clearing();
    const reference = ref();
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 25_000,
      currency: 'NGN',
      reference,
    });
    expect((await deliver(await sandbox.settleTransfer(reference, 'success'))).statusCode).toBe(200);
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('paid');

    const reversed = await sandbox.settleTransfer(reference, 'reversed');
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(reversed)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // The reversal delivered again after it was applied changes nothing.
    expect((await deliver(await sandbox.settleTransfer(reference, 'reversed'))).statusCode).toBe(200);
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('returned');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(40_000);
    expect(await clearing()).toBe(clearingBefore);
    expect(await payoutTransactions(reference)).toEqual([reference, `${reference}:returned`]);
  });

  it('transfer.failed gives the money back once; the payout records why', async () => {
    const { provider, recipient } = await providerWithRecipient(10_000);
    const reference = ref();
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 10_000,
      currency: 'NGN',
      reference,
    });
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(0);
    const hook = await sandbox.settleTransfer(reference, 'failed');
    await Promise.all([deliver(hook), deliver(hook), deliver(hook)]);
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('failed');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(10_000);
    expect(await payoutTransactions(reference)).toEqual([reference, `${reference}:returned`]);
    const { rows } = await t.db.$client.query('SELECT failure_reason FROM payouts WHERE reference = $1', [reference]);
    expect(rows[0]).toEqual({ failure_reason: 'Sandbox: the bank declined the transfer' });
    // A failed transfer cannot succeed later at the sandbox, as at Paystack.
    await expect(sandbox.settleTransfer(reference, 'success')).rejects.toThrow(
      'a failed transfer cannot become success',
    );
  });

  it('refuses a payout above the available earnings with 409, and nothing moves', async () => {
    const { provider, recipient } = await providerWithRecipient(5_000);
    const clearingBefore = await clearing();
    const reference = ref();
    await expect(
      payouts.transfer({
        providerId: provider.userId,
        recipientId: recipient.identifier,
        amount: 5_001,
        currency: 'NGN',
        reference,
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'INSUFFICIENT_FUNDS',
      messageKey: 'insufficientEarnings',
    });
    expect(en.insufficientEarnings).toBe('The payout is more than the available earnings');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(5_000);
    expect(await clearing()).toBe(clearingBefore);
    expect(await t.count('payouts', { reference })).toBe(0);
    expect(await t.count('sandbox_transfers', { reference })).toBe(0);
    expect(await payoutTransactions(reference)).toEqual([]);
  });

  it('20 concurrent payouts on one provider never pay out more than the earnings', async () => {
    const { provider, recipient } = await providerWithRecipient(100_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        payouts.transfer({
          providerId: provider.userId,
          recipientId: recipient.identifier,
          amount: 7_000,
          currency: 'NGN',
          reference: ref(),
        }),
      ),
    );
    const paid = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(paid).toHaveLength(14);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(r.reason).toMatchObject({ statusCode: 409, messageKey: 'insufficientEarnings' });
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(2_000);
    const { rows } = await t.db.$client.query<{ n: string; s: string }>(
      'SELECT count(*) AS n, sum(amount) AS s FROM payouts WHERE provider_id = $1',
      [provider.userId],
    );
    expect(rows[0]).toEqual({ n: '14', s: '98000' });
  });

  it('the same reference is the same payout; with another amount it is a 409; a reference outside the set is a 400', async () => {
    const { provider, recipient } = await providerWithRecipient(30_000);
    const reference = ref();
    const req = {
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 10_000,
      currency: 'NGN',
      reference,
    };
    const [a, b, c] = await Promise.all([payouts.transfer(req), payouts.transfer(req), payouts.transfer(req)]);
    expect(b!.identifier).toBe(a!.identifier);
    expect(c!.identifier).toBe(a!.identifier);
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(20_000);
    await expect(payouts.transfer({ ...req, amount: 10_001 })).rejects.toMatchObject({
      statusCode: 409,
      messageKey: 'payoutReferenceTaken',
    });
    for (const bad of ['payout_with_underscore', 'Payout-Upper-Case-1234', 'short-ref', 'payout.with.dots.1234']) {
      await expect(payouts.transfer({ ...req, reference: bad })).rejects.toMatchObject({
        statusCode: 400,
        messageKey: 'payoutReferenceInvalid',
      });
    }
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(20_000);
  });

  it('the sandbox answers concurrent transfers of one reference with one transfer, never an error', async () => {
    // Its reference and its transfer code are both unique: a conflict on either is the same transfer (a repeat).
    const accountNumber = String(crypto.randomInt(1_000_000_000, 9_999_999_999));
    const { recipientCode } = await sandbox.createRecipient({
      name: 'Theo Provider',
      accountNumber,
      bankCode: '001',
      currency: 'NGN',
    });
    for (let round = 0; round < 5; round++) {
      const reference = ref();
      const input = { recipientCode, amount: 1_000, currency: 'NGN', reference, reason: 'Payout' };
      const answers = await Promise.all(Array.from({ length: 20 }, () => sandbox.transfer(input)));
      expect(new Set(answers.map((a) => a.transferCode)).size).toBe(1);
      expect(await t.count('sandbox_transfers', { reference })).toBe(1);
    }
  });

  it("refuses another provider's recipient as not found", async () => {
    const { recipient } = await providerWithRecipient(0);
    const other = await providerWithRecipient(10_000);
    await expect(
      payouts.transfer({
        providerId: other.provider.userId,
        recipientId: recipient.identifier,
        amount: 1_000,
        currency: 'NGN',
        reference: ref(),
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(await wallet.earningsOf(other.provider.userId, 'NGN')).toBe(10_000);
  });

  it("the sandbox's transfer desk settles a payout through the app's webhook route; an impossible change is a 409", async () => {
    const { provider, recipient } = await providerWithRecipient(9_000);
    const reference = ref();
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 9_000,
      currency: 'NGN',
      reference,
    });
    const settled = await t.api('POST', `/payment/sandbox/payouts/${reference}/success`, undefined);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toEqual({ reference, status: 'success' });
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('paid');
    expectError(await t.api('POST', `/payment/sandbox/payouts/${reference}/failed`, undefined), 409, {
      message: en.sandboxTransferSettled,
      code: 'CONFLICT',
    });
    expectError(await t.api('POST', '/payment/sandbox/payouts/payout-no-such-reference/success', undefined), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expect((await t.api('POST', `/payment/sandbox/payouts/${reference}/reversed`, undefined)).statusCode).toBe(200);
    await expect.poll(() => status(reference), { timeout: 10_000 }).toBe('returned');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(9_000);
  });

  it('a forged transfer.success is refused with 401 and changes nothing', async () => {
    const { provider, recipient } = await providerWithRecipient(10_000);
    const reference = ref();
    await payouts.transfer({
      providerId: provider.userId,
      recipientId: recipient.identifier,
      amount: 4_000,
      currency: 'NGN',
      reference,
    });
    const genuine = await sandbox.settleTransfer(reference, 'failed');
    const forged = { rawBody: genuine.rawBody, signature: signPaystackWebhook('not-the-secret', genuine.rawBody) };
    expect((await deliver(forged)).statusCode).toBe(401);
    const { rows } = await t.db.$client.query(
      "SELECT count(*)::int AS n FROM gateway_events WHERE payload->'data'->>'reference' = $1",
      [reference],
    );
    expect(rows[0]).toEqual({ n: 0 });
    expect(await status(reference)).toBe('started');
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(6_000);
  });

  it('the database refuses provider earnings below zero even when the code is bypassed', async () => {
    const provider = await t.signUp('provider');
    await earn(provider.userId, 1_000);
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      const account = (kind: string, userId: string | null) =>
        client.query<{ identifier: string }>(
          "SELECT identifier FROM ledger_accounts WHERE kind = $1 AND user_id IS NOT DISTINCT FROM $2 AND currency_code = 'NGN'",
          [kind, userId],
        );
      const earnings = (await account('provider_earnings', provider.userId)).rows[0]!.identifier;
      await client.query(
        "INSERT INTO ledger_accounts (identifier, kind, currency_code) VALUES (gen_random_uuid(), 'gateway_clearing', 'NGN') ON CONFLICT DO NOTHING",
      );
      const gateway = (await account('gateway_clearing', null)).rows[0]!.identifier;
      const tr = await client.query<{ identifier: string }>(
        "INSERT INTO ledger_transactions (identifier, type, user_id, reference, description) VALUES (gen_random_uuid(), 'payout', $1, $2, 'bypass') RETURNING identifier",
        [provider.userId, ref()],
      );
      await client.query(
        "INSERT INTO ledger_entries (identifier, transaction_id, account_id, amount, currency_code) VALUES (gen_random_uuid(), $1, $2, -1001, 'NGN'), (gen_random_uuid(), $1, $3, 1001, 'NGN')",
        [tr.rows[0]!.identifier, earnings, gateway],
      );
      await expect(client.query('COMMIT')).rejects.toThrow(/would go below zero/);
    } finally {
      client.release();
    }
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(1_000);
  });
});
