import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

/** What production must set anyway (the harness gives the database, origin and secrets). */
const production = {
  NODE_ENV: 'production',
  PAYMENT_GATEWAY: 'paystack',
  PAYSTACK_SECRET_KEY: 'sk_test_metrics',
  STRIPE_SECRET_KEY: 'sk_test_metrics',
  STRIPE_WEBHOOK_SECRET: 'whsec_metrics',
};
const token = 'scrape-me-0123456789abcdef';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('/metrics', () => {
  it('is not served in production without METRICS_TOKEN', async () => {
    t = await buildTestApp(production, { metrics: true });
    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    t = await buildTestApp({ ...production, METRICS_TOKEN: token }, { metrics: true });
    const missing = await t.request({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS', requestId: expect.any(String) });

    const wrong = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });

    const right = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain/);
    expect(right.body).toMatch(/^# HELP process_cpu_user_seconds_total/m);
  });
});
