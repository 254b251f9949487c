import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import type { StripeConnectState } from '@therapy/contracts/stripe-connect';
import type { ClockWork } from '../../../app.ts';
import { expectError, validation } from '../../../../test/assertions.ts';
import { startFakePaystack, type FakePaystack } from '../../../../test/fake-paystack.ts';
import { startFakeStripe, type FakeStripe, type SignedStripeEvent } from '../../../../test/fake-stripe.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../../test/harness.ts';
import { createWalletModule, type WalletModule } from '../../wallet/wallet.module.ts';

/**
 * Stripe Connect payouts (decision 0052) on the real app, against the local Stripe stand-in: a provider connects an
 * Express account (onboarding link, `account.updated` verified with Stripe), and the weekly payout sends their GBP
 * and EUR earnings to it as Stripe Transfers through the payout port (earnings -> clearing; a refused transfer or a
 * `transfer.reversed` gives them back, once).
 */
let t: TestApp;
let stripe: FakeStripe;
let paystack: FakePaystack;
let wallet: WalletModule;
let work: ClockWork;
beforeAll(async () => {
  [stripe, paystack] = await Promise.all([startFakeStripe(), startFakePaystack()]);
  t = await buildTestApp(
    {
      PAYMENT_GATEWAY: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_endpoint',
      STRIPE_API_BASE: stripe.url,
    },
    { clockWork: (w) => (work = w) },
  );
  wallet = createWalletModule(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripe.close(), paystack.close()]);
});

/** A provider in a country (providers name theirs on their profile; here it is set directly). */
const providerIn = async (country: string) => {
  const provider = await t.signUp('provider');
  await t.db.$client.query('UPDATE users SET country_code = $1 WHERE identifier = $2', [country, provider.userId]);
  return provider;
};
const state = async (who: SignedUp) => {
  const res = await t.api('GET', '/provider/stripe-connect', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StripeConnectState;
};
const link = (who: SignedUp) => t.api('POST', '/provider/stripe-connect/link', who);
const deliver = (hook: { rawBody: Buffer; signature: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    payload: hook.rawBody,
  });
const eventStatus = async (hook: SignedStripeEvent) =>
  (
    await t.db.$client.query<{ status: string; note: string | null }>(
      'SELECT status, note FROM gateway_events WHERE event_key = $1',
      [hook.event.id],
    )
  ).rows[0];
const settled = (hook: SignedStripeEvent) =>
  expect.poll(async () => (await eventStatus(hook))?.status, { timeout: 10_000 }).not.toBe('received');
const accountOf = async (providerId: string) =>
  (
    await t.db.$client.query<{ account_id: string; status: string }>(
      'SELECT account_id, status FROM stripe_connected_accounts WHERE provider_id = $1',
      [providerId],
    )
  ).rows[0];
const earn = (providerId: string, amount: number, currencyCode: string) =>
  wallet.transfer({
    userId: providerId,
    amount,
    currencyCode,
    reference: `booking-${crypto.randomUUID()}`,
    description: 'Session completed',
    commissionRate: 0,
  });
const payoutsOf = async (providerId: string) =>
  (
    await t.db.$client.query<{ reference: string; status: string; amount: string; gateway: string }>(
      'SELECT reference, status, amount, gateway FROM payouts WHERE provider_id = $1 ORDER BY created_at',
      [providerId],
    )
  ).rows;

/** A GB provider whose Stripe account finished onboarding (payouts enabled). */
async function connected(country = 'GB'): Promise<{ provider: SignedUp; accountId: string }> {
  const provider = await providerIn(country);
  expect((await link(provider)).statusCode).toBe(200);
  const { account_id: accountId } = (await accountOf(provider.userId))!;
  const hook = stripe.completeOnboarding(accountId);
  expect((await deliver(hook)).statusCode).toBe(200);
  await settled(hook);
  expect((await state(provider)).status).toBe('enabled');
  return { provider, accountId };
}

describe('connecting a Stripe Express account', () => {
  it('makes one account for the provider and answers an onboarding link back to the bank-details page', async () => {
    const provider = await providerIn('GB');
    expect(await state(provider)).toEqual({
      available: true,
      status: 'not_connected',
      requirementsDue: 0,
      updatedAt: null,
    });
    const first = await link(provider);
    expect(first.statusCode, first.body).toBe(200);
    const { account_id: accountId } = (await accountOf(provider.userId))!;
    const create = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts' && r.body.metadata);
    const mine = create.find((r) => (r.body.metadata as { providerId?: string }).providerId === provider.userId)!;
    expect(mine).toMatchObject({
      authorized: true,
      idempotencyKey: `connect-account:${provider.userId}`,
      body: {
        type: 'express',
        country: 'GB',
        email: provider.email,
        capabilities: { transfers: { requested: 'true' } },
      },
    });
    const linkRequest = stripe.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    expect(linkRequest.body).toEqual({
      account: accountId,
      type: 'account_onboarding',
      return_url: 'http://localhost:5173/bank-details?stripe=return',
      refresh_url: 'http://localhost:5173/bank-details?stripe=refresh',
    });
    expect(first.json().data.url).toMatch(new RegExp(`^${stripe.url}/setup/s/${accountId}/`));

    // Again (the link expired: Stripe sent them to refresh_url): a new link, the same account.
    const again = await link(provider);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.url).not.toBe(first.json().data.url);
    expect([...stripe.accounts.values()].filter((a) => a.metadata?.providerId === provider.userId)).toHaveLength(1);
    expect(await t.count('stripe_connected_accounts', { provider_id: provider.userId })).toBe(1);
    expect(await state(provider)).toMatchObject({ available: true, status: 'onboarding', requirementsDue: 6 });
  });

  it('account.updated enables payouts only once Stripe, asked for the account, says so', async () => {
    const provider = await providerIn('DE');
    expect((await link(provider)).statusCode).toBe(200);
    const { account_id: accountId } = (await accountOf(provider.userId))!;
    // A signed event whose body claims payouts are on, while Stripe's account says otherwise: nothing enabled.
    const account = stripe.accounts.get(accountId)!;
    const claim = stripe.event(
      'account.updated',
      { ...account, payouts_enabled: true, details_submitted: true },
      accountId,
    );
    expect((await deliver(claim)).statusCode).toBe(200);
    await settled(claim);
    expect(await eventStatus(claim)).toEqual({ status: 'processed', note: null });
    expect((await accountOf(provider.userId))!.status).toBe('onboarding');

    // Details given but Stripe keeps payouts off: restricted.
    const restricted = stripe.completeOnboarding(accountId, false);
    expect((await deliver(restricted)).statusCode).toBe(200);
    await settled(restricted);
    expect((await accountOf(provider.userId))!.status).toBe('restricted');

    // Signed by the Connect endpoint's own secret (Stripe sends connected accounts' events there).
    const enabled = stripe.completeOnboarding(accountId);
    const viaConnect = { ...enabled, signature: stripe.sign(enabled.rawBody, undefined, 'whsec_connect_endpoint') };
    expect((await deliver(viaConnect)).statusCode).toBe(200);
    await settled(enabled);
    expect((await accountOf(provider.userId))!.status).toBe('enabled');
    expect(await state(provider)).toMatchObject({ status: 'enabled', requirementsDue: 0 });
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/accounts/${accountId}`)).toBe(true);
  });

  it('a forged account.updated is refused (401) and stored nowhere', async () => {
    const { rawBody } = stripe.event('account.updated', { object: 'account', id: 'acct_FORGED' });
    const res = await deliver({ rawBody, signature: stripe.sign(rawBody, undefined, 'whsec_wrong') });
    expect(res.statusCode).toBe(401);
    expect(await t.count('gateway_events', { event_type: 'account.updated', gateway: 'stripe' })).toBeGreaterThan(0);
    const { rows } = await t.db.$client.query(
      "SELECT 1 FROM gateway_events WHERE payload->'data'->'object'->>'id' = 'acct_FORGED'",
    );
    expect(rows).toEqual([]);
  });

  it('each provider sees only their own state; clients are refused; a currency Stripe does not pay out is a clear 400', async () => {
    const { provider } = await connected();
    const other = await providerIn('GB');
    expect(await state(other)).toMatchObject({ status: 'not_connected' });
    expect((await link(other)).statusCode).toBe(200);
    expect((await accountOf(other.userId))!.account_id).not.toBe((await accountOf(provider.userId))!.account_id);
    expect(await state(other)).toMatchObject({ status: 'onboarding' });
    expect(await state(provider)).toMatchObject({ status: 'enabled' });

    const client = await t.signUp('client');
    expect((await t.api('GET', '/provider/stripe-connect', client)).statusCode).toBe(403);
    expect((await link(client)).statusCode).toBe(403);

    const nigerian = await providerIn('NG');
    const res = await link(nigerian);
    expectError(res, 400, validation(en.stripeConnectCurrencyUnsupported.replace('{currency}', 'NGN')));
    expect(await accountOf(nigerian.userId)).toBeUndefined();
  });

  it('Stripe unreachable is a 502 and no account is recorded', async () => {
    const provider = await providerIn('GB');
    stripe.failNext(500, 2);
    const res = await link(provider);
    expect(res.statusCode).toBe(502);
    expect(await accountOf(provider.userId)).toBeUndefined();
  });
});

describe('the weekly payout through Stripe Connect', () => {
  it('sends an enabled provider their GBP earnings as a Transfer (earnings -> clearing), once a week', async () => {
    t.clock.set('2026-11-23T06:00:00Z');
    const { provider, accountId } = await connected();
    await earn(provider.userId, 50_000, 'GBP');
    const waiting = await providerIn('GB'); // onboarding, not enabled: not paid
    expect((await link(waiting)).statusCode).toBe(200);
    await earn(waiting.userId, 20_000, 'GBP');

    const report = await work.weeklyPayout();
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const reference = `weekly-2026-w48-gbp-${provider.userId}`;
    expect(await payoutsOf(provider.userId)).toEqual([
      { reference, status: 'paid', amount: '50000', gateway: 'stripe' },
    ]);
    const sent = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/transfers' && r.idempotencyKey === reference,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      amount: '50000',
      currency: 'gbp',
      destination: accountId,
      transfer_group: reference,
      metadata: { reference },
    });
    expect(await wallet.earningsOf(provider.userId, 'GBP')).toBe(0);
    expect(await wallet.earningsOf(waiting.userId, 'GBP')).toBe(20_000);
    expect(await payoutsOf(waiting.userId)).toEqual([]);

    // A second run the same week sends nothing more.
    await work.weeklyPayout();
    expect(stripe.requests.filter((r) => r.path === '/v1/transfers' && r.idempotencyKey === reference)).toHaveLength(1);
    expect(await t.count('ledger_transactions', { reference })).toBe(1);
  });

  it('a transfer Stripe refuses gives the earnings back, and the provider is paid the next week', async () => {
    t.clock.set('2026-11-30T06:00:00Z');
    const { provider } = await connected('DE');
    await earn(provider.userId, 30_000, 'EUR');
    stripe.refuseTransfers(true);
    try {
      const report = await work.weeklyPayout();
      expect(report.failed).toBeGreaterThanOrEqual(1);
    } finally {
      stripe.refuseTransfers(false);
    }
    expect(await payoutsOf(provider.userId)).toEqual([
      { reference: `weekly-2026-w49-eur-${provider.userId}`, status: 'failed', amount: '30000', gateway: 'stripe' },
    ]);
    expect(await wallet.earningsOf(provider.userId, 'EUR')).toBe(30_000);
    const { rows } = await t.db.$client.query<{ failure_reason: string }>(
      'SELECT failure_reason FROM payouts WHERE provider_id = $1',
      [provider.userId],
    );
    expect(rows[0]!.failure_reason).toMatch(/insufficient available funds/);

    t.clock.set('2026-12-07T06:00:00Z');
    await work.weeklyPayout();
    expect((await payoutsOf(provider.userId)).map((p) => p.status)).toEqual(['failed', 'paid']);
    expect(await wallet.earningsOf(provider.userId, 'EUR')).toBe(0);
  });

  it('transfer.reversed gives the earnings back once, however often it arrives; a forged one moves nothing', async () => {
    t.clock.set('2026-12-14T06:00:00Z');
    const { provider } = await connected();
    await earn(provider.userId, 40_000, 'GBP');
    await work.weeklyPayout();
    const reference = `weekly-2026-w51-gbp-${provider.userId}`;
    const transfer = [...stripe.transfers.values()].find((x) => x.transfer_group === reference)!;

    // Signed, but Stripe says the transfer stands: nothing comes back.
    const claim = stripe.event('transfer.reversed', { ...transfer, reversed: true, amount_reversed: transfer.amount });
    expect((await deliver(claim)).statusCode).toBe(200);
    await settled(claim);
    expect(await wallet.earningsOf(provider.userId, 'GBP')).toBe(0);

    const reversed = stripe.reverseTransfer(transfer.id);
    await Promise.all(Array.from({ length: 3 }, () => deliver(reversed)));
    await settled(reversed);
    expect(await eventStatus(reversed)).toEqual({ status: 'processed', note: null });
    const again = stripe.event('transfer.reversed', transfer as unknown as Record<string, unknown>);
    expect((await deliver(again)).statusCode).toBe(200);
    await settled(again);
    expect((await payoutsOf(provider.userId)).map((p) => p.status)).toEqual(['returned']);
    expect(await wallet.earningsOf(provider.userId, 'GBP')).toBe(40_000);
    expect(await t.count('ledger_transactions', { reference })).toBe(1);
    expect(await t.count('ledger_transactions', { reference: `${reference}:returned` })).toBe(1);
  });
});

describe('without Stripe', () => {
  it('is not available, and asking for a link is a clear 400 that changes nothing', async () => {
    const plain = await buildTestApp();
    try {
      const provider = await plain.signUp('provider');
      const res = await plain.api('GET', '/provider/stripe-connect', provider);
      expect(res.json().data).toEqual({
        available: false,
        status: 'not_connected',
        requirementsDue: 0,
        updatedAt: null,
      });
      expectError(
        await plain.api('POST', '/provider/stripe-connect/link', provider),
        400,
        validation(en.stripeConnectUnavailable),
      );
      expect(await plain.count('stripe_connected_accounts', {})).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
