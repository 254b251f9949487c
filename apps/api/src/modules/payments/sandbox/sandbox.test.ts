import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { registerErrorHandler } from '../../../platform/http/error-handler.ts';
import { readChargeEvent, signPaystackWebhook } from '../gateway/paystack-gateway.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import type { SandboxWebhook } from './sandbox-webhooks.ts';
import { gatewayError } from '../gateway/gateway-test-helpers.ts';

const SECRET = 'sandbox-webhook-secret';
const BASE = 'http://localhost:3000';

let t: TestApp;
let gateway: SandboxGateway;

/** Every webhook the sandbox sent (queued, in the app: sandbox-webhooks.ts delivers them), in order. */
const sent: SandboxWebhook[] = [];
/** Makes the sending fail, as the job table would if the database failed mid-way. */
let failSend = false;
beforeAll(async () => {
  t = await buildTestApp();
  gateway = createSandboxGateway({ db: t.db, webhookSecret: SECRET, publicBaseUrl: BASE });
  gateway.sendWebhooksWith({
    send: async (_tx, hook) => {
      if (failSend) throw new Error('queue unavailable');
      sent.push(hook);
    },
  });
});
beforeEach(() => {
  failSend = false;
});

interface AssignedEvent {
  event: string;
  data: {
    customer: { customer_code: string; email: string };
    dedicated_account: { bank: { name: string }; account_number: string; account_name: string; currency: string };
  };
}
/** Requests an account, as Paystack's assign would, and waits for its signed `dedicatedaccount.assign.success`. */
async function assign(input: { email: string; firstName: string; lastName: string; phone: string; currency: string }) {
  const seen = sent.length;
  await gateway.requestDedicatedAccount(input);
  let hook: { rawBody: Buffer; signature: string } | undefined;
  await expect
    .poll(
      () =>
        (hook = sent
          .slice(seen)
          .find((h) => (JSON.parse(h.rawBody.toString()) as AssignedEvent).data.customer.email === input.email)),
    )
    .toBeDefined();
  expect(gateway.parseWebhook(hook!.rawBody, hook!.signature).ok).toBe(true);
  const body = JSON.parse(hook!.rawBody.toString()) as AssignedEvent;
  expect(body.event).toBe('dedicatedaccount.assign.success');
  const a = body.data.dedicated_account;
  return {
    customerCode: body.data.customer.customer_code,
    bankName: a.bank.name,
    accountNumber: a.account_number,
    accountName: a.account_name,
    currency: a.currency,
  };
}
afterAll(() => t?.close());

const ref = () => `top-${crypto.randomBytes(6).toString('hex')}`;
/** The event a signed webhook carries (undefined when refused), and what its charge claims. */
const eventOf = (hook: { rawBody: Buffer; signature: string }) => {
  const reading = gateway.parseWebhook(hook.rawBody, hook.signature);
  return reading.ok ? reading.event : undefined;
};
const chargeOf = (hook: { rawBody: Buffer; signature: string }) => readChargeEvent(eventOf(hook)?.payload);
const email = () => `sbx.${crypto.randomBytes(4).toString('hex')}@example.com`;

async function started(overrides: { amount?: number; currency?: string; callbackUrl?: string; email?: string } = {}) {
  const reference = ref();
  await gateway.initialize({
    reference,
    email: overrides.email ?? email(),
    amount: overrides.amount ?? 500_000,
    currency: overrides.currency ?? 'NGN',
    callbackUrl: overrides.callbackUrl ?? 'http://localhost:5173/payment/callback',
  });
  return reference;
}

async function row(reference: string) {
  const { rows } = await t.db.$client.query('SELECT * FROM sandbox_transactions WHERE reference = $1', [reference]);
  return rows[0] as Record<string, unknown> | undefined;
}

describe('sandbox gateway: card checkout', () => {
  it('initialize keeps a pending transaction and points at the sandbox checkout', async () => {
    const reference = ref();
    const input = {
      reference,
      email: 'ada@example.com',
      amount: 500_000,
      currency: 'NGN',
      callbackUrl: 'http://app/cb',
    };
    const res = await gateway.initialize(input);
    expect(res).toEqual({ reference, authorizationUrl: `${BASE}/api/v1/payment/sandbox/checkout/${reference}` });
    expect(await row(reference)).toMatchObject({
      email: 'ada@example.com',
      amount: '500000',
      currency_code: 'NGN',
      status: 'pending',
      channel: 'card',
      callback_url: 'http://app/cb',
    });

    // A retry is the same transaction: one row, the first amount.
    expect(await gateway.initialize({ ...input, amount: 900_000 })).toEqual(res);
    expect(await t.count('sandbox_transactions', { reference })).toBe(1);
    expect((await gateway.verify(reference)).amount).toBe(500_000);
  });

  it('gives a relative checkout URL without a public base URL, with the reference encoded', async () => {
    const relative = createSandboxGateway({ db: t.db, webhookSecret: SECRET, publicBaseUrl: '' });
    const reference = `a.b=c-${crypto.randomBytes(3).toString('hex')}`;
    const res = await relative.initialize({
      reference,
      email: 'ada@example.com',
      amount: 100,
      currency: 'NGN',
      callbackUrl: 'http://app/cb',
    });
    expect(res.authorizationUrl).toBe(`/api/v1/payment/sandbox/checkout/${encodeURIComponent(reference)}`);
  });

  it('refuses an amount that is not a positive integer', async () => {
    const err = await gatewayError(
      gateway.initialize({
        reference: ref(),
        email: 'a@example.com',
        amount: 0,
        currency: 'NGN',
        callbackUrl: 'http://app/cb',
      }),
    );
    expect(err.retryable).toBe(false);
  });

  it('verify reports a pending checkout, and refuses an unknown reference (not retryable)', async () => {
    const mail = email();
    const reference = await started({ amount: 250_000, currency: 'GBP', email: mail });
    expect(await gateway.verify(reference)).toEqual({
      reference,
      status: 'pending',
      amount: 250_000,
      currency: 'GBP',
      channel: 'card',
      customerCode: expect.stringMatching(/^CUS_sbx_/),
    });
    const err = await gatewayError(gateway.verify('never-made'));
    expect(err.retryable).toBe(false);
  });

  it('pay settles the transaction and returns a Paystack-shaped, signed charge.success', async () => {
    const mail = email();
    const reference = await started({ amount: 500_000, email: mail });
    const hook = await gateway.pay(reference);
    const body = JSON.parse(hook.rawBody.toString()) as { event: string; data: Record<string, unknown> };
    const tx = await gateway.verify(reference);
    expect(tx.status).toBe('success');
    expect(body).toEqual({
      event: 'charge.success',
      data: {
        id: expect.any(Number),
        reference,
        amount: 500_000,
        currency: 'NGN',
        status: 'success',
        channel: 'card',
        customer: { customer_code: tx.customerCode, email: mail },
        paid_at: ((await row(reference))!.paid_at as Date).toISOString(),
      },
    });
    expect(hook.signature).toBe(signPaystackWebhook(SECRET, hook.rawBody));
    expect(eventOf(hook)).toMatchObject({ key: `charge.success:${body.data.id}`, type: 'charge.success' });
    expect(chargeOf(hook)).toEqual({
      reference,
      amount: 500_000,
      currency: 'NGN',
      channel: 'card',
      customerCode: tx.customerCode,
    });
  });

  it('paying twice delivers the same event again (same id, same bytes)', async () => {
    const reference = await started();
    const seen = sent.length;
    const first = await gateway.pay(reference);
    const again = await gateway.pay(reference);
    expect(again.rawBody.equals(first.rawBody)).toBe(true);
    expect(again.signature).toBe(first.signature);
    expect(sent.slice(seen).map((h) => h.rawBody.toString())).toEqual([
      first.rawBody.toString(),
      first.rawBody.toString(),
    ]);
  });

  it('a payment and its webhook commit together: when the webhook cannot be queued, nothing is paid', async () => {
    const reference = await started();
    failSend = true;
    await expect(gateway.pay(reference)).rejects.toThrow('queue unavailable');
    expect((await gateway.verify(reference)).status).toBe('pending');
    expect((await row(reference))!.paid_at).toBeNull();
    failSend = false;
    const hook = await gateway.pay(reference);
    expect(sent.at(-1)!.rawBody.equals(hook.rawBody)).toBe(true);
    expect((await gateway.verify(reference)).status).toBe('success');
  });

  it('racing payments settle once and all carry the same event', async () => {
    const reference = await started();
    const hooks = await Promise.all(Array.from({ length: 6 }, () => gateway.pay(reference)));
    expect(new Set(hooks.map((h) => h.rawBody.toString())).size).toBe(1);
    expect((await gateway.verify(reference)).status).toBe('success');
  });

  it('decline marks the transaction failed; it cannot be paid afterwards', async () => {
    const reference = await started();
    await gateway.decline(reference);
    expect((await gateway.verify(reference)).status).toBe('failed');
    expect((await gatewayError(gateway.pay(reference))).retryable).toBe(false);
    expect((await row(reference))!.paid_at).toBeNull();
  });

  it('declining a paid transaction changes nothing; unknown references are refused', async () => {
    const reference = await started();
    await gateway.pay(reference);
    await gateway.decline(reference);
    expect((await gateway.verify(reference)).status).toBe('success');
    await gatewayError(gateway.decline('never-made'));
    await gatewayError(gateway.pay('never-made'));
    expect(await gateway.checkout('never-made')).toBeUndefined();
  });
});

describe('sandbox gateway: dedicated accounts and transfers', () => {
  const person = (mail = email()) => ({
    email: mail,
    firstName: 'Ada',
    lastName: 'Obi',
    phone: '08012345678',
    currency: 'NGN',
  });

  it('assigns a Sandbox Bank account once per email', async () => {
    const input = person();
    const account = await assign(input);
    expect(account).toEqual({
      customerCode: expect.stringMatching(/^CUS_sbx_[0-9a-f]{16}$/),
      bankName: 'Sandbox Bank',
      accountNumber: expect.stringMatching(/^\d{10}$/),
      accountName: 'Ada Obi',
      currency: 'NGN',
    });
    expect(await assign(input)).toEqual(account);
    expect(await assign({ ...input, email: input.email.toUpperCase() })).toEqual(account);
    const other = await assign(person());
    expect(other.accountNumber).not.toBe(account.accountNumber);
    expect(other.customerCode).not.toBe(account.customerCode);
  });

  it('racing requests for one email get one account', async () => {
    const input = person();
    await Promise.all(Array.from({ length: 5 }, () => gateway.requestDedicatedAccount(input)));
    expect(await t.count('sandbox_accounts', { email: input.email })).toBe(1);
  });

  it('a card checkout and the dedicated account of one email share the customer code', async () => {
    const mail = email();
    const account = await assign(person(mail));
    const reference = await started({ email: mail });
    expect((await gateway.verify(reference)).customerCode).toBe(account.customerCode);
  });

  it('a transfer is a new paid transaction with a signed dedicated_nuban charge.success', async () => {
    const mail = email();
    const account = await assign({ ...person(mail), currency: 'NGN' });
    const transfer = await gateway.simulateTransfer(account.accountNumber, 120_000);
    expect(transfer?.reference).toMatch(/^sbx-trf-[0-9a-f]+$/);
    const body = JSON.parse(transfer!.rawBody.toString()) as { event: string; data: Record<string, unknown> };
    expect(body).toEqual({
      event: 'charge.success',
      data: {
        id: expect.any(Number),
        reference: transfer!.reference,
        amount: 120_000,
        currency: 'NGN',
        status: 'success',
        channel: 'dedicated_nuban',
        customer: { customer_code: account.customerCode, email: mail },
        paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
    });
    expect(chargeOf(transfer!)).toMatchObject({
      reference: transfer!.reference,
      channel: 'dedicated_nuban',
      customerCode: account.customerCode,
      amount: 120_000,
    });
    expect(await gateway.verify(transfer!.reference)).toEqual({
      reference: transfer!.reference,
      status: 'success',
      amount: 120_000,
      currency: 'NGN',
      channel: 'dedicated_nuban',
      customerCode: account.customerCode,
    });

    const second = await gateway.simulateTransfer(account.accountNumber, 120_000);
    expect(second!.reference).not.toBe(transfer!.reference);
    expect(eventOf(second!)!.key).not.toBe(eventOf(transfer!)!.key);
  });

  it('a transfer and its webhook commit together: when the webhook cannot be queued, no transfer is made', async () => {
    const account = await assign(person());
    const before = await t.count('sandbox_transactions', { channel: 'dedicated_nuban' });
    failSend = true;
    await expect(gateway.simulateTransfer(account.accountNumber, 50_000)).rejects.toThrow('queue unavailable');
    expect(await t.count('sandbox_transactions', { channel: 'dedicated_nuban' })).toBe(before);
    failSend = false;
    const transfer = await gateway.simulateTransfer(account.accountNumber, 50_000);
    expect(sent.at(-1)!.rawBody.equals(transfer!.rawBody)).toBe(true);
  });

  it('a transfer to an unknown account is undefined; a bad amount is refused', async () => {
    expect(await gateway.simulateTransfer('0000000000x', 100)).toBeUndefined();
    const account = await assign(person());
    await gatewayError(gateway.simulateTransfer(account.accountNumber, -5));
    await gatewayError(gateway.simulateTransfer(account.accountNumber, 1.5));
  });
});

describe('sandbox gateway: webhook signature', () => {
  async function paid() {
    return gateway.pay(await started({ amount: 320_000 }));
  }

  it('refuses a body signed with another secret (a forgery)', async () => {
    const { rawBody } = await paid();
    expect(gateway.parseWebhook(rawBody, signPaystackWebhook('someone-else', rawBody))).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses an unsigned body', async () => {
    const { rawBody } = await paid();
    expect(gateway.parseWebhook(rawBody, undefined)).toEqual({ ok: false, reason: 'signature' });
    expect(gateway.parseWebhook(rawBody, '')).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a tampered body', async () => {
    const { rawBody, signature } = await paid();
    const tampered = Buffer.from(rawBody.toString().replace('"amount":320000', '"amount":1320000'));
    expect(tampered.equals(rawBody)).toBe(false);
    expect(gateway.parseWebhook(tampered, signature)).toEqual({ ok: false, reason: 'signature' });
  });

  it('reads a signed event of any type (the handlers decide what to do with it)', () => {
    const raw = Buffer.from(
      JSON.stringify({
        event: 'refund.processed',
        data: { id: 1, transaction_reference: 'r', amount: 100, currency: 'NGN' },
      }),
    );
    expect(eventOf({ rawBody: raw, signature: signPaystackWebhook(SECRET, raw) })).toMatchObject({
      key: 'refund.processed:1',
      type: 'refund.processed',
    });
  });

  it("supports every currency the platform serves, and refuses a reference outside Paystack's character set", async () => {
    for (const c of ['NGN', 'GBP', 'USD', 'EUR']) expect(gateway.supports(c)).toBe(true);
    expect(gateway.supports('XYZ')).toBe(false);
    await gatewayError(
      gateway.initialize({
        reference: 'tp_underscore',
        email: email(),
        amount: 100_000,
        currency: 'NGN',
        callbackUrl: 'http://localhost/',
      }),
    );
    expect(await row('tp_underscore')).toBeUndefined();
  });
});

describe('sandbox routes', () => {
  let app: FastifyInstance;
  /** What the sandbox sent since `mark` (set before each test). */
  let mark = 0;
  const delivered = () => sent.slice(mark);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(sandboxRoutes, { prefix: '/api/v1', gateway });
    await app.ready();
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    mark = sent.length;
  });

  const checkoutUrl = (reference: string) => `/api/v1/payment/sandbox/checkout/${encodeURIComponent(reference)}`;

  it('shows a script-free checkout page with the amount and two buttons', async () => {
    const reference = await started({
      amount: 500_000,
      currency: 'NGN',
      callbackUrl: 'http://localhost:5173/payment/callback',
    });
    const res = await app.inject({ method: 'GET', url: checkoutUrl(reference) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Sandbox checkout</title>');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toMatch(/NGN\s5,000\.00/);
    expect(res.body).toContain(
      `<form method="post" action="${checkoutUrl(reference)}/pay"><button type="submit" class="pay">Pay</button></form>`,
    );
    expect(res.body).toContain(
      `<form method="post" action="${checkoutUrl(reference)}/decline"><button type="submit" class="decline">Decline</button></form>`,
    );
    expect(res.body).not.toMatch(/<script|<link|src=/i);
    expect(res.headers['content-security-policy']).toContain("form-action 'self' http://localhost:5173");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers an unknown reference with a 404 page', async () => {
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/pay'],
      ['POST', '/decline'],
    ] as const) {
      const res = await app.inject({
        method,
        url: `${checkoutUrl('never-made')}${suffix}`,
        headers: method === 'POST' ? form : {},
        payload: method === 'POST' ? '' : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Payment not found');
    }
    expect(delivered()).toHaveLength(0);
  });

  it('Pay sends the signed event, then sends the browser back with the reference', async () => {
    const reference = await started({ callbackUrl: 'http://localhost:5173/payment/callback' });
    const res = await app.inject({ method: 'POST', url: `${checkoutUrl(reference)}/pay`, headers: form, payload: '' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:5173/payment/callback?reference=${reference}`);
    expect(delivered()).toHaveLength(1);
    expect(eventOf(delivered()[0]!)).toMatchObject({ type: 'charge.success' });
    expect(chargeOf(delivered()[0]!)).toMatchObject({ reference });
    expect((await gateway.verify(reference)).status).toBe('success');

    const page = await app.inject({ method: 'GET', url: checkoutUrl(reference) });
    expect(page.body).toContain('This payment is already completed.');
    expect(page.body).not.toContain('<button');

    // Paying again (a second tab) delivers the same event; the receiver dedupes it.
    await app.inject({ method: 'POST', url: `${checkoutUrl(reference)}/pay`, headers: form, payload: '' });
    expect(delivered()).toHaveLength(2);
    expect(delivered()[1]!.rawBody.equals(delivered()[0]!.rawBody)).toBe(true);
  });

  it('appends the reference to a callback that already has a query (before any fragment)', async () => {
    const reference = await started({ callbackUrl: 'http://localhost:5173/payment/callback?paymentId=p1#top' });
    const res = await app.inject({ method: 'POST', url: `${checkoutUrl(reference)}/pay` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:5173/payment/callback?paymentId=p1&reference=${reference}#top`);
  });

  it('when the webhook cannot be queued, Pay fails and the checkout stays payable (nothing paid without its event)', async () => {
    const reference = await started();
    failSend = true;
    const res = await app.inject({ method: 'POST', url: `${checkoutUrl(reference)}/pay`, headers: form, payload: '' });
    expect(res.statusCode).toBe(500);
    expect((await gateway.verify(reference)).status).toBe('pending');
    expect((await app.inject({ method: 'GET', url: checkoutUrl(reference) })).body).toContain('class="pay"');
  });

  it('Decline marks the payment failed, delivers nothing and sends the browser back', async () => {
    const reference = await started({ callbackUrl: 'http://localhost:5173/payment/callback' });
    const res = await app.inject({
      method: 'POST',
      url: `${checkoutUrl(reference)}/decline`,
      headers: form,
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:5173/payment/callback?reference=${reference}`);
    expect(delivered()).toHaveLength(0);
    expect((await gateway.verify(reference)).status).toBe('failed');
    expect((await app.inject({ method: 'GET', url: checkoutUrl(reference) })).body).toContain(
      'This payment is already completed.',
    );

    // Pay after decline: nothing is charged or delivered.
    const pay = await app.inject({ method: 'POST', url: `${checkoutUrl(reference)}/pay`, headers: form, payload: '' });
    expect(pay.statusCode).toBe(303);
    expect(delivered()).toHaveLength(0);
    expect((await gateway.verify(reference)).status).toBe('failed');
  });

  it('escapes the reference in the page', async () => {
    // initialize refuses such a reference (Paystack's character set); the page escapes whatever its row holds anyway.
    const reference = `<b>x</b>"'${crypto.randomBytes(3).toString('hex')}`;
    await gatewayError(
      gateway.initialize({
        reference,
        email: 'a@example.com',
        amount: 100,
        currency: 'NGN',
        callbackUrl: 'http://app/cb',
      }),
    );
    await t.db.$client.query(
      "INSERT INTO sandbox_transactions (reference, email, amount, currency_code, callback_url) VALUES ($1, 'a@example.com', 100, 'NGN', 'http://app/cb')",
      [reference],
    );
    const res = await app.inject({ method: 'GET', url: checkoutUrl(reference) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<b>x</b>');
    expect(res.body).toContain('&#60;b&#62;x&#60;/b&#62;&#34;&#39;');
  });

  it('POST /payment/sandbox/transfer simulates a transfer and sends its event', async () => {
    const account = await assign({
      email: email(),
      firstName: 'Tola',
      lastName: 'Ade',
      phone: '08012345678',
      currency: 'NGN',
    });
    mark = sent.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/sandbox/transfer',
      payload: { accountNumber: account.accountNumber, amount: 75_000 },
    });
    expect(res.statusCode).toBe(200);
    const { reference } = (res.json() as { data: { reference: string } }).data;
    expect(reference).toMatch(/^sbx-trf-/);
    expect(delivered()).toHaveLength(1);
    expect(chargeOf(delivered()[0]!)).toMatchObject({
      reference,
      amount: 75_000,
      channel: 'dedicated_nuban',
      customerCode: account.customerCode,
    });
  });

  it('a transfer to an unknown account is a 404 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/sandbox/transfer',
      payload: { accountNumber: '0000000000x', amount: 100 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: en.notFound });
    expect(delivered()).toHaveLength(0);
  });

  it('validates the transfer body', async () => {
    const cases: Array<[unknown, string]> = [
      [{ accountNumber: '1234567890', amount: 0 }, en.amountPositive],
      [{ accountNumber: '1234567890', amount: 1.5 }, en.amountDigits],
      [{ accountNumber: '1234567890', amount: '100' }, en.amountDigits],
      [{ accountNumber: '', amount: 100 }, en.required],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/payment/sandbox/transfer',
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((res.json() as { errors: string[] }).errors).toContain(message);
    }
    const extra = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/sandbox/transfer',
      payload: { accountNumber: '1234567890', amount: 100, currency: 'USD' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(delivered()).toHaveLength(0);
  });
});
