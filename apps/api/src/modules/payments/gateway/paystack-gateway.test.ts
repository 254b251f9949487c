import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../../../../test/fake-paystack.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import {
  createPaystackGateway,
  PAYSTACK_CURRENCIES,
  readChargeEvent,
  signPaystackWebhook,
} from './paystack-gateway.ts';
import { gatewayError } from './gateway-test-helpers.ts';

let fake: FakePaystack;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakePaystack();
  gateway = createPaystackGateway({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 2_000 });
});
afterAll(() => fake.close());

const ref = () => `top-${crypto.randomBytes(6).toString('hex')}`;

async function initialized(amount = 500_000, email = 'ada@example.com') {
  const reference = ref();
  await gateway.initialize({
    reference,
    email,
    amount,
    currency: 'NGN',
    callbackUrl: 'http://localhost:5173/payment/callback',
    metadata: { paymentId: 'p1' },
  });
  return reference;
}

describe('paystack gateway: transactions', () => {
  it('initializes a checkout with the documented body and returns its URL and reference', async () => {
    const reference = ref();
    const res = await gateway.initialize({
      reference,
      email: 'ada@example.com',
      amount: 500_000,
      currency: 'NGN',
      callbackUrl: 'http://app/cb',
      metadata: { paymentId: 'p1' },
    });
    expect(res.reference).toBe(reference);
    expect(res.authorizationUrl).toMatch(new RegExp(`^${fake.url}/checkout/[0-9a-f]+$`));
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/transaction/initialize', authorized: true });
    expect(sent.body).toEqual({
      email: 'ada@example.com',
      amount: 500_000,
      currency: 'NGN',
      reference,
      callback_url: 'http://app/cb',
      metadata: { paymentId: 'p1' },
    });
  });

  it('verifies a paid transaction with amount, currency, channel and customer', async () => {
    const reference = await initialized(750_000);
    fake.setStatus(reference, 'success');
    const tx = await gateway.verify(reference);
    expect(tx).toEqual({
      reference,
      status: 'success',
      amount: 750_000,
      currency: 'NGN',
      channel: 'card',
      customerCode: fake.transactions.get(reference)!.customerCode,
    });
    expect(tx.customerCode).toMatch(/^CUS_/);
  });

  it('maps failed, reversed, abandoned and in-flight statuses', async () => {
    const reference = await initialized();
    // Paystack reports a checkout nobody completed as abandoned.
    expect((await gateway.verify(reference)).status).toBe('abandoned');
    fake.setStatus(reference, 'ongoing');
    expect((await gateway.verify(reference)).status).toBe('pending');
    fake.setStatus(reference, 'failed');
    expect((await gateway.verify(reference)).status).toBe('failed');
    fake.setStatus(reference, 'reversed');
    expect((await gateway.verify(reference)).status).toBe('failed');
  });

  it('encodes the reference in the verify path', async () => {
    // Our references never hold such characters, but a transfer's reference is Paystack's: it is sent encoded.
    const reference = `odd/ref ${crypto.randomBytes(3).toString('hex')}`;
    await gatewayError(gateway.verify(reference));
    expect(fake.requests.at(-1)!.path).toBe(`/transaction/verify/${encodeURIComponent(reference)}`);
  });

  it('refuses an unknown reference (not retryable) with Paystack’s message', async () => {
    const err = await gatewayError(gateway.verify('nope-never-made'));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Transaction reference not found');
  });

  it('refuses a duplicate reference (not retryable)', async () => {
    const reference = await initialized();
    const err = await gatewayError(
      gateway.initialize({
        reference,
        email: 'ada@example.com',
        amount: 100,
        currency: 'NGN',
        callbackUrl: 'http://app/cb',
      }),
    );
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Duplicate Transaction Reference');
  });
});

describe('paystack gateway: dedicated accounts (POST /dedicated_account/assign, asynchronous)', () => {
  const person = () => ({
    email: `dva.${crypto.randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Ada',
    lastName: 'Obi',
    phone: '+2348012345678',
    currency: 'NGN',
  });

  it('asks Paystack for its banks, then assigns with the documented body; the account comes by webhook', async () => {
    const input = person();
    await gateway.requestDedicatedAccount(input);
    const [providers, assign] = fake.requests.slice(-2);
    expect(providers).toMatchObject({
      method: 'GET',
      path: '/dedicated_account/available_providers',
      authorized: true,
    });
    expect(assign).toMatchObject({
      method: 'POST',
      path: '/dedicated_account/assign',
      authorized: true,
      body: {
        email: input.email,
        first_name: 'Ada',
        last_name: 'Obi',
        phone: '+2348012345678',
        preferred_bank: 'wema-bank',
        country: 'NG',
      },
    });
    const hook = fake.completeAssignment(input.email, 'success');
    const reading = gateway.parseWebhook(hook.rawBody, hook.signature);
    expect(reading.ok && reading.event.type).toBe('dedicatedaccount.assign.success');
  });

  it('takes the configured bank when Paystack offers it, and refuses one it does not offer (before assigning)', async () => {
    const titan = createPaystackGateway({
      secretKey: fake.secretKey,
      baseUrl: fake.url,
      preferredBank: 'titan-paystack',
    });
    await titan.requestDedicatedAccount(person());
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/dedicated_account/assign',
      body: { preferred_bank: 'titan-paystack' },
    });
    const gone = createPaystackGateway({ secretKey: fake.secretKey, baseUrl: fake.url, preferredBank: 'no-such-bank' });
    const before = fake.requests.length;
    const err = await gatewayError(gone.requestDedicatedAccount(person()));
    expect(err).toMatchObject({ retryable: false, message: expect.stringContaining('no-such-bank') });
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/dedicated_account/available_providers']);
  });

  it('assigns only in the countries Paystack publishes (NGN: NG, GHS: GH), nothing sent for another currency', async () => {
    await gateway.requestDedicatedAccount({ ...person(), currency: 'GHS' });
    expect(fake.requests.at(-1)).toMatchObject({ body: { country: 'GH' } });
    const before = fake.requests.length;
    expect((await gatewayError(gateway.requestDedicatedAccount({ ...person(), currency: 'USD' }))).retryable).toBe(
      false,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('passes Paystack’s refusal on as a non-retryable error', async () => {
    const err = await gatewayError(gateway.requestDedicatedAccount({ ...person(), phone: ' ' }));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('phone is required');
  });
});

describe('paystack gateway: failures', () => {
  it('a timeout is retryable', async () => {
    const quick = createPaystackGateway({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 100 });
    fake.hangNext();
    const started = Date.now();
    const err = await gatewayError(quick.verify('anything'));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/no answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a network error is retryable', async () => {
    const down = createPaystackGateway({ secretKey: fake.secretKey, baseUrl: 'http://127.0.0.1:1', timeoutMs: 1_000 });
    const err = await gatewayError(down.verify('anything'));
    expect(err.retryable).toBe(true);
  });

  it('a 500 is retryable, and the next call works again', async () => {
    const reference = await initialized();
    fake.failNext(500);
    const err = await gatewayError(gateway.verify(reference));
    expect(err.retryable).toBe(true);
    expect((await gateway.verify(reference)).reference).toBe(reference);
  });

  it('a wrong key is refused (401, not retryable) and the key never shows in the error', async () => {
    const wrongKey = `sk_test_${crypto.randomBytes(20).toString('hex')}`;
    const wrong = createPaystackGateway({ secretKey: wrongKey, baseUrl: fake.url });
    const err = await gatewayError(wrong.verify('anything'));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('401');
    expect(err.message).toContain('Invalid key');
    expect(`${err.message} ${err.stack}`).not.toContain(wrongKey);
    expect(fake.requests.at(-1)!.authorized).toBe(false);
  });

  it('a body that is not JSON is not retryable', async () => {
    fake.garbleNext();
    const err = await gatewayError(gateway.verify('anything'));
    expect(err.retryable).toBe(false);
  });
});

describe('paystack gateway: webhooks', () => {
  async function paidEvent() {
    const reference = await initialized(320_000);
    fake.setStatus(reference, 'success');
    return { reference, ...fake.webhook(reference) };
  }

  const eventOf = (rawBody: Buffer, signature: string | undefined) => {
    const reading = gateway.parseWebhook(rawBody, signature);
    return reading.ok ? reading.event : undefined;
  };

  it('accepts a correctly signed charge.success and keys it by event and id', async () => {
    const { reference, rawBody, signature } = await paidEvent();
    const event = eventOf(rawBody, signature);
    const tx = fake.transactions.get(reference)!;
    expect(event).toMatchObject({ key: `charge.success:${tx.id}`, type: 'charge.success' });
    expect(event!.payload).toEqual(JSON.parse(rawBody.toString()));
    expect(readChargeEvent(event!.payload)).toEqual({
      reference,
      amount: 320_000,
      currency: 'NGN',
      channel: 'card',
      customerCode: tx.customerCode,
    });
  });

  it('accepts a transfer to a dedicated account (channel dedicated_nuban)', async () => {
    const email = `t.${crypto.randomBytes(3).toString('hex')}@example.com`;
    await gateway.requestDedicatedAccount({ email, firstName: 'T', lastName: 'R', phone: '080', currency: 'NGN' });
    const account = fake.completeAssignment(email, 'success').account!;
    const { reference, rawBody, signature } = fake.transfer(account.accountNumber, 90_000);
    expect(readChargeEvent(eventOf(rawBody, signature)!.payload)).toMatchObject({
      reference,
      amount: 90_000,
      channel: 'dedicated_nuban',
      customerCode: account.customerCode,
    });
  });

  it('refuses a forged signature (signed with another key)', async () => {
    const { rawBody } = await paidEvent();
    expect(gateway.parseWebhook(rawBody, signPaystackWebhook('sk_test_someone_else', rawBody))).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses an unsigned or malformed signature', async () => {
    const { rawBody, signature } = await paidEvent();
    for (const bad of [undefined, '', signature.slice(0, 64), `${signature.slice(0, 127)}z`]) {
      expect(gateway.parseWebhook(rawBody, bad)).toEqual({ ok: false, reason: 'signature' });
    }
  });

  it('refuses a tampered body', async () => {
    const { rawBody, signature } = await paidEvent();
    const tampered = Buffer.from(rawBody.toString().replace('"amount":320000', '"amount":9320000'));
    expect(tampered.equals(rawBody)).toBe(false);
    expect(gateway.parseWebhook(tampered, signature)).toEqual({ ok: false, reason: 'signature' });
  });

  it("reads every signed event, whatever its type (what to do with it is the handlers' business)", () => {
    for (const [type, data, key] of [
      [
        'refund.processed',
        { id: 1_234, transaction_reference: 'tp-1', amount: 100, currency: 'NGN', status: 'processed' },
        'refund.processed:1234',
      ],
      ['dedicatedaccount.assign.failed', { customer: { customer_code: 'CUS_x' }, dedicated_account: null }, undefined],
      ['customeridentification.failed', { customer_code: 'CUS_x', reason: 'BVN' }, undefined],
    ] as const) {
      const { rawBody, signature } = fake.signEvent(type, data);
      const event = eventOf(rawBody, signature);
      expect(event).toMatchObject({ type, payload: { event: type, data } });
      if (key) expect(event!.key).toBe(key);
      // Without an id or reference the key is a digest of the body: a redelivery of the same bytes is the same event.
      else expect(event!.key).toBe(eventOf(rawBody, signature)!.key);
    }
  });

  it('a signed body that is not a JSON event is malformed (never an event, never a crash)', () => {
    for (const body of ['not json', '{"data":{}}', '[]', '{"event":""}', '{"event":42}']) {
      const raw = Buffer.from(body);
      expect(gateway.parseWebhook(raw, signPaystackWebhook(fake.secretKey, raw))).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('replaces NUL characters, which PostgreSQL cannot store, in keys and values', () => {
    const raw = Buffer.from(
      '{"event":"charge.success","data":{"id":"a\\u0000b","reference":"r\\u0000","x\\u0000":["\\u0000"]}}',
    );
    const event = eventOf(raw, signPaystackWebhook(fake.secretKey, raw))!;
    expect(event.key).toBe('charge.success:a\uFFFDb');
    expect(JSON.stringify(event.payload)).not.toContain('\\u0000');
    expect(event.payload).toEqual({
      event: 'charge.success',
      data: { id: 'a\uFFFDb', reference: 'r\uFFFD', 'x\uFFFD': ['\uFFFD'] },
    });
  });

  it('falls back to the reference for the key when the event has no id', () => {
    const raw = Buffer.from(
      JSON.stringify({
        event: 'charge.success',
        data: { reference: 'r-1', amount: 100, currency: 'NGN', channel: 'card', customer: { customer_code: 'CUS_x' } },
      }),
    );
    expect(eventOf(raw, signPaystackWebhook(fake.secretKey, raw))?.key).toBe('charge.success:r-1');
  });

  it('a charge whose amount is not an integer is not a charge to settle', () => {
    expect(
      readChargeEvent({ event: 'charge.success', data: { reference: 'r', amount: '12', currency: 'NGN' } }),
    ).toBeUndefined();
    expect(readChargeEvent({ event: 'charge.success' })).toBeUndefined();
  });
});

describe('paystack gateway: currencies and references (dist/paystack.yaml)', () => {
  it('supports exactly the currencies Paystack publishes (components.schemas.Currency)', () => {
    expect([...PAYSTACK_CURRENCIES].sort()).toEqual(['GHS', 'KES', 'NGN', 'USD', 'ZAR']);
    for (const c of ['GHS', 'KES', 'NGN', 'ZAR', 'USD']) expect(gateway.supports(c)).toBe(true);
    for (const c of ['GBP', 'EUR', 'ngn', 'XYZ', '']) expect(gateway.supports(c)).toBe(false);
  });

  it('never sends a reference outside the published character set', async () => {
    const before = fake.requests.length;
    const err = await gatewayError(
      gateway.initialize({
        reference: 'tp_abc',
        email: 'ada@example.com',
        amount: 50_000,
        currency: 'NGN',
        callbackUrl: 'http://localhost/',
      }),
    );
    expect(err.retryable).toBe(false);
    expect(fake.requests.length).toBe(before);
  });

  it('Paystack refuses a currency it does not take, and the gateway passes the refusal on', async () => {
    const err = await gatewayError(
      gateway.initialize({
        reference: ref(),
        email: 'ada@example.com',
        amount: 50_000,
        currency: 'GBP',
        callbackUrl: 'http://localhost/',
      }),
    );
    expect(err).toMatchObject({
      retryable: false,
      message: expect.stringContaining('Currency not supported by merchant'),
    });
  });
});
