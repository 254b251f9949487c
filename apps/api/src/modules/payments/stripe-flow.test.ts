import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import type { TopupOptionsResponse, TopupResponse } from '@therapy/contracts/wallet';
import { expectError, validation } from '../../../test/assertions.ts';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack.ts';
import { startFakeStripe, type FakeStripe, type SignedStripeEvent } from '../../../test/fake-stripe.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/**
 * Every currency we serve (DESIGN.md §6), each through the gateway configured for it: here Paystack takes NGN and USD
 * (the currencies it publishes), Stripe Checkout GBP and EUR, against local stand-ins that speak both APIs.
 */
let t: TestApp;
let stripe: FakeStripe;
let paystack: FakePaystack;
beforeAll(async () => {
  [stripe, paystack] = await Promise.all([startFakeStripe(), startFakePaystack()]);
  t = await buildTestApp({
    PAYMENT_GATEWAY: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripe.close(), paystack.close()]);
});

const signUpIn = async (country: string) => t.signUp('client', { countryIdentifier: await t.countryId(country) });
const balance = async (who: SignedUp) =>
  (await t.api('GET', '/wallet/balance', who)).json().data as { balance: number; currency: string };
const deliver = (hook: { rawBody: Buffer; signature?: string }, gateway = 'stripe') =>
  t.request({
    method: 'POST',
    url: `/api/v1/payment/webhook/${gateway}`,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(hook.signature === undefined ? {} : { 'stripe-signature': hook.signature }),
    },
    payload: hook.rawBody,
  });
const storedEvents = async (key: string) =>
  (
    await t.db.$client.query(
      'SELECT gateway, event_type, processed_at, status FROM gateway_events WHERE event_key = $1',
      [key],
    )
  ).rows;
const startTopup = async (who: SignedUp, amount: number) => {
  const res = await t.api('POST', '/payment/wallet', who, { amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TopupResponse;
};
const rejected = { message: en.webhookRejected, code: 'INVALID_SIGNATURE' };

describe('a GBP top-up through Stripe Checkout', () => {
  it('creates a Checkout Session, credits once after the signed event and Stripe confirms it, and mails the client', async () => {
    const client = await signUpIn('GB');
    expect((await balance(client)).currency).toBe('GBP');
    const started = await startTopup(client, 2_500);

    // One session, as Stripe publishes it: mode payment, one line item of the amount in lower-case currency, our reference.
    const session = stripe.sessions.get(started.payment.reference)!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 2_500,
      currency: 'gbp',
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(session.client_reference_id).toMatch(/^tp-[0-9a-f]{32}$/);
    expect(session.metadata).toEqual({ paymentId: started.payment.identifier, reference: session.client_reference_id });
    expect(session.success_url).toBe(`http://localhost:5173/wallet?payment=${started.payment.identifier}`);
    expect(session.cancel_url).toBe(session.success_url);
    expect(started.metadata.authorizationUrl).toBe(session.url);
    const create = stripe.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/checkout/sessions' &&
        r.body.client_reference_id === session.client_reference_id,
    )!;
    expect(create).toMatchObject({ authorized: true, idempotencyKey: `checkout:${session.client_reference_id}` });
    expect(create.body.line_items).toEqual([
      { quantity: '1', price_data: { currency: 'gbp', unit_amount: '2500', product_data: { name: 'Wallet top-up' } } },
    ]);
    expect(paystack.transactions.size).toBe(0);
    expect(await t.count('payments', { user_id: client.userId, gateway: 'stripe', reference: session.id })).toBe(1);

    // The same event delivered five times at once (Stripe retries): stored once, credited once.
    const paid = stripe.pay(session.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(paid)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await expect.poll(async () => (await balance(client)).balance, { timeout: 10_000 }).toBe(2_500);
    await expect
      .poll(() => storedEvents(paid.event.id), { timeout: 10_000 })
      .toEqual([
        {
          gateway: 'stripe',
          event_type: 'checkout.session.completed',
          processed_at: expect.any(Date),
          status: 'processed',
        },
      ]);
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`)).toBe(
      true,
    );
    // Delivered again later: still one credit.
    expect((await deliver(paid)).statusCode).toBe(200);
    t.clock.advance(5_000);
    expect((await t.api('GET', `/payment/status/${started.payment.identifier}`, client)).json().data).toMatchObject({
      status: 'success',
      amount: 2_500,
      currencyCode: 'GBP',
    });
    expect(await t.count('ledger_transactions', { reference: `stripe:${session.id}` })).toBe(1);
    expect((await balance(client)).balance).toBe(2_500);
    await t.mail.waitFor(client.email, (m) => /top-up/i.test(m.subject));
  });

  it('a paid session whose webhook is lost is found by the status poll (Stripe is asked for the session)', async () => {
    const client = await signUpIn('DE');
    const started = await startTopup(client, 1_000);
    expect(stripe.sessions.get(started.payment.reference)).toMatchObject({ currency: 'eur', amount_total: 1_000 });
    stripe.pay(started.payment.reference);
    t.clock.advance(5_000);
    expect((await t.api('GET', `/payment/status/${started.payment.identifier}`, client)).json().data.status).toBe(
      'success',
    );
    expect(await balance(client)).toEqual({ balance: 1_000, currency: 'EUR' });
  });

  it('an expired session ends the payment as failed, and nothing is credited', async () => {
    const client = await signUpIn('GB');
    const started = await startTopup(client, 1_000);
    expect((await deliver(stripe.expire(started.payment.reference))).statusCode).toBe(200);
    t.clock.advance(5_000);
    await expect
      .poll(
        async () => (await t.api('GET', `/payment/status/${started.payment.identifier}`, client)).json().data.status,
        { timeout: 10_000 },
      )
      .toBe('failed');
    expect((await balance(client)).balance).toBe(0);
  });

  it('an event claiming more than Stripe reports credits nothing', async () => {
    const client = await signUpIn('GB');
    const started = await startTopup(client, 1_000);
    const session = stripe.sessions.get(started.payment.reference)!;
    stripe.pay(session.id);
    const forgedAmount = stripe.event('checkout.session.completed', { ...session, amount_total: 900_000 });
    expect((await deliver(forgedAmount)).statusCode).toBe(200);
    await expect
      .poll(async () => (await storedEvents(forgedAmount.event.id))[0]?.processed_at ?? null, { timeout: 10_000 })
      .not.toBeNull();
    // Not applied, never dropped: kept for an operator with the reason.
    const [kept] = (
      await t.db.$client.query('SELECT status, note FROM gateway_events WHERE event_key = $1', [forgedAmount.event.id])
    ).rows;
    expect(kept).toEqual({ status: 'needs_attention', note: expect.stringContaining('900000') });
    expect((await balance(client)).balance).toBe(0);
  });

  it('a Stripe outage gives a clear 502, the payment failed and no money', async () => {
    const client = await signUpIn('GB');
    stripe.failNext(500, 2); // the SDK retries a 500 once
    expectError(await t.api('POST', '/payment/wallet', client, { amount: 1_000 }), 502, {
      message: en.gatewayUnavailable,
      code: 'PAYMENT_GATEWAY_ERROR',
    });
    expect(
      (await t.db.$client.query('SELECT status, gateway FROM payments WHERE user_id = $1', [client.userId])).rows,
    ).toEqual([{ status: 'failed', gateway: 'stripe' }]);
    expect((await balance(client)).balance).toBe(0);
  });
});

describe('Stripe webhooks', () => {
  it('a forged signature, a missing one, a stale one or one for another endpoint is refused with 401 and nothing is stored', async () => {
    const client = await signUpIn('GB');
    const started = await startTopup(client, 1_000);
    const paid = stripe.pay(started.payment.reference);
    const forged = stripe.sign(paid.rawBody, undefined, 'whsec_not_the_secret');
    const stale = stripe.sign(paid.rawBody, Math.floor(Date.now() / 1000) - 3600);
    const tampered = Buffer.from(
      paid.rawBody.toString('utf8').replace('"amount_total": 1000', '"amount_total": 100000'),
    );
    expect(tampered.equals(paid.rawBody)).toBe(false);
    for (const hook of [
      { rawBody: paid.rawBody, signature: forged },
      { rawBody: paid.rawBody },
      { rawBody: paid.rawBody, signature: stale },
      { rawBody: tampered, signature: paid.signature },
    ]) {
      expectError(await deliver(hook), 401, rejected);
    }
    // Stripe's signature means nothing at Paystack's endpoint.
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/payment/webhook/paystack',
        headers: { 'content-type': 'application/json', 'stripe-signature': paid.signature },
        payload: paid.rawBody,
      }),
      401,
      rejected,
    );
    expect(await storedEvents(paid.event.id)).toEqual([]);
    expect((await balance(client)).balance).toBe(0);
  });

  it('a validly signed body that is not a JSON event is a 400 and nothing is stored', async () => {
    const before = await t.count('gateway_events');
    for (const text of ['not json', '{"object":', 'null', '42', '{"object":"event"}']) {
      const rawBody = Buffer.from(text);
      expectError(await deliver({ rawBody, signature: stripe.sign(rawBody) }), 400, {
        message: en.webhookMalformed,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await t.count('gateway_events')).toBe(before);
  });

  it('a validly signed event of a type we do not act on is stored once, answered 200 and marked ignored; no money moves', async () => {
    const client = await signUpIn('GB');
    const started = await startTopup(client, 1_000);
    const session = stripe.sessions.get(started.payment.reference)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    const events: SignedStripeEvent[] = [
      stripe.event('charge.refund.updated', { id: 're_123', object: 'refund', amount: 1_000, currency: 'gbp' }),
      stripe.event('payment_intent.succeeded', {
        id: 'pi_123',
        object: 'payment_intent',
        amount: 1_000,
        currency: 'gbp',
        status: 'succeeded',
      }),
      stripe.event('customer.created', { id: 'cus_123', object: 'customer' }),
    ];
    for (const hook of events) {
      expect((await deliver(hook)).statusCode).toBe(200);
      expect((await deliver(hook)).statusCode).toBe(200);
    }
    for (const hook of events) {
      await expect
        .poll(async () => storedEvents(hook.event.id), { timeout: 10_000 })
        .toEqual([
          { gateway: 'stripe', event_type: hook.event.type, processed_at: expect.any(Date), status: 'ignored' },
        ]);
    }
    expect((await balance(client)).balance).toBe(0);
    expect((await t.db.$client.query('SELECT status FROM payments WHERE user_id = $1', [client.userId])).rows).toEqual([
      { status: 'pending' },
    ]);
  });

  it('the sandbox path is not served when no currency uses the sandbox', async () => {
    expectError(await deliver({ rawBody: Buffer.from('{}'), signature: 'x' }, 'sandbox'), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
  });
});

describe('the gateway per currency', () => {
  it('NGN goes to Paystack, with transfers to a dedicated account; GBP to Stripe, without', async () => {
    const ngn = await signUpIn('NG');
    const gbp = await signUpIn('GB');
    expect((await t.api('GET', '/payment/options', ngn)).json().data).toEqual({
      currencyCode: 'NGN',
      cardGateway: 'paystack',
      bankTransfer: true,
    } satisfies TopupOptionsResponse);
    expect((await t.api('GET', '/payment/options', gbp)).json().data).toEqual({
      currencyCode: 'GBP',
      cardGateway: 'stripe',
      bankTransfer: false,
    } satisfies TopupOptionsResponse);
    const started = await startTopup(ngn, 100_000);
    expect(paystack.transactions.get(started.payment.reference)).toMatchObject({ amount: 100_000, currency: 'NGN' });
    expect(stripe.sessions.has(started.payment.reference)).toBe(false);
    // Settled with the gateway that took it: Paystack is asked, Stripe never hears of it.
    paystack.setStatus(started.payment.reference, 'success');
    t.clock.advance(5_000);
    expect((await t.api('GET', `/payment/status/${started.payment.identifier}`, ngn)).json().data.status).toBe(
      'success',
    );
    expect(paystack.requests.some((r) => r.path === `/transaction/verify/${started.payment.reference}`)).toBe(true);
    expect(stripe.requests.some((r) => r.path.includes(started.payment.reference))).toBe(false);

    const message = 'Transfers to a bank account are not available for GBP wallets. Please pay by card';
    expectError(await t.api('POST', '/virtual-accounts/generate', gbp), 400, validation(message));
    expect(await t.count('virtual_accounts', { user_id: gbp.userId })).toBe(0);
    expect((await t.api('GET', '/virtual-accounts/account', gbp)).json().data).toEqual({
      account: null,
      status: 'none',
      canGenerate: false,
    });
  });

  it('the options are for clients only', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/v1/payment/options' }), 401, {
      message: en.unauthorized,
      code: 'UNAUTHORIZED_ACCESS',
    });
    const provider = await t.signUp('provider');
    expectError(await t.api('GET', '/payment/options', provider), 403, { message: en.forbidden, code: 'FORBIDDEN' });
  });
});

describe('a GBP top-up with only Paystack configured', () => {
  let only: TestApp;
  let ps: FakePaystack;
  beforeAll(async () => {
    ps = await startFakePaystack();
    only = await buildTestApp({
      PAYMENT_GATEWAY: 'paystack',
      PAYSTACK_SECRET_KEY: ps.secretKey,
      PAYSTACK_BASE_URL: ps.url,
    });
  });
  afterAll(async () => {
    await only.close();
    await ps.close();
  });

  it('is refused with a 400 naming the currency (en and de), and nothing is started', async () => {
    const client = await only.signUp('client', { countryIdentifier: await only.countryId('GB') });
    expectError(
      await only.api('POST', '/payment/wallet', client, { amount: 1_000 }),
      400,
      validation('Top-ups in GBP are not available at the moment'),
    );
    const german = await only.request({
      method: 'POST',
      url: '/api/v1/payment/wallet',
      headers: { ...client.auth, 'x-locale': 'de' },
      payload: { amount: 1_000 },
    });
    expectError(german, 400, validation('Aufladungen in GBP sind im Moment nicht möglich'));
    expect(de.currencyNoGateway).toBe('Aufladungen in {currency} sind im Moment nicht möglich');
    expect(await only.count('payments', { user_id: client.userId })).toBe(0);
    expect(ps.requests).toEqual([]);
    expect((await only.api('GET', '/payment/options', client)).json().data).toEqual({
      currencyCode: 'GBP',
      cardGateway: null,
      bankTransfer: false,
    });
    // Stripe is not configured: its webhook path does not exist.
    expectError(
      await only.request({
        method: 'POST',
        url: '/api/v1/payment/webhook/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      }),
      404,
      { message: en.notFound, code: 'NOT_FOUND' },
    );
  });
});

describe('the sandbox (development) plays Stripe Checkout for GBP and EUR', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await buildTestApp();
  });
  afterAll(() => dev.close());

  it('takes every served currency; a GBP payment is announced with a Stripe-signed checkout.session.completed, credited once', async () => {
    const client = await dev.signUp('client', { countryIdentifier: await dev.countryId('GB') });
    expect((await dev.api('GET', '/payment/options', client)).json().data).toEqual({
      currencyCode: 'GBP',
      cardGateway: 'sandbox',
      bankTransfer: false,
    });
    const res = await dev.api('POST', '/payment/wallet', client, { amount: 2_000 });
    expect(res.statusCode, res.body).toBe(201);
    const { payment } = res.json().data as TopupResponse;
    const press = () =>
      dev.request({
        method: 'POST',
        url: `/api/v1/payment/sandbox/checkout/${payment.reference}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    expect((await press()).statusCode).toBe(303);
    expect((await press()).statusCode).toBe(303);
    await expect
      .poll(
        async () => ((await dev.api('GET', '/wallet/balance', client)).json().data as { balance: number }).balance,
        { timeout: 10_000 },
      )
      .toBe(2_000);
    const events = await dev.db.$client.query(
      "SELECT gateway, event_type, payload FROM gateway_events WHERE payload #>> '{data,object,id}' = $1",
      [payment.reference],
    );
    expect(events.rows).toEqual([
      {
        gateway: 'sandbox',
        event_type: 'checkout.session.completed',
        payload: expect.objectContaining({
          object: 'event',
          data: {
            object: expect.objectContaining({
              object: 'checkout.session',
              amount_total: 2_000,
              currency: 'gbp',
              payment_status: 'paid',
            }),
          },
        }),
      },
    ]);
    expect(await dev.count('ledger_transactions', { reference: `sandbox:${payment.reference}` })).toBe(1);
    await dev.mail.waitFor(client.email, (m) => /top-up/i.test(m.subject));
  });

  it('an NGN payment is still announced as Paystack does (charge.success), and a Stripe-style signature it did not make is refused', async () => {
    const client = await dev.signUp('client');
    const { payment } = (await dev.api('POST', '/payment/wallet', client, { amount: 100_000 })).json()
      .data as TopupResponse;
    await dev.request({
      method: 'POST',
      url: `/api/v1/payment/sandbox/checkout/${payment.reference}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await expect
      .poll(
        async () =>
          (
            await dev.db.$client.query(
              "SELECT event_type FROM gateway_events WHERE payload #>> '{data,reference}' = $1",
              [payment.reference],
            )
          ).rows,
        { timeout: 10_000 },
      )
      .toEqual([{ event_type: 'charge.success' }]);
    const body = Buffer.from(
      JSON.stringify({
        id: 'evt_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: payment.reference, object: 'checkout.session', amount_total: 100_000, currency: 'ngn' } },
      }),
    );
    const forged = await dev.request({
      method: 'POST',
      url: '/api/v1/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(body) },
      payload: body,
    });
    expectError(forged, 401, rejected);
  });
});
