import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { en } from '@therapy/contracts/messages';
import type { TopupResponse, WalletTransaction } from '@therapy/contracts/wallet';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { signPaystackWebhook } from './gateway/paystack-gateway.ts';
import { createAccessTokens } from '../../platform/auth/tokens.ts';
import { createEventBus } from '../../platform/events.ts';
import { createPgRealtime } from '../../platform/realtime.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';
import { expireStalePayments } from './expire-payments.ts';
import { sandboxWebhookSecret } from './payments.module.ts';
import { createSandboxGateway } from './sandbox/sandbox-gateway.ts';
import { createSettlement } from './settlement.ts';

let t: TestApp;
/** What went to the error-reporting service (gateway events that need attention are reported there). */
const reported: Array<{ requestId: string; message: string }> = [];
beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      errorReporter: {
        capture: (err, requestId) => void reported.push({ requestId, message: (err as Error).message }),
        close: async () => {},
      },
    },
  );
});
afterAll(async () => t.close());

const balance = async (who: SignedUp) =>
  (await t.api('GET', '/wallet/balance', who)).json().data as { balance: number; currency: string };
const startTopup = async (who: SignedUp, amount: number, key?: string) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/payment/wallet',
    headers: { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TopupResponse;
};
/** The sandbox checkout's "Pay" or "Decline" button, as the browser would press it. */
const press = (reference: string, action: 'pay' | 'decline') =>
  t.request({
    method: 'POST',
    url: `/api/v1/payment/sandbox/checkout/${reference}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
const eventStatus = async (key: string) =>
  (await t.db.$client.query<{ status: string }>('SELECT status FROM gateway_events WHERE event_key = $1', [key]))
    .rows[0]?.status;
const ledgerRows = () => t.count('ledger_entries');
/**
 * A signed-in operator. Operators have no sign-in of their own in the public API yet (the login refuses them): a
 * client's live session is made an operator's, and its token minted as the server would.
 */
async function operator(): Promise<SignedUp> {
  const who = await t.signUp('client');
  await t.db.$client.query("UPDATE users SET user_type = 'operator' WHERE identifier = $1", [who.userId]);
  const tokens = createAccessTokens(t.config.jwtSecret);
  const claims = (await tokens.verify(who.session.accessToken, t.clock.now()))!;
  const token = await tokens.sign({ ...claims, userType: 'operator' }, t.clock.now());
  return { ...who, auth: { authorization: `Bearer ${token}` } };
}
const statusOf = async (who: SignedUp, paymentId: string) =>
  (await t.api('GET', `/payment/status/${paymentId}`, who)).json().data.status as string;
/** Waits for the job that processes webhooks (and the status poll's own check with the gateway). */
const settles = (who: SignedUp, paymentId: string, expected: string) => {
  t.clock.advance(5_000);
  return expect.poll(() => statusOf(who, paymentId), { timeout: 10_000, interval: 200 }).toBe(expected);
};
const webhook = (rawBody: Buffer | string, signature?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-paystack-signature': signature }),
    },
    payload: rawBody,
  });
const chargeSuccess = (
  reference: string,
  amount: number,
  currency = 'NGN',
  id = 900_000 + Math.floor(Math.random() * 1e5),
) =>
  Buffer.from(
    JSON.stringify({
      event: 'charge.success',
      data: {
        id,
        reference,
        amount,
        currency,
        status: 'success',
        channel: 'card',
        customer: { customer_code: null, email: 'x@example.com' },
      },
    }),
  );

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
  ])('refuses %j and starts nothing', async (body, message) => {
    const res = await t.api('POST', '/payment/wallet', client, body);
    expectError(res, 400, validation(message));
    expect(await t.count('payments', { user_id: client.userId })).toBe(0);
  });

  it('says the minimum in German too', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/payment/wallet',
      headers: { ...client.auth, 'x-locale': 'de' },
      payload: { amount: 100 },
    });
    expect(res.json().message).toBe('Der Mindestbetrag für eine Aufladung ist 500 ₦');
  });

  it('answers a retried request (same Idempotency-Key) with the same payment', async () => {
    const key = `key-${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([startTopup(client, 100_000, key), startTopup(client, 100_000, key)]);
    const c = await startTopup(client, 100_000, key);
    expect(new Set([a.payment.identifier, b.payment.identifier, c.payment.identifier]).size).toBe(1);
    expect(await t.count('payments', { user_id: client.userId, idempotency_key: key })).toBe(1);
    const other = await t.request({
      method: 'POST',
      url: '/api/v1/payment/wallet',
      headers: { ...client.auth, 'idempotency-key': key },
      payload: { amount: 200_000 },
    });
    expect(other.statusCode).toBe(409);
  });

  it('is for clients', async () => {
    const provider = await t.signUp('provider');
    expect((await t.api('POST', '/payment/wallet', provider, { amount: 100_000 })).statusCode).toBe(403);
    expect((await t.api('POST', '/payment/wallet', undefined, { amount: 100_000 })).statusCode).toBe(401);
  });
});

describe('card top-up through the sandbox checkout', () => {
  it("comes back to the booking's payment page it began on; any other place is refused (no open redirect)", async () => {
    const client = await t.signUp('client');
    const bookingPage = `/payment/${crypto.randomUUID()}`;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/payment/wallet',
      headers: { ...client.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { amount: 100_000, returnTo: bookingPage },
    });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json().data;
    const paid = await press(started.payment.reference, 'pay');
    expect(paid.headers.location).toBe(
      `${t.config.appOrigin}${bookingPage}?payment=${started.payment.identifier}&reference=${started.payment.reference}`,
    );
    for (const returnTo of [
      'https://evil.example.com/payment/x',
      '//evil.example.com',
      '/wallet/../../evil',
      `/payment/${crypto.randomUUID()}?next=https://evil.example.com`,
      'javascript:alert(1)',
    ]) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/v1/payment/wallet',
        headers: { ...client.auth, 'idempotency-key': crypto.randomUUID() },
        payload: { amount: 100_000, returnTo },
      });
      expect(refused.statusCode, returnTo).toBe(400);
      expect(refused.json().message).toBe(en.returnToInvalid);
    }
  });

  it('pays, credits once, mails, and lists the transaction', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 250_000);
    expect(started.metadata.authorizationUrl).toContain(
      `/api/v1/payment/sandbox/checkout/${started.payment.reference}`,
    );
    expect(started.payment).toMatchObject({ status: 'pending', amount: 250_000, currencyCode: 'NGN', method: 'card' });
    const page = await t.request({
      method: 'GET',
      url: `/api/v1/payment/sandbox/checkout/${started.payment.reference}`,
    });
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
    expect((await t.api('GET', '/wallet/stats', client)).json().data).toEqual({
      currency: 'NGN',
      moneyIn: 250_000,
      moneyOut: 0,
      thisMonthIn: 250_000,
      thisMonthOut: 0,
    });

    // Someone else's payment and transaction do not exist for another user.
    const other = await t.signUp('client');
    expectError(await t.api('GET', `/payment/status/${started.payment.identifier}`, other), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expectError(await t.api('GET', `/wallet/transactions/${item!.identifier}`, other), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
  });

  it('a declined payment ends as failed and credits nothing', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 100_000);
    expect((await press(started.payment.reference, 'decline')).statusCode).toBe(303);
    await settles(client, started.payment.identifier, 'failed');
    expect((await balance(client)).balance).toBe(0);
  });
});

describe('wallets per currency (DESIGN.md §6: a booking in another currency is paid from that wallet)', () => {
  it("tops up the requested currency's wallet, which GET /wallet/balance?currency= reads; the own wallet is untouched", async () => {
    const client = await t.signUp('client');
    const options = await t.api('GET', '/payment/options?currency=GBP', client);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toMatchObject({ currencyCode: 'GBP' });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/payment/wallet',
      headers: client.auth,
      payload: { amount: 120_000, currencyCode: 'GBP' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json().data as TopupResponse;
    expect(started.payment).toMatchObject({ amount: 120_000, currencyCode: 'GBP' });
    await press(started.payment.reference, 'pay');
    await settles(client, started.payment.identifier, 'success');
    expect((await t.api('GET', '/wallet/balance?currency=GBP', client)).json().data).toEqual({
      balance: 120_000,
      currency: 'GBP',
    });
    expect(await balance(client)).toEqual({ balance: 0, currency: 'NGN' });
    expect((await t.api('GET', '/wallet/balance?currency=NGN', client)).json().data).toEqual({
      balance: 0,
      currency: 'NGN',
    });
  });

  it('refuses an unsupported currency (400) and answers another user nothing of it', async () => {
    const client = await t.signUp('client');
    expectError(await t.api('GET', '/wallet/balance?currency=XYZ', client), 400, validation(en.currencyUnsupported));
    expectError(await t.api('GET', '/payment/options?currency=XYZ', client), 400, validation(en.currencyUnsupported));
    expect((await t.api('GET', '/wallet/balance?currency=GBP', undefined)).statusCode).toBe(401);
  });
});

describe('webhooks', () => {
  const secret = () => sandboxWebhookSecret(t.config);

  it('one signed event delivered 100 times in a row and 20 at once credits once', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 300_000);
    await t.db.$client.query(
      "UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1",
      [started.payment.reference],
    );
    const body = chargeSuccess(started.payment.reference, 300_000);
    const signature = signPaystackWebhook(secret(), body);
    for (let i = 0; i < 100; i += 1) expect((await webhook(body, signature)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => webhook(body, signature)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await expect.poll(async () => (await balance(client)).balance, { timeout: 10_000 }).toBe(300_000);
    // A while later, still once.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await balance(client)).balance).toBe(300_000);
    expect(
      await t.count('gateway_events', { event_key: `charge.success:${JSON.parse(body.toString()).data.id}` }),
    ).toBe(1);
  });

  it('refuses unsigned and forged events (401) without writing anything', async () => {
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
    const unknownForged = Buffer.from(JSON.stringify({ event: 'subscription.create', data: { id: 1 } }));
    expectError(await webhook(unknownForged, signPaystackWebhook('another secret', unknownForged)), 401, refused);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/payment/webhook/paystack',
          headers: { 'content-type': 'application/json' },
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.count('gateway_events')).toBe(before);
    expect((await balance(client)).balance).toBe(0);
  });

  it('a validly signed event of a type nobody handles: 200, stored once and marked ignored, no money moves', async () => {
    const before = await ledgerRows();
    // (transfer.* is the payouts' family now: payouts.test.ts and paystack-payouts.test.ts.)
    const types = [
      'subscription.create',
      'customeridentification.failed',
      'subscription.disable',
      'invoice.update',
      'paymentrequest.pending',
    ];
    for (const type of types) {
      const body = Buffer.from(
        JSON.stringify({
          event: type,
          data: { id: `${type}-${crypto.randomUUID()}`, amount: 5_000_000, currency: 'NGN' },
        }),
      );
      const signature = signPaystackWebhook(secret(), body);
      for (let i = 0; i < 3; i += 1) expect((await webhook(body, signature)).statusCode).toBe(200);
      const key = `${type}:${JSON.parse(body.toString()).data.id}`;
      await expect.poll(() => eventStatus(key), { timeout: 10_000 }).toBe('ignored');
      expect(await t.count('gateway_events', { event_key: key })).toBe(1);
    }
    expect(await ledgerRows()).toBe(before);
  });

  it('a signed body that is not a JSON event is a 400, never a 500; a NUL character is stored, never a 500', async () => {
    const before = await t.count('gateway_events');
    for (const text of ['not json', '{"event":', '[1,2]', '{"data":{}}']) {
      const body = Buffer.from(text);
      expectError(await webhook(body, signPaystackWebhook(secret(), body)), 400, {
        message: en.webhookMalformed,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await t.count('gateway_events')).toBe(before);
    // JSON may carry \u0000; PostgreSQL's jsonb and text cannot: it is stored as U+FFFD, answered 200.
    const id = `nul-${crypto.randomUUID()}`;
    const nul = Buffer.from(`{"event":"charge.dispute.remind\\u0000","data":{"id":"${id}\\u0000","note":"a\\u0000b"}}`);
    const res = await webhook(nul, signPaystackWebhook(secret(), nul));
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.$client.query<{ event_type: string; payload: { data: { note: string } } }>(
      'SELECT event_type, payload FROM gateway_events WHERE event_key = $1',
      [`charge.dispute.remind\uFFFD:${id}\uFFFD`],
    );
    expect(rows).toEqual([
      {
        event_type: 'charge.dispute.remind\uFFFD',
        payload: { event: 'charge.dispute.remind\uFFFD', data: { id: `${id}\uFFFD`, note: 'a\uFFFDb' } },
      },
    ]);
  });

  it('a signed event whose amount the gateway does not confirm credits nothing and waits for an operator, with its request id', async () => {
    const client = await t.signUp('client');
    const started = await startTopup(client, 100_000);
    await t.db.$client.query(
      "UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1",
      [started.payment.reference],
    );
    const body = chargeSuccess(started.payment.reference, 10_000_000);
    const delivery = await t.request({
      method: 'POST',
      url: '/api/v1/payment/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackWebhook(secret(), body),
        'x-request-id': `req-mismatch-${client.userId.slice(0, 8)}`,
      },
      payload: body,
    });
    expect(delivery.statusCode).toBe(200);
    const key = `charge.success:${JSON.parse(body.toString()).data.id}`;
    await expect.poll(() => eventStatus(key), { timeout: 10_000 }).toBe('needs_attention');
    const { rows } = await t.db.$client.query(
      'SELECT identifier, note, request_id FROM gateway_events WHERE event_key = $1',
      [key],
    );
    expect(rows[0]).toMatchObject({
      request_id: `req-mismatch-${client.userId.slice(0, 8)}`,
      note: 'the event claims 10000000 NGN, the gateway says 100000 NGN',
    });
    expect(reported).toContainEqual({
      requestId: `req-mismatch-${client.userId.slice(0, 8)}`,
      message: `gateway event charge.success needs attention: ${rows[0].note}`,
    });
    expect((await balance(client)).balance).toBe(0);
    expect(await t.count('ledger_transactions', { user_id: client.userId })).toBe(0);

    // Operators see it; nobody else does (404, as for any object not theirs).
    const op = await operator();
    const listed = await t.api('GET', '/payment/events/attention', op);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      (listed.json().data as Array<Record<string, unknown>>).find((e) => e.identifier === rows[0].identifier),
    ).toMatchObject({
      gateway: 'sandbox',
      eventType: 'charge.success',
      note: rows[0].note,
      requestId: `req-mismatch-${client.userId.slice(0, 8)}`,
      payload: JSON.parse(body.toString()),
    });
    expectError(await t.api('GET', '/payment/events/attention', client), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expectError(await t.api('GET', '/payment/events/attention', await t.signUp('provider')), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expect((await t.api('GET', '/payment/events/attention', undefined)).statusCode).toBe(401);
  });

  it('a charge for a reference nobody knows is never lost: kept for an operator, however often it comes', async () => {
    // The sandbox knows the transaction (paid), the platform has no payment and no dedicated account for it.
    const reference = `sbx-orphan-${crypto.randomUUID()}`;
    await t.db.$client.query(
      "INSERT INTO sandbox_transactions (reference, email, amount, currency_code, status, channel, customer_code, paid_at) VALUES ($1, 'orphan@example.com', 70000, 'NGN', 'success', 'dedicated_nuban', 'CUS_nobody', now())",
      [reference],
    );
    const body = chargeSuccess(reference, 70_000);
    const signature = signPaystackWebhook(secret(), body);
    await Promise.all(Array.from({ length: 5 }, () => webhook(body, signature)));
    const key = `charge.success:${JSON.parse(body.toString()).data.id}`;
    await expect.poll(() => eventStatus(key), { timeout: 10_000 }).toBe('needs_attention');
    const { rows } = await t.db.$client.query('SELECT note FROM gateway_events WHERE event_key = $1', [key]);
    expect(rows).toEqual([{ note: 'no dedicated account for customer CUS_nobody' }]);
    // Delivered again later: still the one row, still waiting (not processed, not dropped).
    expect((await webhook(body, signature)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await eventStatus(key)).toBe('needs_attention');
    expect(await t.count('gateway_events', { event_key: key })).toBe(1);
  });
});

/** The client profile's phone number (issue 10), set as the profile page would leave it. */
const withPhone = async (who: SignedUp, phone = '08012345678') => {
  await t.db.$client.query('UPDATE users SET phone_number = $2 WHERE identifier = $1', [who.userId, phone]);
  return who;
};
type BankAccountAnswer = {
  account: { accountNumber: string; bankName: string; accountName: string } | null;
  status: string;
  canGenerate: boolean;
};
const bankAccountOf = async (who: SignedUp) =>
  (await t.api('GET', '/virtual-accounts/account', who)).json().data as BankAccountAnswer;
/** The account once its assignment event has come (the sandbox delivers it right after the request). */
const assignedAccount = async (who: SignedUp) => {
  await expect.poll(async () => (await bankAccountOf(who)).status, { timeout: 10_000 }).toBe('assigned');
  return (await bankAccountOf(who)).account!;
};

describe('transfer to a dedicated account', () => {
  it('requests the account once the profile has names and a phone, assigns it asynchronously, and credits a simulated transfer with a mail', async () => {
    const nameless = await withPhone(await t.signUp('client'));
    await t.db.$client.query('UPDATE users SET last_name = NULL WHERE identifier = $1', [nameless.userId]);
    expect(await bankAccountOf(nameless)).toEqual({ account: null, status: 'none', canGenerate: false });
    expectError(await t.api('POST', '/virtual-accounts/generate', nameless), 400, validation(en.bankAccountNeedsName));

    const client = await withPhone(await t.signUp('client'));
    expect(await bankAccountOf(client)).toEqual({ account: null, status: 'none', canGenerate: true });
    const [a, b] = await Promise.all([
      t.api('POST', '/virtual-accounts/generate', client),
      t.api('POST', '/virtual-accounts/generate', client),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    // Both requests answer "on its way" (or, if the event was quick, the account); one request went to the gateway.
    for (const res of [a, b]) expect(['pending', 'assigned']).toContain((res.json().data as BankAccountAnswer).status);
    const account = await assignedAccount(client);
    expect(account).toMatchObject({ bankName: 'Sandbox Bank', accountName: 'Ada Client' });
    expect(await t.count('virtual_accounts', { user_id: client.userId })).toBe(1);
    expect(await t.count('sandbox_accounts', { email: client.email })).toBe(1);
    // Asking again changes nothing.
    expect((await t.api('POST', '/virtual-accounts/generate', client)).json().data).toEqual({
      account,
      status: 'assigned',
      canGenerate: true,
    });

    const transfer = await t.request({
      method: 'POST',
      url: '/api/v1/payment/sandbox/transfer',
      payload: { accountNumber: account.accountNumber, amount: 750_000 },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await expect.poll(async () => (await balance(client)).balance, { timeout: 10_000 }).toBe(750_000);
    await t.mail.waitFor(client.email, (x) => /top-up/i.test(x.subject));
    const [item] = (await t.api('GET', '/wallet/transactions?transactionType=topup', client)).json()
      .data as WalletTransaction[];
    expect(item).toMatchObject({ amount: 750_000, description: 'Wallet top-up by bank transfer' });
  });

  it('without a phone number: a clear 400 (en and de) and nothing starts', async () => {
    const client = await t.signUp('client');
    expect(await bankAccountOf(client)).toEqual({ account: null, status: 'none', canGenerate: false });
    expectError(await t.api('POST', '/virtual-accounts/generate', client), 400, validation(en.bankAccountNeedsPhone));
    const de = await t.request({
      method: 'POST',
      url: '/api/v1/virtual-accounts/generate',
      headers: { ...client.auth, 'x-locale': 'de' },
    });
    expect(de.json().message).toBe('Füge deinem Profil deine Telefonnummer hinzu, um ein Bankkonto zu erhalten');
    expect(await t.count('virtual_accounts', { user_id: client.userId })).toBe(0);
    expect(await t.count('sandbox_accounts', { email: client.email })).toBe(0);
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
    const owner = await withPhone(await t.signUp('client'));
    const generated = await t.api('POST', '/virtual-accounts/generate', owner);
    expect(generated.statusCode, generated.body).toBe(200);
    const ownAccount = await assignedAccount(owner);

    const other = await withPhone(await t.signUp('client', { firstName: 'Bea', lastName: 'Other' }), '08087654321');
    expect(await bankAccountOf(other)).toEqual({ account: null, status: 'none', canGenerate: true });
    expect((await t.api('POST', '/virtual-accounts/generate', other)).statusCode).toBe(200);
    const theirs = await assignedAccount(other);
    expect(theirs.accountNumber).not.toBe(ownAccount.accountNumber);
    expect(theirs.accountName).toBe('Bea Other');
    expect((await bankAccountOf(owner)).account).toEqual(ownAccount);

    const provider = await t.signUp('provider');
    expectError(await t.api('GET', '/virtual-accounts/account', provider), 403, {
      message: en.forbidden,
      code: 'FORBIDDEN',
    });
    expectError(await t.api('POST', '/virtual-accounts/generate', provider), 403, {
      message: en.forbidden,
      code: 'FORBIDDEN',
    });
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
    const gateway = createSandboxGateway({
      db: t.db,
      webhookSecret: sandboxWebhookSecret(t.config),
      publicBaseUrl: '',
    });
    const log = { warn: () => undefined, error: () => undefined };
    const events = createEventBus({ db: t.db, realtime: createPgRealtime(t.db), log });
    onTestFinished(() => events.close());
    const settlement = createSettlement({ events }, gateway, createWalletModule(t), log);
    const client = await t.signUp('client');
    const forgotten = await startTopup(client, 100_000);
    const paidLate = await startTopup(client, 200_000);
    const fresh = await startTopup(client, 300_000);
    await t.db.$client.query("UPDATE payments SET created_at = now() - interval '2 days' WHERE identifier = ANY($1)", [
      [forgotten.payment.identifier, paidLate.payment.identifier],
    ]);
    await t.db.$client.query(
      "UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1",
      [paidLate.payment.reference],
    );

    expect(await expireStalePayments(t.db, t.clock, () => settlement)).toBe(1);
    const statuses = Object.fromEntries(
      (
        await t.db.$client.query('SELECT identifier, status FROM payments WHERE user_id = $1', [client.userId])
      ).rows.map((r) => [r.identifier, r.status]),
    );
    expect(statuses).toEqual({
      [forgotten.payment.identifier]: 'abandoned',
      [paidLate.payment.identifier]: 'success',
      [fresh.payment.identifier]: 'pending',
    });
    expect((await balance(client)).balance).toBe(200_000);
    const schedules = await t.db.$client.query('SELECT cron FROM pgboss.schedule WHERE name = $1', [
      'payments.expire-pending',
    ]);
    expect(schedules.rows).toEqual([{ cron: '*/15 * * * *' }]);
  });
});
