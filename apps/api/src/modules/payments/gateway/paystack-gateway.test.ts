import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../../../../test/fake-paystack.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createPaystackGateway, signPaystackWebhook } from './paystack-gateway.ts';
import { gatewayError } from './gateway-test-helpers.ts';

let fake: FakePaystack;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakePaystack();
  gateway = createPaystackGateway({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 2_000 });
});
afterAll(() => fake.close());

const ref = () => `top_${crypto.randomBytes(6).toString('hex')}`;

async function initialized(amount = 500_000, email = 'ada@example.com') {
  const reference = ref();
  await gateway.initialize({ reference, email, amount, currency: 'NGN', callbackUrl: 'http://localhost:5173/payment/callback', metadata: { paymentId: 'p1' } });
  return reference;
}

describe('paystack gateway: transactions', () => {
  it('initializes a checkout with the documented body and returns its URL and reference', async () => {
    const reference = ref();
    const res = await gateway.initialize({ reference, email: 'ada@example.com', amount: 500_000, currency: 'NGN', callbackUrl: 'http://app/cb', metadata: { paymentId: 'p1' } });
    expect(res.reference).toBe(reference);
    expect(res.authorizationUrl).toMatch(new RegExp(`^${fake.url}/checkout/[0-9a-f]+$`));
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/transaction/initialize', authorized: true });
    expect(sent.body).toEqual({ email: 'ada@example.com', amount: 500_000, currency: 'NGN', reference, callback_url: 'http://app/cb', metadata: { paymentId: 'p1' } });
  });

  it('verifies a paid transaction with amount, currency, channel and customer', async () => {
    const reference = await initialized(750_000);
    fake.setStatus(reference, 'success');
    const tx = await gateway.verify(reference);
    expect(tx).toEqual({ reference, status: 'success', amount: 750_000, currency: 'NGN', channel: 'card', customerCode: fake.transactions.get(reference)!.customerCode });
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
    const reference = `odd/ref ${crypto.randomBytes(3).toString('hex')}`;
    await gateway.initialize({ reference, email: 'ada@example.com', amount: 100, currency: 'NGN', callbackUrl: 'http://app/cb' });
    expect((await gateway.verify(reference)).reference).toBe(reference);
    expect(fake.requests.at(-1)!.path).toBe(`/transaction/verify/${encodeURIComponent(reference)}`);
  });

  it('refuses an unknown reference (not retryable) with Paystack’s message', async () => {
    const err = await gatewayError(gateway.verify('nope-never-made'));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Transaction reference not found');
  });

  it('refuses a duplicate reference (not retryable)', async () => {
    const reference = await initialized();
    const err = await gatewayError(gateway.initialize({ reference, email: 'ada@example.com', amount: 100, currency: 'NGN', callbackUrl: 'http://app/cb' }));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Duplicate Transaction Reference');
  });
});

describe('paystack gateway: dedicated accounts', () => {
  it('creates the customer, then a Wema Bank account; asking again gives the same account', async () => {
    const input = { email: `dva.${crypto.randomBytes(3).toString('hex')}@example.com`, firstName: 'Ada', lastName: 'Obi', phone: '+2348012345678', currency: 'NGN' };
    const account = await gateway.assignDedicatedAccount(input);
    expect(account).toEqual({ customerCode: expect.stringMatching(/^CUS_/), bankName: 'Wema Bank', accountNumber: expect.stringMatching(/^\d{10}$/), accountName: 'ADA OBI' });
    const [customer, dva] = fake.requests.slice(-2);
    expect(customer).toMatchObject({ method: 'POST', path: '/customer', body: { email: input.email, first_name: 'Ada', last_name: 'Obi', phone: '+2348012345678' } });
    expect(dva).toMatchObject({ method: 'POST', path: '/dedicated_account', body: { customer: account.customerCode, preferred_bank: 'wema-bank' } });
    expect(await gateway.assignDedicatedAccount(input)).toEqual(account);
  });

  it('passes Paystack’s refusal on as a non-retryable error', async () => {
    const err = await gatewayError(gateway.assignDedicatedAccount({ email: 'nophone@example.com', firstName: 'No', lastName: 'Phone', phone: null, currency: 'NGN' }));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('phone are required');
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

  it('accepts a correctly signed charge.success and keys it by event and id', async () => {
    const { reference, rawBody, signature } = await paidEvent();
    const event = gateway.parseWebhook(rawBody, signature);
    const tx = fake.transactions.get(reference)!;
    expect(event).toMatchObject({ key: `charge.success:${tx.id}`, type: 'charge.success', reference, amount: 320_000, currency: 'NGN', channel: 'card', customerCode: tx.customerCode });
    expect(event!.payload).toEqual(JSON.parse(rawBody.toString()));
  });

  it('accepts a transfer to a dedicated account (channel dedicated_nuban)', async () => {
    const account = await gateway.assignDedicatedAccount({ email: `t.${crypto.randomBytes(3).toString('hex')}@example.com`, firstName: 'T', lastName: 'R', phone: '080', currency: 'NGN' });
    const { reference, rawBody, signature } = fake.transfer(account.accountNumber, 90_000);
    expect(gateway.parseWebhook(rawBody, signature)).toMatchObject({ reference, amount: 90_000, channel: 'dedicated_nuban', customerCode: account.customerCode });
  });

  it('refuses a forged signature (signed with another key)', async () => {
    const { rawBody } = await paidEvent();
    expect(gateway.parseWebhook(rawBody, signPaystackWebhook('sk_test_someone_else', rawBody))).toBeUndefined();
  });

  it('refuses an unsigned or malformed signature', async () => {
    const { rawBody, signature } = await paidEvent();
    expect(gateway.parseWebhook(rawBody, undefined)).toBeUndefined();
    expect(gateway.parseWebhook(rawBody, '')).toBeUndefined();
    expect(gateway.parseWebhook(rawBody, signature.slice(0, 64))).toBeUndefined();
    expect(gateway.parseWebhook(rawBody, `${signature.slice(0, 127)}z`)).toBeUndefined();
  });

  it('refuses a tampered body', async () => {
    const { rawBody, signature } = await paidEvent();
    const tampered = Buffer.from(rawBody.toString().replace('"amount":320000', '"amount":9320000'));
    expect(tampered.equals(rawBody)).toBe(false);
    expect(gateway.parseWebhook(tampered, signature)).toBeUndefined();
  });

  it('ignores events it does not handle and malformed bodies, even when signed', async () => {
    const reference = await initialized();
    const other = fake.webhook(reference, 'refund.processed');
    expect(gateway.parseWebhook(other.rawBody, other.signature)).toBeUndefined();
    for (const body of ['not json', '{"event":"charge.success"}', '{"event":"charge.success","data":{"reference":"r","amount":"12","currency":"NGN"}}']) {
      const raw = Buffer.from(body);
      expect(gateway.parseWebhook(raw, signPaystackWebhook(fake.secretKey, raw))).toBeUndefined();
    }
  });

  it('falls back to the reference for the key when the event has no id', () => {
    const raw = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'r-1', amount: 100, currency: 'NGN', channel: 'card', customer: { customer_code: 'CUS_x' } } }));
    expect(gateway.parseWebhook(raw, signPaystackWebhook(fake.secretKey, raw))?.key).toBe('charge.success:r-1');
  });
});
