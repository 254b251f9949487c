import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

/** The gateway of each currency comes from configuration (config.ts): checked when the server starts, not on a payment. */
const base = {
  NODE_ENV: 'development',
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
  DATA_DIR: path.join(os.tmpdir(), 'therapy-gateway-config'),
};
const production = {
  ...base,
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db.example.com/app',
  APP_ORIGIN: 'https://therapy.example.com',
};
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const load = (env: Record<string, string>) => loadConfig(env);
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('the gateway per currency', () => {
  it('is the sandbox for every served currency in development by default', () => {
    expect(load(base).payments.byCurrency).toEqual({ NGN: 'sandbox', GBP: 'sandbox', USD: 'sandbox', EUR: 'sandbox' });
  });

  it('with PAYMENT_GATEWAY=paystack: Paystack for the currencies it publishes, Stripe for the others once its keys are set', () => {
    expect(load({ ...base, PAYMENT_GATEWAY: 'paystack', PAYSTACK_SECRET_KEY: 'sk' }).payments.byCurrency).toEqual({
      NGN: 'paystack',
      USD: 'paystack',
    });
    const both = load({
      ...base,
      PAYMENT_GATEWAY: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk',
      ...stripeKeys,
      STRIPE_API_BASE: 'http://127.0.0.1:1',
    });
    expect(both.payments.byCurrency).toEqual({ NGN: 'paystack', USD: 'paystack', GBP: 'stripe', EUR: 'stripe' });
    expect(both.payments.stripe).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      apiBase: 'http://127.0.0.1:1',
    });
  });

  it('PAYMENT_GATEWAYS names each currency, case-insensitively', () => {
    const config = load({
      ...base,
      PAYMENT_GATEWAYS: 'ngn=paystack, USD=Stripe,GBP=stripe,EUR=sandbox',
      PAYSTACK_SECRET_KEY: 'sk',
      ...stripeKeys,
    });
    expect(config.payments.byCurrency).toEqual({ NGN: 'paystack', USD: 'stripe', GBP: 'stripe', EUR: 'sandbox' });
  });

  it.each([
    ['GBP=paystack', 'PAYMENT_GATEWAYS: paystack does not support GBP (it takes GHS, KES, NGN, ZAR, USD).'],
    ['NGN=paypal', 'PAYMENT_GATEWAYS: "NGN=paypal" is not CURRENCY=gateway (gateways: sandbox, paystack, stripe).'],
    ['NGN', 'PAYMENT_GATEWAYS: "NGN" is not CURRENCY=gateway (gateways: sandbox, paystack, stripe).'],
    ['JPY=stripe', 'PAYMENT_GATEWAYS: JPY is not a currency the platform serves (NGN, GBP, USD, EUR).'],
    ['NGN=sandbox,NGN=paystack', 'PAYMENT_GATEWAYS: NGN is named twice.'],
  ])('refuses PAYMENT_GATEWAYS=%s', (value, message) => {
    expect(refusal({ ...base, PAYMENT_GATEWAYS: value, PAYSTACK_SECRET_KEY: 'sk' })).toBe(message);
  });

  it('Stripe needs both of its keys, in development too', () => {
    expect(refusal({ ...base, PAYMENT_GATEWAYS: 'GBP=stripe', STRIPE_SECRET_KEY: 'sk' })).toBe(
      'Stripe takes GBP: it needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.',
    );
  });
});

describe('production', () => {
  it('refuses a served currency without a gateway, naming it', () => {
    expect(refusal({ ...production, PAYMENT_GATEWAY: 'paystack', PAYSTACK_SECRET_KEY: 'sk' })).toBe(
      'Production serves NGN, GBP, USD, EUR, but no gateway takes GBP, EUR: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or name one in PAYMENT_GATEWAYS (e.g. GBP=stripe).',
    );
  });

  it('needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET when Stripe takes a currency', () => {
    expect(
      refusal({
        ...production,
        PAYMENT_GATEWAYS: 'NGN=paystack,USD=paystack,GBP=stripe,EUR=stripe',
        PAYSTACK_SECRET_KEY: 'sk',
      }),
    ).toBe('Production needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set them in the environment.');
    expect(
      refusal({
        ...production,
        PAYMENT_GATEWAY: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk',
        STRIPE_SECRET_KEY: 'sk_live_x',
      }),
    ).toBe('Production needs STRIPE_WEBHOOK_SECRET: set them in the environment.');
  });

  it('never takes the sandbox, for any currency', () => {
    expect(
      refusal({
        ...production,
        PAYMENT_GATEWAYS: 'NGN=paystack,USD=paystack,GBP=stripe,EUR=sandbox',
        PAYSTACK_SECRET_KEY: 'sk',
        ...stripeKeys,
      }),
    ).toMatch(/^Production takes real payments/);
    expect(refusal(production)).toMatch(/^Production takes real payments/);
  });

  it('accepts PAYMENT_GATEWAYS naming every served currency, whatever PAYMENT_GATEWAY says', () => {
    const config = load({
      ...production,
      PAYMENT_GATEWAYS: 'NGN=paystack,USD=stripe,GBP=stripe,EUR=stripe',
      PAYSTACK_SECRET_KEY: 'sk',
      ...stripeKeys,
    });
    expect(config.payments.byCurrency).toEqual({ NGN: 'paystack', USD: 'stripe', GBP: 'stripe', EUR: 'stripe' });
  });

  it('accepts Paystack and Stripe covering every served currency', () => {
    const config = load({ ...production, PAYMENT_GATEWAY: 'paystack', PAYSTACK_SECRET_KEY: 'sk', ...stripeKeys });
    expect(config.payments.byCurrency).toEqual({ NGN: 'paystack', USD: 'paystack', GBP: 'stripe', EUR: 'stripe' });
  });
});
