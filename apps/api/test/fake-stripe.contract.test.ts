import fs from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, stripeFixtures, type FakeStripe } from './fake-stripe.ts';

/**
 * The Stripe stand-in answers as Stripe publishes: its objects have the shape of Stripe's published examples
 * (github.com/stripe/openapi `openapi/fixtures3.json`, vendored in test/published/stripe/), its errors Stripe's
 * envelope and status codes, its signatures what the official SDK computes; and the official SDK reads all of it.
 * Its answers are also validated with ajv against the response schemas of Stripe's published OpenAPI document
 * (test/published/stripe/openapi-subset.json: the operations we call and their schemas' closure, README.md there).
 */
let fake: FakeStripe;
let sdk: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  const url = new URL(fake.url);
  sdk = new Stripe(fake.secretKey, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

interface PublishedSubset {
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; responses: Record<string, { content: { 'application/json': { schema: unknown } } }> }
    >
  >;
  components: { schemas: Record<string, unknown> };
}
const published = JSON.parse(
  fs.readFileSync(new URL('./published/stripe/openapi-subset.json', import.meta.url), 'utf8'),
) as PublishedSubset;

/** OpenAPI 3.0 as JSON Schema: `nullable: true` admits null; annotations (`x-...`) are ignored, formats not checked. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'nullable') out[k] = asJsonSchema(v);
  if ((node as { nullable?: unknown }).nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    return out;
  }
  // A nullable `anyOf` (Stripe's expandable fields): null or one of them.
  return Array.isArray(out.anyOf) ? { ...out, anyOf: [...(out.anyOf as unknown[]), { type: 'null' }] } : out;
}
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ components: asJsonSchema(published.components) }, 'stripe');
const rooted = (schema: unknown) =>
  JSON.parse(JSON.stringify(asJsonSchema(schema)).replaceAll('"#/components/', '"stripe#/components/')) as object;

/** The schema Stripe publishes for this operation's answer: `200`, or `default` (the error envelope) for the rest. */
function responseSchema(method: string, apiPath: string, status: number): ValidateFunction {
  const operation = published.paths[apiPath]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${apiPath} is not in the published subset`);
  const declared = operation.responses[String(status)] ?? operation.responses.default;
  return ajv.compile(rooted(declared!.content['application/json'].schema));
}

/** The answer conforms to what Stripe publishes for (operation, status). */
function expectPublished(method: string, apiPath: string, answer: { status: number; body: unknown }) {
  const validate = responseSchema(method, apiPath, answer.status);
  const valid = validate(answer.body);
  expect(
    valid ? [] : validate.errors,
    `${method} ${apiPath} ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`,
  ).toEqual([]);
}

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Same keys as Stripe's example, and each value null or of the example's JSON type (recursively for objects). */
function expectShapeOf(example: Record<string, unknown>, actual: Record<string, unknown>, at = '') {
  expect(Object.keys(actual).sort(), `keys of ${at || 'the object'}`).toEqual(Object.keys(example).sort());
  for (const [key, sample] of Object.entries(example)) {
    const value = actual[key];
    if (sample === null || value === null) continue;
    expect(jsonType(value), `${at}${key}`).toBe(jsonType(sample));
    if (jsonType(sample) === 'object' && Object.keys(sample as object).length > 0) {
      expectShapeOf(sample as Record<string, unknown>, value as Record<string, unknown>, `${at}${key}.`);
    }
  }
}

const raw = async (method: string, path: string, body?: string, key = fake.secretKey) => {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const createParams = (reference: string): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    { quantity: 1, price_data: { currency: 'gbp', unit_amount: 2_500, product_data: { name: 'Wallet top-up' } } },
  ],
  client_reference_id: reference,
  metadata: { reference },
  success_url: 'http://localhost:5173/wallet',
  cancel_url: 'http://localhost:5173/wallet',
});

describe("the Stripe stand-in against Stripe's published OpenAPI document", () => {
  const createBody = (currency: string) =>
    new URLSearchParams({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': currency,
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Wallet top-up',
      client_reference_id: 'tp-published',
      'metadata[reference]': 'tp-published',
      success_url: 'http://localhost/wallet',
      cancel_url: 'http://localhost/wallet',
    }).toString();

  it('PostCheckoutSessions and GetCheckoutSessionsSession: created, open and paid sessions are checkout.session objects', async () => {
    const created = await raw('POST', '/v1/checkout/sessions', createBody('gbp'));
    expect(created.status).toBe(200);
    expectPublished('POST', '/v1/checkout/sessions', created);
    const id = String(created.body.id);
    expectPublished('GET', '/v1/checkout/sessions/{session}', await raw('GET', `/v1/checkout/sessions/${id}`));
    fake.pay(id);
    const paid = await raw('GET', `/v1/checkout/sessions/${id}`);
    expect(paid.body).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expectPublished('GET', '/v1/checkout/sessions/{session}', paid);
  });

  it('its errors are the published error envelope', async () => {
    const missing = await raw('GET', '/v1/checkout/sessions/cs_test_nope');
    expect(missing.status).toBe(404);
    expectPublished('GET', '/v1/checkout/sessions/{session}', missing);
    const invalid = await raw('POST', '/v1/checkout/sessions', 'success_url=http%3A%2F%2Flocalhost%2F');
    expect(invalid.status).toBe(400);
    expectPublished('POST', '/v1/checkout/sessions', invalid);
  });

  it('a signed checkout.session.completed is a published event whose object is a published checkout.session', async () => {
    const created = await raw('POST', '/v1/checkout/sessions', createBody('eur'));
    const hook = fake.pay(String(created.body.id));
    const event = JSON.parse(hook.rawBody.toString('utf8')) as { data: { object: unknown } };
    const validateEvent = ajv.compile(rooted({ $ref: '#/components/schemas/event' }));
    expect(validateEvent(event) ? [] : validateEvent.errors).toEqual([]);
    const validateSession = ajv.compile(rooted({ $ref: '#/components/schemas/checkout.session' }));
    expect(validateSession(event.data.object) ? [] : validateSession.errors).toEqual([]);
  });

  it('the validation can fail: a session without its id, or with a string amount, is not what Stripe publishes', async () => {
    const created = await raw('POST', '/v1/checkout/sessions', createBody('gbp'));
    const validate = responseSchema('POST', '/v1/checkout/sessions', 200);
    const { id: _id, ...withoutId } = created.body;
    expect(validate(withoutId)).toBe(false);
    expect(validate({ ...created.body, amount_total: '2500' })).toBe(false);
  });
});

describe('the Stripe stand-in', () => {
  it("a created and a retrieved Checkout Session have the shape of Stripe's published example, read by the official SDK", async () => {
    const created = await sdk.checkout.sessions.create(createParams('tp_contract1'));
    expect(created).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      amount_total: 2_500,
      currency: 'gbp',
      client_reference_id: 'tp_contract1',
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(created.id).toMatch(/^cs_test_/);
    const example = stripeFixtures.resources['checkout.session'];
    expectShapeOf(
      example,
      (
        await raw(
          'POST',
          '/v1/checkout/sessions',
          new URLSearchParams({
            mode: 'payment',
            'line_items[0][quantity]': '1',
            'line_items[0][price_data][currency]': 'eur',
            'line_items[0][price_data][unit_amount]': '1000',
            'line_items[0][price_data][product_data][name]': 'x',
            success_url: 'http://localhost/',
          }).toString(),
        )
      ).body,
    );
    const retrieved = await raw('GET', `/v1/checkout/sessions/${created.id}`);
    expect(retrieved.status).toBe(200);
    expectShapeOf(example, retrieved.body);
    fake.pay(created.id);
    const paid = await sdk.checkout.sessions.retrieve(created.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expectShapeOf(example, paid as unknown as Record<string, unknown>);
  });

  it('an Idempotency-Key replays the first answer', async () => {
    const a = await sdk.checkout.sessions.create(createParams('tp_idem'), { idempotencyKey: 'checkout:tp_idem' });
    const b = await sdk.checkout.sessions.create(createParams('tp_idem'), { idempotencyKey: 'checkout:tp_idem' });
    expect(b.id).toBe(a.id);
  });

  it.each([
    [
      'an unknown session',
      'GET',
      '/v1/checkout/sessions/cs_test_nope',
      undefined,
      404,
      {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such checkout.session: 'cs_test_nope'",
        param: 'session',
      },
    ],
    [
      'no mode',
      'POST',
      '/v1/checkout/sessions',
      'success_url=http%3A%2F%2Flocalhost%2F',
      400,
      {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'Missing required param: mode.',
        param: 'mode',
      },
    ],
    [
      'an upper-case currency',
      'POST',
      '/v1/checkout/sessions',
      'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=GBP&line_items[0][price_data][unit_amount]=100&line_items[0][price_data][product_data][name]=x&success_url=x',
      400,
      { type: 'invalid_request_error', code: 'parameter_invalid_string', param: 'line_items[0][price_data][currency]' },
    ],
  ] as const)(
    "answers %s with Stripe's error envelope and status",
    async (_what, method, path, body, status, error) => {
      const res = await raw(method, path, body);
      expect(res.status).toBe(status);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatchObject(error);
      for (const [k, v] of Object.entries(res.body.error as object)) expect(typeof v, k).toBe('string');
    },
  );

  it('errors reach the official SDK as its own error classes', async () => {
    const missing = await sdk.checkout.sessions.retrieve('cs_test_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'session' });
    const badKey = new Stripe('sk_test_wrong', {
      host: new URL(fake.url).hostname,
      port: new URL(fake.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const refused = await badKey.checkout.sessions.retrieve('cs_test_nope').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(refused).toMatchObject({ statusCode: 401 });
    fake.failNext(500);
    const down = await sdk.checkout.sessions.retrieve('cs_test_nope').catch((e: unknown) => e);
    expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it('signs events as Stripe does: the SDK computes the same header and accepts it; the event has the published shape', async () => {
    const session = await sdk.checkout.sessions.create(createParams('tp_signed'));
    const hook = fake.pay(session.id);
    const t = Number(/^t=(\d+),/.exec(hook.signature)![1]);
    expect(hook.signature).toBe(
      sdk.webhooks.generateTestHeaderString({
        payload: hook.rawBody.toString('utf8'),
        secret: fake.webhookSecret,
        timestamp: t,
      }),
    );
    const event = sdk.webhooks.constructEvent(hook.rawBody, hook.signature, fake.webhookSecret);
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: session.id, payment_status: 'paid' } },
    });
    const { data: _data, ...rest } = stripeFixtures.resources.event as Record<string, unknown>;
    const { data, ...ours } = JSON.parse(hook.rawBody.toString('utf8')) as Record<string, unknown>;
    expectShapeOf(rest, ours);
    expect(Object.keys(data as object)).toEqual(['object']);
    expect(() =>
      sdk.webhooks.constructEvent(hook.rawBody, fake.sign(hook.rawBody, t, 'whsec_other'), fake.webhookSecret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe("the stand-in's Connect, transfers, refunds and disputes against Stripe's published OpenAPI document", () => {
  const validateObject = (name: string, value: unknown) => {
    const validate = ajv.compile(rooted({ $ref: `#/components/schemas/${name}` }));
    expect(validate(value) ? [] : validate.errors, `${name}: ${JSON.stringify(value).slice(0, 300)}`).toEqual([]);
  };
  const eventOf = (hook: { rawBody: Buffer }) =>
    JSON.parse(hook.rawBody.toString('utf8')) as { type: string; account?: string; data: { object: unknown } };
  const newAccount = async () => {
    const created = await raw(
      'POST',
      '/v1/accounts',
      new URLSearchParams({
        type: 'express',
        country: 'GB',
        email: 'theo@example.com',
        'capabilities[transfers][requested]': 'true',
        'metadata[providerId]': 'p-1',
      }).toString(),
    );
    expect(created.status).toBe(200);
    return created;
  };
  const paidSession = async () => {
    const created = await raw(
      'POST',
      '/v1/checkout/sessions',
      new URLSearchParams({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'gbp',
        'line_items[0][price_data][unit_amount]': '2500',
        'line_items[0][price_data][product_data][name]': 'Wallet top-up',
        success_url: 'http://localhost/wallet',
      }).toString(),
    );
    fake.pay(String(created.body.id));
    return String(created.body.id);
  };

  it('PostAccounts, GetAccountsAccount and PostAccountLinks answer published account and account_link objects', async () => {
    const created = await newAccount();
    expectPublished('POST', '/v1/accounts', created);
    const id = String(created.body.id);
    expect(created.body).toMatchObject({ type: 'express', country: 'GB', payouts_enabled: false });
    // Stripe lists only the capabilities asked for (transfers), and a fresh account has no Bacs display name.
    const example = stripeFixtures.resources.account as { settings: object };
    expectShapeOf(
      {
        ...example,
        capabilities: { transfers: 'inactive' },
        settings: { ...example.settings, bacs_debit_payments: {} },
      },
      created.body,
    );
    expectPublished('GET', '/v1/accounts/{account}', await raw('GET', `/v1/accounts/${id}`));
    const link = await raw(
      'POST',
      '/v1/account_links',
      new URLSearchParams({
        account: id,
        type: 'account_onboarding',
        return_url: 'http://localhost/bank-details?stripe=return',
        refresh_url: 'http://localhost/bank-details?stripe=refresh',
      }).toString(),
    );
    expect(link.status).toBe(200);
    expectPublished('POST', '/v1/account_links', link);
    expectShapeOf(stripeFixtures.resources.account_link, link.body);
    expectPublished('GET', '/v1/accounts/{account}', await raw('GET', '/v1/accounts/acct_NOPE'));
    expect((await raw('GET', '/v1/accounts/acct_NOPE')).status).toBe(404);
    // Read by the official SDK.
    const viaSdk = await sdk.accounts.retrieve(id);
    expect(viaSdk.capabilities?.transfers).toBe('inactive');

    // account.updated: a published event from the connected account, about a published account.
    const hook = fake.completeOnboarding(id);
    const event = eventOf(hook);
    expect(event).toMatchObject({ type: 'account.updated', account: id });
    validateObject('event', event);
    validateObject('account', event.data.object);
    expect(event.data.object).toMatchObject({ payouts_enabled: true, details_submitted: true });
  });

  it('PostTransfers and GetTransfers answer published transfers, refuse as Stripe does, and transfer.reversed is published', async () => {
    const account = String((await newAccount()).body.id);
    const body = (group: string) =>
      new URLSearchParams({
        amount: '5000',
        currency: 'gbp',
        destination: account,
        transfer_group: group,
        'metadata[reference]': group,
      }).toString();
    // Not onboarded yet: the transfers capability is inactive, a 400 in Stripe's envelope.
    const refused = await raw('POST', '/v1/transfers', body('weekly-contract-1'));
    expect(refused.status).toBe(400);
    expectPublished('POST', '/v1/transfers', refused);
    fake.completeOnboarding(account);
    const sent = await raw('POST', '/v1/transfers', body('weekly-contract-1'));
    expect(sent.status).toBe(200);
    expectPublished('POST', '/v1/transfers', sent);
    expectShapeOf(stripeFixtures.resources.transfer, sent.body);
    const listed = await raw('GET', '/v1/transfers?transfer_group=weekly-contract-1&limit=1');
    expectPublished('GET', '/v1/transfers', listed);
    expect((listed.body.data as { id: string }[]).map((x) => x.id)).toEqual([sent.body.id]);
    fake.refuseTransfers(true);
    const short = await raw('POST', '/v1/transfers', body('weekly-contract-2'));
    fake.refuseTransfers(false);
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: 'balance_insufficient' });
    expectPublished('POST', '/v1/transfers', short);

    const hook = fake.reverseTransfer(String(sent.body.id));
    const event = eventOf(hook);
    expect(event.type).toBe('transfer.reversed');
    validateObject('event', event);
    validateObject('transfer', event.data.object);
    expect(event.data.object).toMatchObject({ reversed: true, amount_reversed: 5000 });
    expectPublished('GET', '/v1/transfers', await raw('GET', '/v1/transfers?transfer_group=weekly-contract-1'));
    // The SDK reads it too (Idempotency-Key replays the first transfer).
    const viaSdk = await sdk.transfers.create(
      { amount: 100, currency: 'gbp', destination: account, transfer_group: 'weekly-contract-3' },
      { idempotencyKey: 'weekly-contract-3' },
    );
    const again = await sdk.transfers.create(
      { amount: 100, currency: 'gbp', destination: account, transfer_group: 'weekly-contract-3' },
      { idempotencyKey: 'weekly-contract-3' },
    );
    expect(again.id).toBe(viaSdk.id);
  });

  it('GetRefunds, GetCheckoutSessions (by payment intent) and GetDisputesDispute answer published objects; their events are published', async () => {
    const session = await paidSession();
    const refunded = fake.refund(session, 1000);
    const refundEvent = eventOf(refunded);
    expect(refundEvent.type).toBe('charge.refunded');
    validateObject('event', refundEvent);
    validateObject('charge', refundEvent.data.object);
    expectShapeOf(stripeFixtures.resources.charge, refundEvent.data.object as Record<string, unknown>);
    const refunds = await raw('GET', `/v1/refunds?charge=${refunded.chargeId}`);
    expectPublished('GET', '/v1/refunds', refunds);
    expect(refunds.body.data).toEqual([
      expect.objectContaining({ id: refunded.refundId, amount: 1000, status: 'succeeded' }),
    ]);
    expectShapeOf(stripeFixtures.resources.refund, (refunds.body.data as Record<string, unknown>[])[0]!);

    const intent = (refundEvent.data.object as { payment_intent: string }).payment_intent;
    const sessions = await raw('GET', `/v1/checkout/sessions?payment_intent=${intent}&limit=1`);
    expectPublished('GET', '/v1/checkout/sessions', sessions);
    expect((sessions.body.data as { id: string }[]).map((s) => s.id)).toEqual([session]);

    const opened = fake.dispute(session, 1500);
    const openedEvent = eventOf(opened);
    validateObject('event', openedEvent);
    validateObject('dispute', openedEvent.data.object);
    const dispute = await raw('GET', `/v1/disputes/${opened.disputeId}`);
    expectPublished('GET', '/v1/disputes/{dispute}', dispute);
    expectShapeOf(stripeFixtures.resources.dispute, dispute.body);
    const closed = eventOf(fake.closeDispute(opened.disputeId, 'won'));
    expect(closed).toMatchObject({ type: 'charge.dispute.closed', data: { object: { status: 'won' } } });
    validateObject('dispute', closed.data.object);
    const missing = await raw('GET', '/v1/disputes/dp_nope');
    expect(missing.status).toBe(404);
    expectPublished('GET', '/v1/disputes/{dispute}', missing);
  });

  it('the validation can fail: a transfer with a string amount, or a dispute with a status Stripe does not publish', async () => {
    const validate = responseSchema('POST', '/v1/transfers', 200);
    expect(validate({ ...stripeFixtures.resources.transfer, amount: '1100' })).toBe(false);
    const dispute = ajv.compile(rooted({ $ref: '#/components/schemas/dispute' }));
    expect(dispute({ ...stripeFixtures.resources.dispute, status: 'held' })).toBe(false);
  });
});
