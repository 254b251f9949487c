import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { en } from '@therapy/contracts/messages';
import type { TopupResponse, WalletTransaction } from '@therapy/contracts/wallet';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { signPaystackWebhook } from './gateway/paystack-gateway.ts';
import { createEventBus } from '../../platform/events.ts';
import { createPgRealtime } from '../../platform/realtime.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';
import { expireStalePayments } from './expire-payments.ts';
import { sandboxWebhookSecret } from './payments.module.ts';
import { createSandboxGateway } from './sandbox/sandbox-gateway.ts';
import { createSettlement } from './settlement.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const balance = async (who: SignedUp) => (await t.api('GET', '/wallet/balance', who)).json().data as { balance: number; currency: string };
const startTopup = async (who: SignedUp, amount: number, key?: string) => {
  const res = await t.request({ method: 'POST', url: '/api/v1/payment/wallet', headers: { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload: { amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TopupResponse;
};
/** The sandbox checkout's "Pay" or "Decline" button, as the browser would press it. */
const press = (reference: string, action: 'pay' | 'decline') =>
  t.request({ method: 'POST', url: `/api/v1/payment/sandbox/checkout/${reference}/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
const statusOf = async (who: SignedUp, paymentId: string) => (await t.api('GET', `/payment/status/${paymentId}`, who)).json().data.status as string;
/** Waits for the job that processes webhooks (and the status poll's own check with the gateway). */
const settles = (who: SignedUp, paymentId: string, expected: string) => {
  t.clock.advance(5_000);
  return expect.poll(() => statusOf(who, paymentId), { timeout: 10_000, interval: 200 }).toBe(expected);
};
const webhook = (rawBody: Buffer | string, signature?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/sandbox',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-paystack-signature': signature }) },
    payload: rawBody,
  });
const chargeSuccess = (reference: string, amount: number, currency = 'NGN', id = 900_000 + Math.floor(Math.random() * 1e5)) =>
  Buffer.from(JSON.stringify({ event: 'charge.success', data: { id, reference, amount, currency, status: 'success', channel: 'card', customer: { customer_code: null, email: 'x@example.com' } } }));

describe('starting a top-up', () => {
  let client: SignedUp;
  beforeAll(async () => {
    client = await t.signUp('client');
  });

  it.each([
    [{ amount: 49_999 }, 'Minimum topup amount is 500 ₦'],
    [{ amount: 0 }, en.amountPositive],
    [{ amount: -100_000 }, en.amountPositive],
    [{ amount: '100000' }, en.amountDigits],
    [{ amount: '1,000abc' }, en.amountDigits],
    [{ amount: 100_000.5 }, en.amountDigits],
    [{ amount: 1e15 }, en.amountTooLarge],
    [{ amount: 100_000, currencyCode: 'XYZ' }, en.currencyUnsupported],
    [{ amount: 100_000, currencyCode: 'GBP' }, en.currencyNotYours],
  ])('refuses %j and starts nothing', async (body, message) => {
    const res = await t.api('POST', '/payment/wallet', client, body);
    expectError(res, 400, validation(message));
    expect(await t.count('payments', { user_id: client.userId })).toBe(0);
  });

  it('says the minimum in German too', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/payment/wallet', headers: { ...client.auth, 'x-locale': 'de' }, payload: { amount: 100 } });
    expect(res.json().message).toBe('Der Mindestbetrag für eine Aufladung ist 500 ₦');
  });

  it('answers a retried request (same Idempotency-Key) with the same payment', async () => {
    const key = `key-${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([startTopup(client, 100_000, key), startTopup(client, 100_000, key)]);
    const c = await startTopup(client, 100_000, key);
    expect(new Set([a.payment.identifier, b.payment.identifier, c.payment.identifier]).size).toBe(1);
    expect(await t.count('payments', { user_id: client.userId, idempotency_key: key })).toBe(1);
    const other = await t.request({ method: 'POST', url: '/api/v1/payment/wallet', headers: { ...client.auth, 'idempotency-key': key }, payload: { amount: 200_000 } });
    expect(other.statusCode).toBe(409);
  });

  it('is for clients', async () => {
    const provider = await t.signUp('provider');
    expect((await t.api('POST', '/payment/wallet', provider, { amount: 100_000 })).statusCode).toBe(403);
    expect((await t.api('POST', '/payment/wallet', undefined, { amount: 100_000 })).statusCode).toBe(401);
  });
});

describe('card top-up through the sandbox checkout', () => {
  it('pays, credits once, mails, and lists the transaction', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 250_000);
    expect(started.metadata.authorizationUrl).toContain(`/api/v1/payment/sandbox/checkout/${started.payment.reference}`);
    expect(started.payment).toMatchObject({ status: 'pending', amount: 250_000, currencyCode: 'NGN', method: 'card' });
    const page = await t.request({ method: 'GET', url: `/api/v1/payment/sandbox/checkout/${started.payment.reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox checkout');

    const paid = await press(started.payment.reference, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`/wallet?payment=${started.payment.identifier}`);
    await settles(client, started.payment.identifier, 'success');
    expect(await balance(client)).toEqual({ balance: 250_000, currency: 'NGN' });
    const mail = await t.mail.waitFor(client.email, (x) => /top-up/i.test(x.subject));
    expect(mail.text).toContain('2,500.00');

    const list = (await t.api('GET', '/wallet/transactions', client)).json();
    expect(list.meta).toEqual({ page: 1, pageSize: 20, total: 1, totalPages: 1 });
    const [item] = list.data as WalletTransaction[];
    expect(item).toMatchObject({ type: 'topup', amount: 250_000, currencyCode: 'NGN' });
    expect((await t.api('GET', `/wallet/transactions/${item!.identifier}`, client)).json().data).toEqual(item);
    expect((await t.api('GET', '/wallet/stats', client)).json().data).toEqual({ currency: 'NGN', moneyIn: 250_000, moneyOut: 0, thisMonthIn: 250_000, thisMonthOut: 0 });

    // Someone else's payment and transaction do not exist for another user.
    const other = await t.signUp('client');
    expectError(await t.api('GET', `/payment/status/${started.payment.identifier}`, other), 404, { message: en.notFound, code: 'NOT_FOUND' });
    expectError(await t.api('GET', `/wallet/transactions/${item!.identifier}`, other), 404, { message: en.notFound, code: 'NOT_FOUND' });
  });

  it('a declined payment ends as failed and credits nothing', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 100_000);
    expect((await press(started.payment.reference, 'decline')).statusCode).toBe(303);
    await settles(client, started.payment.identifier, 'failed');
    expect((await balance(client)).balance).toBe(0);
  });
});

describe('webhooks', () => {
  const secret = () => sandboxWebhookSecret(t.config);

  it('one signed event delivered 100 times in a row and 20 at once credits once', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 300_000);
    await t.db.$client.query("UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1", [started.payment.reference]);
    const body = chargeSuccess(started.payment.reference, 300_000);
    const signature = signPaystackWebhook(secret(), body);
    for (let i = 0; i < 100; i += 1) expect((await webhook(body, signature)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => webhook(body, signature)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await expect.poll(async () => (await balance(client)).balance, { timeout: 10_000 }).toBe(300_000);
    // A while later, still once.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await balance(client)).balance).toBe(300_000);
    expect(await t.count('gateway_events', { event_key: `charge.success:${JSON.parse(body.toString()).data.id}` })).toBe(1);
  });

  it('refuses unsigned, forged and unknown events without writing anything', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 100_000);
    const body = chargeSuccess(started.payment.reference, 100_000);
    const before = await t.count('gateway_events');
    const refused = { message: en.webhookRejected, code: 'INVALID_SIGNATURE' };
    expectError(await webhook(body), 401, refused);
    expectError(await webhook(body, 'deadbeef'), 401, refused);
    expectError(await webhook(body, signPaystackWebhook('another secret', body)), 401, refused);
    const tampered = Buffer.from(body.toString().replace('100000', '9900000'));
    expectError(await webhook(tampered, signPaystackWebhook(secret(), body)), 401, refused);
    const unknown = Buffer.from(JSON.stringify({ event: 'subscription.create', data: { id: 1 } }));
    expectError(await webhook(unknown, signPaystackWebhook(secret(), unknown)), 401, refused);
    expectError(await webhook('not json', signPaystackWebhook(secret(), Buffer.from('not json'))), 401, refused);
    expect((await t.request({ method: 'POST', url: '/api/v1/payment/webhook/paystack', headers: { 'content-type': 'application/json' }, payload: body })).statusCode).toBe(404);
    expect(await t.count('gateway_events')).toBe(before);
    expect((await balance(client)).balance).toBe(0);
  });

  it('a signed event whose amount the gateway does not confirm credits nothing', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 100_000);
    await t.db.$client.query("UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1", [started.payment.reference]);
    const body = chargeSuccess(started.payment.reference, 10_000_000);
    expect((await webhook(body, signPaystackWebhook(secret(), body))).statusCode).toBe(200);
    const key = `charge.success:${JSON.parse(body.toString()).data.id}`;
    await expect.poll(async () => (await t.db.$client.query('SELECT processed_at FROM gateway_events WHERE event_key = $1', [key])).rows[0]?.processed_at, { timeout: 10_000 }).not.toBeNull();
    expect((await balance(client)).balance).toBe(0);
    expect(await t.count('ledger_transactions', { user_id: client.userId })).toBe(0);
  });
});

describe('transfer to a dedicated account', () => {
  it('creates the account once the profile has names, and credits a simulated transfer with a mail', async () => {
    const nameless = await t.signUp('client');
    await t.db.$client.query('UPDATE users SET last_name = NULL WHERE identifier = $1', [nameless.userId]);
    expect((await t.api('GET', '/virtual-accounts/account', nameless)).json().data).toEqual({ account: null, canGenerate: false });
    expectError(await t.api('POST', '/virtual-accounts/generate', nameless), 400, validation(en.bankAccountNeedsName));

    const client = await t.signUp('client');
    const [a, b] = await Promise.all([t.api('POST', '/virtual-accounts/generate', client), t.api('POST', '/virtual-accounts/generate', client)]);
    expect(a.json().data).toEqual(b.json().data);
    const { account } = a.json().data as { account: { accountNumber: string; bankName: string; accountName: string } };
    expect(account).toMatchObject({ bankName: 'Sandbox Bank', accountName: 'Ada Client' });
    expect(await t.count('virtual_accounts', { user_id: client.userId })).toBe(1);

    const transfer = await t.request({ method: 'POST', url: '/api/v1/payment/sandbox/transfer', payload: { accountNumber: account.accountNumber, amount: 750_000 } });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await expect.poll(async () => (await balance(client)).balance, { timeout: 10_000 }).toBe(750_000);
    await t.mail.waitFor(client.email, (x) => /top-up/i.test(x.subject));
    const [item] = (await t.api('GET', '/wallet/transactions?transactionType=topup', client)).json().data as WalletTransaction[];
    expect(item).toMatchObject({ amount: 750_000, description: 'Wallet top-up by bank transfer' });
  });
});

describe('dedicated account paths (spec §7: POST /virtual-accounts/generate, GET /virtual-accounts/account)', () => {
  it('signed out: both answer 401 and nothing is created', async () => {
    const unauthorized = { message: en.unauthorized, code: 'UNAUTHORIZED_ACCESS' };
    const before = await t.count('virtual_accounts');
    expectError(await t.request({ method: 'GET', url: '/api/v1/virtual-accounts/account' }), 401, unauthorized);
    expectError(await t.request({ method: 'POST', url: '/api/v1/virtual-accounts/generate' }), 401, unauthorized);
    expect(await t.count('virtual_accounts')).toBe(before);
  });

  it('another client never sees or gets the account of someone else; a provider is refused', async () => {
    const owner = await t.signUp('client');
    const generated = await t.api('POST', '/virtual-accounts/generate', owner);
    expect(generated.statusCode, generated.body).toBe(200);
    const ownAccount = generated.json().data.account as { accountNumber: string };
    expect((await t.api('GET', '/virtual-accounts/account', owner)).json().data).toEqual(generated.json().data);

    const other = await t.signUp('client', { firstName: 'Bea', lastName: 'Other' });
    expect((await t.api('GET', '/virtual-accounts/account', other)).json().data).toEqual({ account: null, canGenerate: true });
    const theirs = (await t.api('POST', '/virtual-accounts/generate', other)).json().data.account as { accountNumber: string; accountName: string };
    expect(theirs.accountNumber).not.toBe(ownAccount.accountNumber);
    expect(theirs.accountName).toBe('Bea Other');

    const provider = await t.signUp('provider');
    expectError(await t.api('GET', '/virtual-accounts/account', provider), 403, { message: en.forbidden, code: 'FORBIDDEN' });
    expectError(await t.api('POST', '/virtual-accounts/generate', provider), 403, { message: en.forbidden, code: 'FORBIDDEN' });
    expect(await t.count('virtual_accounts', { user_id: provider.userId })).toBe(0);
  });

  it('the old /wallet/bank-account paths are gone', async () => {
    const client = await t.signUp('client');
    expect((await t.api('GET', '/wallet/bank-account', client)).statusCode).toBe(404);
    expect((await t.api('POST', '/wallet/bank-account', client)).statusCode).toBe(404);
  });
});

describe('transaction list filters', () => {
  it.each([
    ['?page=0', en.pageInvalid],
    ['?pageSize=101', en.pageInvalid],
    ['?fromDate=2026-02-30', en.dateInvalid],
    ['?fromDate=2026-05-02&toDate=2026-05-01', en.dateRangeOrder],
    ['?transactionType=gift', en.transactionTypeInvalid],
  ])('refuses %s', async (query, message) => {
    const client = await t.signUp('client');
    expectError(await t.api('GET', `/wallet/transactions${query}`, client), 400, validation(message));
  });
});

describe('stale pending payments', () => {
  it('are asked about once more, then abandoned; a late payment is still credited; the job is scheduled', async () => {
    const gateway = createSandboxGateway({ db: t.db, webhookSecret: sandboxWebhookSecret(t.config), publicBaseUrl: '' });
    const log = { warn: () => undefined, error: () => undefined };
    const events = createEventBus({ db: t.db, realtime: createPgRealtime(t.db), log });
    onTestFinished(() => events.close());
    const settlement = createSettlement({ events }, gateway, createWalletModule(t), log);
    const client = await t.signUp('client');
    const forgotten = await startTopup(client, 100_000);
    const paidLate = await startTopup(client, 200_000);
    const fresh = await startTopup(client, 300_000);
    await t.db.$client.query("UPDATE payments SET created_at = now() - interval '2 days' WHERE identifier = ANY($1)", [[forgotten.payment.identifier, paidLate.payment.identifier]]);
    await t.db.$client.query("UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1", [paidLate.payment.reference]);

    expect(await expireStalePayments(t.db, t.clock, () => settlement)).toBe(1);
    const statuses = Object.fromEntries(
      (await t.db.$client.query('SELECT identifier, status FROM payments WHERE user_id = $1', [client.userId])).rows.map((r) => [r.identifier, r.status]),
    );
    expect(statuses).toEqual({ [forgotten.payment.identifier]: 'abandoned', [paidLate.payment.identifier]: 'success', [fresh.payment.identifier]: 'pending' });
    expect((await balance(client)).balance).toBe(200_000);
    const schedules = await t.db.$client.query('SELECT cron FROM pgboss.schedule WHERE name = $1', ['payments.expire-pending']);
    expect(schedules.rows).toEqual([{ cron: '*/15 * * * *' }]);
  });
});
