import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import type { TopupResponse } from '@therapy/contracts/wallet';
import { expectError, validation } from '../../../test/assertions.ts';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { startFakeAnalytics, type FakeAnalytics } from '../../../test/fake-analytics.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { conversionOf, truncatedNetwork } from './conversions.ts';
import { decimalAmount, localDestination } from './destinations.ts';

/**
 * Conversion tracking (issue 49, decision 0067): a credited top-up and a paid booking send one event each to the
 * analytics service, only while the payer's consent to analytics stands; a failing service never fails the payment.
 * Plausible and GA4 are played by a local server that speaks their published protocols (test/fake-analytics.ts).
 */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ANALYTICS_ONLY = { analytics: true, advertising: false, personalization: false };
const NOTHING = { analytics: false, advertising: false, personalization: false };

let service: FakeAnalytics;
let t: TestApp;

const consent = (t: TestApp, who: SignedUp | undefined, body: unknown, remoteAddress = '203.0.113.57') =>
  t.request({
    method: 'PUT',
    url: '/api/v1/user/cookie-consent',
    headers: { ...(who?.auth ?? {}), 'user-agent': UA },
    payload: body as object,
    remoteAddress,
  });

/** A card top-up through the sandbox checkout, credited; the mail says the credit committed. */
async function topUp(t: TestApp, who: SignedUp, amount: number): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/payment/wallet',
    headers: { ...who.auth, 'idempotency-key': crypto.randomUUID() },
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  const started = res.json().data as TopupResponse;
  const paid = await t.request({
    method: 'POST',
    url: `/api/v1/payment/sandbox/checkout/${started.payment.reference}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBe(303);
  t.clock.advance(5_000);
  await expect
    .poll(async () => (await t.api('GET', `/payment/status/${started.payment.identifier}`, who)).json().data.status, {
      timeout: 10_000,
      interval: 200,
    })
    .toBe('success');
  return started.payment.identifier;
}

const conversion = async (t: TestApp, transactionId: string) =>
  (
    await t.db.$client.query<{ status: string; attempts: number; note: string | null }>(
      'SELECT status, attempts, note FROM analytics_conversions WHERE transaction_id = $1',
      [transactionId],
    )
  ).rows[0];
const eventsFor = (transactionId: string) =>
  service.received.filter(
    (r) =>
      (r.body.props as { transaction_id?: string } | undefined)?.transaction_id === transactionId ||
      (r.body.events as Array<{ params: { transaction_id: string } }> | undefined)?.[0]?.params.transaction_id ===
        transactionId,
  );
/** Lets the job queue run (what it would send, it sends within this time: jobs start at once, LISTEN/NOTIFY). */
const jobsRun = () => new Promise((r) => setTimeout(r, 1500));

beforeAll(async () => {
  service = await startFakeAnalytics();
  t = await buildTestApp({
    ANALYTICS_PROVIDER: 'plausible',
    PLAUSIBLE_BASE_URL: service.url,
    PLAUSIBLE_DOMAIN: 'therapy.example',
  });
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

describe('PUT /user/cookie-consent', () => {
  it('needs a signed-in user and one of the spec values', async () => {
    expect((await consent(t, undefined, { consent: true })).statusCode).toBe(401);
    const client = await t.signUp('client');
    expect((await consent(t, client, {})).statusCode).toBe(400);
    for (const body of [{ consent: false }, { consent: 'true' }, { consent: { analytics: true } }]) {
      expectError(await consent(t, client, body), 400, validation(en.consentInvalid));
    }
    const saved = await consent(t, client, { consent: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: { analytics: true }, message: en.consentSaved });
    expect((await consent(t, client, { consent: NOTHING })).json().data).toEqual({ analytics: false });
    expect(await t.count('analytics_consents')).toBe(0);
  });
});

describe('a conversion event per credited top-up and paid booking (Plausible)', () => {
  it('with consent to analytics only: one event each, exact decimal amounts, NGN, no personal data', async () => {
    const w: World = await bookingWorld(t);
    const client = w.client;
    expect((await consent(t, client, { consent: ANALYTICS_ONLY })).statusCode).toBe(200);

    const paymentId = await topUp(t, client, 250_001);
    await expect.poll(() => eventsFor(`topup:${paymentId}`).length, { timeout: 10_000 }).toBe(1);
    const [topup] = eventsFor(`topup:${paymentId}`);
    expect(topup!.path).toBe('/api/event');
    expect(topup!.body).toEqual({
      name: 'Wallet top-up',
      url: 'http://localhost:5173/wallet',
      domain: 'therapy.example',
      revenue: { currency: 'NGN', amount: '2500.01' },
      props: { transaction_id: `topup:${paymentId}` },
    });
    // The browser's name and the network (the address cut to its /24) as Plausible counts visitors; no address.
    expect(topup!.headers['user-agent']).toBe(UA);
    expect(topup!.headers['x-forwarded-for']).toBe('203.0.113.0');
    expect(JSON.stringify(topup!.body)).not.toContain(client.userId);
    expect(JSON.stringify(topup!.body)).not.toContain(client.email);

    const { bookingId } = await insertBooking(w, { status: 'pending', start: '2030-06-03T10:00:00.000Z' });
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/booking/${bookingId}/pay`,
      headers: { ...client.auth, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expect.poll(() => eventsFor(`booking:${bookingId}`).length, { timeout: 10_000 }).toBe(1);
    expect(eventsFor(`booking:${bookingId}`)[0]!.body).toMatchObject({
      name: 'Booking paid',
      revenue: { currency: 'NGN', amount: '250.00' },
    });

    // Asking the gateway again, or paying the same booking again with the same key, adds no event.
    await t.api('GET', `/payment/status/${paymentId}`, client);
    await jobsRun();
    expect(eventsFor(`topup:${paymentId}`)).toHaveLength(1);
    expect(eventsFor(`booking:${bookingId}`)).toHaveLength(1);
    expect(await conversion(t, `topup:${paymentId}`)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('"Accept all" (true) allows analytics too', async () => {
    const client = await t.signUp('client');
    await consent(t, client, { consent: true });
    const paymentId = await topUp(t, client, 100_000);
    await expect.poll(() => eventsFor(`topup:${paymentId}`).length, { timeout: 10_000 }).toBe(1);
  });

  it('nothing before consent, nothing with analytics refused, nothing after withdrawal', async () => {
    const never = await t.signUp('client');
    const refused = await t.signUp('client');
    const withdrawn = await t.signUp('client');
    await consent(t, refused, { consent: { analytics: false, advertising: true, personalization: true } });
    await consent(t, withdrawn, { consent: ANALYTICS_ONLY });
    await consent(t, withdrawn, { consent: NOTHING });
    const payments = [await topUp(t, never, 100_000), await topUp(t, refused, 100_000)];
    payments.push(await topUp(t, withdrawn, 100_000));
    await jobsRun();
    for (const id of payments) {
      expect(eventsFor(`topup:${id}`)).toHaveLength(0);
      expect(await conversion(t, `topup:${id}`)).toBeUndefined();
    }
  });

  it('consent withdrawn after the payment but before the event left: the job drops it', async () => {
    const client = await t.signUp('client');
    await consent(t, client, { consent: ANALYTICS_ONLY });
    // The service is down while the payment commits, so the job is still waiting to try again when consent goes.
    service.failNext(1, 503);
    const paymentId = await topUp(t, client, 100_000);
    await expect.poll(async () => (await conversion(t, `topup:${paymentId}`))?.attempts, { timeout: 10_000 }).toBe(1);
    await consent(t, client, { consent: NOTHING });
    await expect
      .poll(async () => (await conversion(t, `topup:${paymentId}`))?.status, { timeout: 30_000, interval: 500 })
      .toBe('dropped');
    expect(eventsFor(`topup:${paymentId}`)).toHaveLength(0);
  }, 60_000);

  it('a failing service never fails the payment: retried in the background, then sent once', async () => {
    const client = await t.signUp('client');
    await consent(t, client, { consent: ANALYTICS_ONLY });
    service.failNext(2, 500);
    const paymentId = await topUp(t, client, 300_000);
    expect((await t.api('GET', '/wallet/balance', client)).json().data).toEqual({ balance: 300_000, currency: 'NGN' });
    await expect.poll(() => eventsFor(`topup:${paymentId}`).length, { timeout: 60_000, interval: 500 }).toBe(1);
    expect(await conversion(t, `topup:${paymentId}`)).toMatchObject({ status: 'sent', attempts: 3 });
  }, 90_000);

  it('a service that refuses the event for good: dropped at once, logged, the payment stands', async () => {
    const client = await t.signUp('client');
    await consent(t, client, { consent: ANALYTICS_ONLY });
    service.failNext(1, 400);
    const paymentId = await topUp(t, client, 120_000);
    await expect
      .poll(async () => (await conversion(t, `topup:${paymentId}`))?.status, { timeout: 10_000 })
      .toBe('dropped');
    expect(await conversion(t, `topup:${paymentId}`)).toMatchObject({
      attempts: 1,
      note: 'Plausible refused the event (400)',
    });
    expect((await t.api('GET', '/wallet/balance', client)).json().data.balance).toBe(120_000);
  });
});

describe('GA4 Measurement Protocol', () => {
  let ga: TestApp;
  beforeAll(async () => {
    ga = await buildTestApp({
      ANALYTICS_PROVIDER: 'ga4',
      GA4_BASE_URL: service.url,
      GA4_MEASUREMENT_ID: 'G-TEST123',
      GA4_API_SECRET: 'mp-secret',
    });
  });
  afterAll(async () => ga?.close());

  it('a `purchase` with transaction_id, value in the main unit and currency; a random client id', async () => {
    const client = await ga.signUp('client');
    await consent(ga, client, { consent: ANALYTICS_ONLY });
    const paymentId = await topUp(ga, client, 123_456);
    await expect.poll(() => eventsFor(`topup:${paymentId}`).length, { timeout: 10_000 }).toBe(1);
    const [sent] = eventsFor(`topup:${paymentId}`);
    expect(sent!.path).toBe('/mp/collect');
    expect(Object.fromEntries(sent!.query)).toEqual({ measurement_id: 'G-TEST123', api_secret: 'mp-secret' });
    expect(sent!.body.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent!.body.client_id).not.toBe(client.userId);
    expect(sent!.body.consent).toEqual({ ad_user_data: 'DENIED', ad_personalization: 'DENIED' });
    expect(sent!.body.events).toEqual([
      {
        name: 'purchase',
        params: {
          transaction_id: `topup:${paymentId}`,
          value: 1234.56,
          currency: 'NGN',
          items: [{ item_id: 'topup', item_name: 'Wallet top-up' }],
        },
      },
    ]);
    expect(JSON.stringify(sent!.body)).not.toContain(client.email);
  });
});

describe('amounts, currency and configuration', () => {
  it('minor units become the decimal the services take, exactly', () => {
    expect(decimalAmount(0)).toBe('0.00');
    expect(decimalAmount(1)).toBe('0.01');
    expect(decimalAmount(50_000)).toBe('500.00');
    expect(decimalAmount(123_456_789_01)).toBe('123456789.01');
    expect(() => decimalAmount(1.5)).toThrow(RangeError);
  });

  it('an amount without a currency counts in NGN (spec §9)', () => {
    expect(conversionOf('booking', 'booking:x', 25_000, null).currency).toBe('NGN');
    expect(conversionOf('booking', 'booking:x', 25_000, undefined).currency).toBe('NGN');
    expect(conversionOf('booking', 'booking:x', 25_000, ' ').currency).toBe('NGN');
    expect(conversionOf('topup', 'topup:x', 500, 'gbp').currency).toBe('GBP');
  });

  it('the network is cut to a /24 or /48, never the whole address', () => {
    expect(truncatedNetwork('198.51.100.23')).toBe('198.51.100.0');
    expect(truncatedNetwork('::ffff:198.51.100.23')).toBe('198.51.100.0');
    expect(truncatedNetwork('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncatedNetwork('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncatedNetwork('not an address')).toBeNull();
    expect(truncatedNetwork(undefined)).toBeNull();
  });

  it('the local stand-in outside production, none in production unless set, and a half setup refused', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: 'a'.repeat(64), DATA_DIR: '/tmp/analytics-test' };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).analytics).toEqual({ provider: 'local' });
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).analytics).toEqual({ provider: 'local' });
    expect(loadConfig({ ...base, NODE_ENV: 'test', ANALYTICS_PROVIDER: 'none' }).analytics).toBeUndefined();
    expect(() => loadConfig({ ...base, ANALYTICS_PROVIDER: 'plausible' })).toThrow(/PLAUSIBLE_DOMAIN/);
    expect(() => loadConfig({ ...base, ANALYTICS_PROVIDER: 'ga4', GA4_MEASUREMENT_ID: 'G-1' })).toThrow(
      /GA4_API_SECRET/,
    );
  });

  it('the local stand-in keeps and logs what it is sent', async () => {
    const lines: object[] = [];
    const local = localDestination({ info: (o) => void lines.push(o) });
    const event = conversionOf('topup', 'topup:1', 50_000, 'NGN');
    await local.send(event, { userAgent: UA, network: null });
    expect(local.received).toEqual([{ ...event, visitor: { userAgent: UA, network: null } }]);
    expect(lines).toEqual([{ conversion: event }]);
  });
});
