import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type SignedUp, type TestApp } from '../../../../test/harness.ts';
import { createWalletModule, type WalletModule } from '../../wallet/wallet.module.ts';
import { gatewayPayoutCurrencies } from '../gateway/payout-gateway.ts';
import { sandboxWebhookSecret } from '../payments.module.ts';
import { createSandboxPayouts, type SandboxPayouts } from '../sandbox/sandbox-payouts.ts';
import { createPayoutsService, type PayoutsService } from './payouts.service.ts';
import { createWeeklyPayout, isoWeek, type RecipientSource } from './weekly-payout.ts';

/**
 * The weekly payout (issue 15) on the sandbox gateway: available earnings go to the provider's bank once a week,
 * each a ledger transaction; a failed transfer gives the money back; runs twice at once pay once.
 */
let t: TestApp;
let wallet: WalletModule;
let sandbox: SandboxPayouts;
let payouts: PayoutsService;
const recipients = new Map<string, { recipientId: string; currencyCode: string }>();
const recipientOf: RecipientSource = async (providerId) => recipients.get(providerId);
let run: ReturnType<typeof createWeeklyPayout>;
beforeAll(async () => {
  t = await buildTestApp();
  wallet = createWalletModule(t);
  sandbox = createSandboxPayouts({ db: t.db, webhookSecret: sandboxWebhookSecret(t.config) });
  payouts = createPayoutsService(t, { gateway: sandbox, wallet });
  run = createWeeklyPayout(t, { payouts, wallet, currencies: gatewayPayoutCurrencies, recipientOf });
});
afterAll(async () => t.close());

const earn = (providerId: string, amount: number, currencyCode = 'NGN') =>
  wallet.transfer({
    userId: providerId,
    amount,
    currencyCode,
    reference: `booking-${crypto.randomUUID()}`,
    description: 'Session completed',
    commissionRate: 0,
  });
const deliver = (hook: { rawBody: Buffer; signature: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/sandbox',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    payload: hook.rawBody,
  });
const payoutsOf = async (providerId: string) =>
  (
    await t.db.$client.query<{ reference: string; status: string; amount: string }>(
      'SELECT reference, status, amount FROM payouts WHERE provider_id = $1 ORDER BY created_at',
      [providerId],
    )
  ).rows;
async function withBank(earnings: number): Promise<SignedUp> {
  const provider = await t.signUp('provider');
  if (earnings > 0) await earn(provider.userId, earnings);
  const recipient = await payouts.createRecipient({
    providerId: provider.userId,
    name: 'Theo Provider',
    accountNumber: String(crypto.randomInt(1_000_000_000, 9_999_999_999)),
    bankCode: '001',
    currency: 'NGN',
  });
  recipients.set(provider.userId, { recipientId: recipient.identifier, currencyCode: 'NGN' });
  return provider;
}

describe('isoWeek', () => {
  it('names the ISO week, across year ends', () => {
    expect(isoWeek(new Date('2026-11-23T06:00:00Z'))).toBe('2026-w48');
    expect(isoWeek(new Date('2026-01-01T00:00:00Z'))).toBe('2026-w01');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-w53');
    expect(isoWeek(new Date('2024-12-30T12:00:00Z'))).toBe('2025-w01');
  });
});

describe('the weekly payout', () => {
  it('pays each provider with bank details their whole available earnings, once, even when two runs race', async () => {
    t.clock.set('2026-11-23T06:00:00Z');
    const paid = await withBank(75_000);
    const noBank = await t.signUp('provider');
    await earn(noBank.userId, 20_000);
    const euro = await t.signUp('provider');
    await earn(euro.userId, 30_000, 'EUR');
    const tiny = await withBank(99);

    const [a, b] = await Promise.all([run(), run()]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
    expect(await payoutsOf(paid.userId)).toEqual([
      { reference: `weekly-2026-w48-ngn-${paid.userId}`, status: 'started', amount: '75000' },
    ]);
    expect(await wallet.earningsOf(paid.userId, 'NGN')).toBe(0);
    // No bank details: the earnings wait. EUR: the operator's batch. Under one naira: not worth a transfer.
    expect(await wallet.earningsOf(noBank.userId, 'NGN')).toBe(20_000);
    expect(await payoutsOf(noBank.userId)).toEqual([]);
    expect(await wallet.earningsOf(euro.userId, 'EUR')).toBe(30_000);
    expect(await payoutsOf(tiny.userId)).toEqual([]);
    // A third run the same week finds nothing more to pay.
    await run();
    expect(await payoutsOf(paid.userId)).toHaveLength(1);
  });

  it('a failed transfer returns the money to the earnings; the next week pays it again', async () => {
    t.clock.set('2026-11-30T06:00:00Z');
    const provider = await withBank(40_000);
    await run();
    const [first] = await payoutsOf(provider.userId);
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(0);
    expect((await deliver(await sandbox.settleTransfer(first!.reference, 'failed'))).statusCode).toBe(200);
    await expect.poll(() => wallet.earningsOf(provider.userId, 'NGN'), { timeout: 10_000 }).toBe(40_000);
    t.clock.set('2026-12-07T06:00:00Z');
    await run();
    expect((await payoutsOf(provider.userId)).map((p) => p.reference)).toEqual([
      `weekly-2026-w49-ngn-${provider.userId}`,
      `weekly-2026-w50-ngn-${provider.userId}`,
    ]);
    expect(await wallet.earningsOf(provider.userId, 'NGN')).toBe(0);
  });

  it('GET /wallet/payouts: the provider sees their own payouts with the account masked; others see none; clients 403', async () => {
    t.clock.set('2026-12-14T06:00:00Z');
    const provider = await withBank(12_500);
    await run();
    const mine = await t.api('GET', '/wallet/payouts', provider);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        amount: 12_500,
        currency: 'NGN',
        status: 'started',
        bankName: 'Sandbox Bank',
        accountLast4: expect.stringMatching(/^\d{4}$/),
      }),
    ]);
    expect(mine.json().meta).toEqual({ page: 1, pageSize: 10, total: 1, totalPages: 1 });
    expect((await t.api('GET', '/wallet/payouts', await t.signUp('provider'))).json().data).toEqual([]);
    expect((await t.api('GET', '/wallet/payouts', await t.signUp('client'))).statusCode).toBe(403);
    expect((await t.api('GET', '/wallet/payouts?page=0', provider)).statusCode).toBe(400);
  });
});
