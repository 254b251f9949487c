import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import type { TopupResponse } from '@therapy/contracts/wallet';
import { expectError } from '../../../test/assertions.ts';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';

/**
 * The whole top-up path with PAYMENT_GATEWAY=paystack, against a local server that speaks Paystack's API: the app's
 * own routes, its webhook receiver and its job, with nothing of the sandbox involved.
 */
let t: TestApp;
let paystack: FakePaystack;
beforeAll(async () => {
  paystack = await startFakePaystack();
  t = await buildTestApp({
    PAYMENT_GATEWAY: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
  });
});
afterAll(async () => {
  await t.close();
  await paystack.close();
});

const balance = async (who: SignedUp) =>
  ((await t.api('GET', '/wallet/balance', who)).json().data as { balance: number }).balance;
const deliver = (hook: { rawBody: Buffer; signature: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/paystack',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    payload: hook.rawBody,
  });

describe('Paystack', () => {
  it('initialises at Paystack, credits after the signed charge.success and Paystack confirms it, once', async () => {
    const client = await t.signUp('client');
    const res = await t.api('POST', '/payment/wallet', client, { amount: 150_000 });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json().data as TopupResponse;
    const sent = paystack.transactions.get(started.payment.reference)!;
    expect(sent).toMatchObject({
      amount: 150_000,
      currency: 'NGN',
      email: client.email,
      callbackUrl: expect.stringContaining(`/wallet?payment=${started.payment.identifier}`),
    });
    expect(started.metadata.authorizationUrl).toMatch(/^https?:\/\//);

    // Paystack's published reference characters only (-, ., = and letters and digits).
    expect(started.payment.reference).toMatch(/^[A-Za-z0-9.=-]+$/);
    // A signed event that claims success before the money arrived (Paystack itself says "abandoned"): the webhook
    // alone is never trusted, nothing is credited.
    const early = paystack.signEvent('charge.success', {
      id: 77,
      reference: started.payment.reference,
      amount: 150_000,
      currency: 'NGN',
      status: 'success',
      channel: 'card',
    });
    expect((await deliver(early)).statusCode).toBe(200);
    const verified = () => paystack.requests.some((r) => r.path === `/transaction/verify/${started.payment.reference}`);
    await expect.poll(verified, { timeout: 10_000 }).toBe(true);
    expect(await balance(client)).toBe(0);
    paystack.setStatus(started.payment.reference, 'success');
    const hook = paystack.webhook(started.payment.reference);
    for (let i = 0; i < 5; i += 1) expect((await deliver(hook)).statusCode).toBe(200);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(150_000);
    t.clock.advance(5_000);
    expect((await t.api('GET', `/payment/status/${started.payment.identifier}`, client)).json().data.status).toBe(
      'success',
    );
    await t.mail.waitFor(client.email, (x) => /top-up/i.test(x.subject));
  });

  it("a dedicated account: assigned asynchronously (pending until Paystack's event), then a transfer to it is credited to its owner", async () => {
    const client = await t.signUp('client');
    await t.db.$client.query("UPDATE users SET phone_number = '08012345678' WHERE identifier = $1", [client.userId]);
    const requested = await t.api('POST', '/virtual-accounts/generate', client);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().data).toEqual({ account: null, status: 'pending', canGenerate: true });
    expect(paystack.requests.at(-1)).toMatchObject({
      path: '/dedicated_account/assign',
      authorized: true,
      body: {
        email: client.email,
        first_name: 'Ada',
        last_name: 'Client',
        phone: '08012345678',
        preferred_bank: 'wema-bank',
        country: 'NG',
      },
    });
    // Asking again while it is pending sends nothing new.
    const sent = paystack.requests.length;
    expect((await t.api('POST', '/virtual-accounts/generate', client)).json().data.status).toBe('pending');
    expect(paystack.requests.length).toBe(sent);

    const assigned = paystack.completeAssignment(client.email, 'success');
    for (let i = 0; i < 3; i += 1) expect((await deliver(assigned)).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.api('GET', '/virtual-accounts/account', client)).json().data.status, {
        timeout: 10_000,
      })
      .toBe('assigned');
    const { account } = (await t.api('GET', '/virtual-accounts/account', client)).json().data as {
      account: { accountNumber: string; bankName: string; accountName: string };
    };
    expect(account).toEqual({
      accountNumber: assigned.account!.accountNumber,
      bankName: 'Wema Bank',
      accountName: 'ADA CLIENT',
    });

    const transfer = paystack.transfer(account.accountNumber, 420_000);
    expect((await deliver(transfer)).statusCode).toBe(200);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(420_000);
  });

  it('a failed assignment says so, and may be asked again', async () => {
    const client = await t.signUp('client');
    await t.db.$client.query("UPDATE users SET phone_number = '08012345679' WHERE identifier = $1", [client.userId]);
    expect((await t.api('POST', '/virtual-accounts/generate', client)).json().data.status).toBe('pending');
    expect((await deliver(paystack.completeAssignment(client.email, 'failed'))).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.api('GET', '/virtual-accounts/account', client)).json().data, { timeout: 10_000 })
      .toEqual({ account: null, status: 'failed', canGenerate: true });
    const again = await t.api('POST', '/virtual-accounts/generate', client);
    expect(again.json().data).toEqual({ account: null, status: 'pending', canGenerate: true });
    expect(paystack.requests.at(-1)).toMatchObject({
      path: '/dedicated_account/assign',
      body: { email: client.email },
    });
  });

  it('an assignment event for an account nobody requested is kept for an operator', async () => {
    const stray = paystack.signEvent('dedicatedaccount.assign.success', {
      customer: { customer_code: 'CUS_stray', email: 'stray@example.com' },
      dedicated_account: {
        bank: { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
        account_name: 'STRAY',
        account_number: '9930999999',
        currency: 'NGN',
        id: 991,
      },
      identification: { status: 'success' },
    });
    expect((await deliver(stray)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await t.db.$client.query(
              "SELECT status, note FROM gateway_events WHERE event_type = 'dedicatedaccount.assign.success' AND payload->'data'->'customer'->>'email' = 'stray@example.com'",
            )
          ).rows,
        { timeout: 10_000 },
      )
      .toEqual([{ status: 'needs_attention', note: 'no dedicated account was requested for stray@example.com' }]);
  });

  it('the phone number saved in the client profile is what Paystack gets for the dedicated account', async () => {
    const client = await t.signUp('client');
    const profile = await t.api('PUT', '/client', client, {
      firstName: 'Ada',
      lastName: 'Client',
      userName: `ada_${client.userId.slice(-8)}`,
      countryIdentifier: await t.countryId('NG'),
      stateIdentifier: null,
      zipCode: null,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: null,
      timezone: null,
      phoneNumber: '08031234567',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const account = await t.api('POST', '/virtual-accounts/generate', client);
    expect(account.statusCode, account.body).toBe(200);
    expect(paystack.requests.at(-1)).toMatchObject({
      path: '/dedicated_account/assign',
      body: { phone: '+2348031234567' },
    });
    expect(paystack.customers.get(client.email.toLowerCase())).toMatchObject({ phone: '+2348031234567' });
  });

  it('without a phone number nothing is asked of Paystack: a clear 400 saying what to add', async () => {
    const client = await t.signUp('client');
    const sent = paystack.requests.length;
    expectError(await t.api('POST', '/virtual-accounts/generate', client), 400, {
      message: en.bankAccountNeedsPhone,
      code: 'VALIDATION_ERROR',
      errors: [en.bankAccountNeedsPhone],
    });
    expect(await t.count('virtual_accounts', { user_id: client.userId })).toBe(0);
    expect(paystack.requests.length).toBe(sent);
  });

  it('Paystack unreachable while assigning: a 502, and the request can be made again', async () => {
    const client = await t.signUp('client');
    await t.db.$client.query("UPDATE users SET phone_number = '08012345670' WHERE identifier = $1", [client.userId]);
    paystack.failNext(500, 1);
    expectError(await t.api('POST', '/virtual-accounts/generate', client), 502, {
      message: en.gatewayUnavailable,
      code: 'PAYMENT_GATEWAY_ERROR',
    });
    expect(await t.count('virtual_accounts', { user_id: client.userId })).toBe(0);
    expect((await t.api('POST', '/virtual-accounts/generate', client)).json().data.status).toBe('pending');
  });

  it('a gateway that times out or fails gives a clear 502 and no money', async () => {
    const client = await t.signUp('client');
    paystack.failNext(500, 1);
    const failed = await t.api('POST', '/payment/wallet', client, { amount: 100_000 });
    expectError(failed, 502, { message: en.gatewayUnavailable, code: 'PAYMENT_GATEWAY_ERROR' });
    expect((await t.db.$client.query('SELECT status FROM payments WHERE user_id = $1', [client.userId])).rows).toEqual([
      { status: 'failed' },
    ]);
    expect(await balance(client)).toBe(0);
  });

  it.each([
    ['GB', 'GBP', 'en', 'Top-ups in GBP are not available at the moment'],
    ['DE', 'EUR', 'de', 'Aufladungen in EUR sind im Moment nicht möglich'],
  ])(
    'a client whose wallet is in a currency Paystack does not publish (%s, %s) gets a clear 400 naming it; nothing starts',
    async (country, currency, locale, message) => {
      const client = await t.signUp('client', { countryIdentifier: await t.countryId(country) });
      expect(((await t.api('GET', '/wallet/balance', client)).json().data as { currency: string }).currency).toBe(
        currency,
      );
      const requests = paystack.requests.length;
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/payment/wallet',
        headers: { ...client.auth, 'x-locale': locale },
        payload: { amount: 100_000 },
      });
      expectError(res, 400, { message, code: 'VALIDATION_ERROR', errors: [message] });
      expect(await t.count('payments', { user_id: client.userId })).toBe(0);
      expect(paystack.requests.length).toBe(requests);
    },
  );

  it('a client in USD (a currency Paystack publishes) starts a top-up at Paystack', async () => {
    const client = await t.signUp('client', { countryIdentifier: await t.countryId('US') });
    const res = await t.api('POST', '/payment/wallet', client, { amount: 1_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(paystack.transactions.get((res.json().data as TopupResponse).payment.reference)).toMatchObject({
      currency: 'USD',
      amount: 1_000,
    });
  });

  it('a declined card ends as failed when the client polls', async () => {
    const client = await t.signUp('client');
    const started = (await t.api('POST', '/payment/wallet', client, { amount: 100_000 })).json().data as TopupResponse;
    paystack.setStatus(started.payment.reference, 'failed');
    t.clock.advance(5_000);
    expect((await t.api('GET', `/payment/status/${started.payment.identifier}`, client)).json().data.status).toBe(
      'failed',
    );
    expect(await balance(client)).toBe(0);
  });
});

describe('reversals after a credit (refund.processed, charge.dispute.*), decision 0019', () => {
  /** A client whose card top-up Paystack confirmed and the app credited. */
  async function credited(amount: number) {
    const client = await t.signUp('client');
    const started = (await t.api('POST', '/payment/wallet', client, { amount })).json().data as TopupResponse;
    paystack.setStatus(started.payment.reference, 'success');
    expect((await deliver(paystack.webhook(started.payment.reference))).statusCode).toBe(200);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(amount);
    return { client, reference: started.payment.reference };
  }
  const eventStatus = async (type: string, id: number) =>
    (
      await t.db.$client.query<{ status: string; note: string | null }>(
        "SELECT status, note FROM gateway_events WHERE event_type = $1 AND payload->'data'->>'id' = $2",
        [type, String(id)],
      )
    ).rows[0];
  const debtOf = async (userId: string) => {
    const { rows } = await t.db.$client.query<{ s: string | null }>(
      "SELECT sum(e.amount) AS s FROM ledger_entries e JOIN ledger_accounts a ON a.identifier = e.account_id WHERE a.kind = 'user_debt' AND a.user_id = $1",
      [userId],
    );
    return 0 - Number(rows[0]?.s ?? 0) || 0;
  };

  it('a processed refund takes the money back through the ledger, once however often it comes; pending/processing/failed move nothing', async () => {
    const { client, reference } = await credited(200_000);
    for (const status of ['pending', 'processing', 'failed'] as const) {
      const hook = paystack.refund(reference, 50_000, status);
      expect((await deliver(hook)).statusCode).toBe(200);
      await expect
        .poll(async () => (await eventStatus(`refund.${status}`, hook.id))?.status, { timeout: 10_000 })
        .toBe('ignored');
    }
    expect(await balance(client)).toBe(200_000);
    const refund = paystack.refund(reference, 50_000);
    await Promise.all(Array.from({ length: 5 }, () => deliver(refund)));
    await expect
      .poll(async () => (await eventStatus('refund.processed', refund.id))?.status, { timeout: 10_000 })
      .not.toBe('received');
    expect(await eventStatus('refund.processed', refund.id)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(150_000);
    expect(
      (await t.db.$client.query('SELECT reversed_amount FROM payments WHERE reference = $1', [reference])).rows,
    ).toEqual([{ reversed_amount: '50000' }]);
    const { rows } = await t.db.$client.query(
      'SELECT type FROM ledger_transactions WHERE user_id = $1 ORDER BY created_at',
      [client.userId],
    );
    expect(rows).toEqual([{ type: 'topup' }, { type: 'refund' }]);
  });

  it("a reversal larger than the balance: the wallet goes to zero, the rest is the user's debt (bookings refused), a later top-up settles it first", async () => {
    const { client, reference } = await credited(200_000);
    // The client spent most of it (a booking's payment; bookings themselves come later).
    const wallet = createWalletModule(t);
    await wallet.debit({
      userId: client.userId,
      amount: 170_000,
      currencyCode: 'NGN',
      reference: `booking-${client.userId}`,
      description: 'booking',
    });
    const refund = paystack.refund(reference, 200_000);
    expect((await deliver(refund)).statusCode).toBe(200);
    await expect
      .poll(async () => (await eventStatus('refund.processed', refund.id))?.status, { timeout: 10_000 })
      .toBe('processed');
    expect(await balance(client)).toBe(0);
    expect(await debtOf(client.userId)).toBe(170_000);
    expect(await wallet.hasDebt(client.userId)).toBe(true);
    expect(await wallet.outstandingDebt(client.userId, 'NGN')).toBe(170_000);

    const next = (await t.api('POST', '/payment/wallet', client, { amount: 250_000 })).json().data as TopupResponse;
    paystack.setStatus(next.payment.reference, 'success');
    expect((await deliver(paystack.webhook(next.payment.reference))).statusCode).toBe(200);
    await expect.poll(() => balance(client), { timeout: 10_000 }).toBe(80_000);
    expect(await wallet.hasDebt(client.userId)).toBe(false);
  });

  it('a chargeback: logged moves nothing; resolved declined moves nothing; resolved merchant-accepted takes refund_amount back, once', async () => {
    const { client, reference } = await credited(300_000);
    const opened = paystack.dispute(reference, 300_000);
    expect((await deliver(opened)).statusCode).toBe(200);
    await expect
      .poll(async () => (await eventStatus('charge.dispute.create', opened.id))?.status, { timeout: 10_000 })
      .toBe('processed');
    expect(await balance(client)).toBe(300_000);

    const won = paystack.dispute(reference, 300_000, 'declined');
    expect((await deliver(won)).statusCode).toBe(200);
    await expect
      .poll(async () => (await eventStatus('charge.dispute.resolve', won.id))?.status, { timeout: 10_000 })
      .toBe('processed');
    expect(await balance(client)).toBe(300_000);

    const lost = paystack.dispute(reference, 120_000, 'merchant-accepted');
    for (let i = 0; i < 3; i += 1) expect((await deliver(lost)).statusCode).toBe(200);
    await expect
      .poll(async () => (await eventStatus('charge.dispute.resolve', lost.id))?.status, { timeout: 10_000 })
      .toBe('processed');
    expect(await balance(client)).toBe(180_000);
  });

  it('five different refunds of one payment delivered at once: applied only up to what it paid, the rest kept for an operator', async () => {
    const { client, reference } = await credited(100_000);
    const refunds = Array.from({ length: 5 }, () => paystack.refund(reference, 30_000));
    const answers = await Promise.all(refunds.flatMap((r) => [deliver(r), deliver(r)]));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    await expect
      .poll(
        async () =>
          (await Promise.all(refunds.map((r) => eventStatus('refund.processed', r.id)))).every(
            (e) => e && e.status !== 'received',
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    const statuses = (await Promise.all(refunds.map((r) => eventStatus('refund.processed', r.id))))
      .map((e) => e!.status)
      .sort();
    expect(statuses).toEqual(['needs_attention', 'needs_attention', 'processed', 'processed', 'processed']);
    expect(await balance(client)).toBe(10_000);
    expect(
      (await t.db.$client.query('SELECT reversed_amount FROM payments WHERE reference = $1', [reference])).rows,
    ).toEqual([{ reversed_amount: '90000' }]);
    expect(await debtOf(client.userId)).toBe(0);
  });

  it('what cannot be applied is kept for an operator: more than the payment, another currency, a payment never credited', async () => {
    const { client, reference } = await credited(100_000);
    const first = paystack.refund(reference, 80_000);
    expect((await deliver(first)).statusCode).toBe(200);
    await expect
      .poll(async () => (await eventStatus('refund.processed', first.id))?.status, { timeout: 10_000 })
      .toBe('processed');
    const tooMuch = paystack.refund(reference, 30_000);
    expect((await deliver(tooMuch)).statusCode).toBe(200);
    await expect
      .poll(async () => await eventStatus('refund.processed', tooMuch.id), { timeout: 10_000 })
      .toEqual({
        status: 'needs_attention',
        note: `reversal refund:${tooMuch.id} of 30000 NGN exceeds what is left of payment ${reference} (20000 of 100000)`,
      });
    const otherCurrency = paystack.signEvent('refund.processed', {
      id: 555_001,
      transaction_reference: reference,
      amount: 1_000,
      currency: 'USD',
      status: 'processed',
    });
    expect((await deliver(otherCurrency)).statusCode).toBe(200);
    await expect
      .poll(async () => (await eventStatus('refund.processed', 555_001))?.note, { timeout: 10_000 })
      .toBe(`currency mismatch: reversal refund:555001 of 1000 USD for a NGN payment ${reference}`);
    const unpaid = (await t.api('POST', '/payment/wallet', client, { amount: 100_000 })).json().data as TopupResponse;
    const never = paystack.signEvent('refund.processed', {
      id: 555_002,
      transaction_reference: unpaid.payment.reference,
      amount: 1_000,
      currency: 'NGN',
      status: 'processed',
    });
    expect((await deliver(never)).statusCode).toBe(200);
    await expect
      .poll(async () => (await eventStatus('refund.processed', 555_002))?.status, { timeout: 10_000 })
      .toBe('needs_attention');
    expect(await balance(client)).toBe(20_000);
    expect(await debtOf(client.userId)).toBe(0);
  });
});
