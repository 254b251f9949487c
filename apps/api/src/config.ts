import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { routingNumberIsValid } from '@therapy/contracts/bank-accounts';
import { supportedCurrencies } from '@therapy/contracts/wallet';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean),
);

/** Every environment variable the API reads, parsed once (README lists them). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  APP_ORIGIN: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Therapy Platform <no-reply@therapy.local>'),
  /** The address mails name when they ask someone to contact support (issue 48), e.g. after an unexpected change. */
  SUPPORT_EMAIL: z.string().email().default('support@therapy.local'),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Paystack's API; tests point it at a local server that speaks the same protocol. */
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  /** The bank for dedicated accounts (a provider slug of GET /dedicated_account/available_providers); unset: Paystack's first. */
  PAYSTACK_PREFERRED_BANK: z.string().trim().min(1).optional(),
  /**
   * Which gateway takes each currency's card top-ups, e.g. `NGN=paystack,USD=paystack,GBP=stripe,EUR=stripe`. Unset:
   * every currency goes to the sandbox (PAYMENT_GATEWAY=sandbox), or Paystack takes the currencies it publishes and
   * Stripe, when STRIPE_SECRET_KEY is set, the others.
   */
  PAYMENT_GATEWAYS: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The endpoint's signing secret (`whsec_...`) that Stripe signs `POST /api/v1/payment/webhook/stripe` with. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * The signing secret of a Connect endpoint (Stripe sends connected accounts' `account.updated` to an endpoint made
   * for them, with a secret of its own) at the same URL; unset: every event is signed with STRIPE_WEBHOOK_SECRET.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API; tests point it at a local server that speaks the same protocol. */
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  /** The platform's own account, the debtor of SEPA payout files (decision 0022); a test account outside production. */
  PAYOUT_DEBTOR_NAME: z.string().min(1).max(70).default('Therapy Platform'),
  /** When the weekly payout runs (cron, UTC): Mondays 06:00 by default. */
  PAYOUT_SCHEDULE: z
    .string()
    .regex(/^(\S+\s+){4}\S+$/, 'PAYOUT_SCHEDULE must be a cron expression of five fields')
    .default('0 6 * * 1'),
  PAYOUT_DEBTOR_IBAN: z.string().optional(),
  PAYOUT_DEBTOR_BIC: z.string().optional(),
  /**
   * The originator of USD ACH payout files (decision 0051): the platform's bank (the ODFI: its routing number and name,
   * the file's immediate destination) and the company the bank knows (its 10-character company identification and
   * name). A demo originator outside production, as for PAYOUT_DEBTOR_*.
   */
  PAYOUT_ACH_BANK_ROUTING: z
    .string()
    .refine(routingNumberIsValid, 'PAYOUT_ACH_BANK_ROUTING must be a 9-digit ABA routing number')
    .optional(),
  PAYOUT_ACH_BANK_NAME: z.string().min(1).max(23).default('Platform Bank'),
  PAYOUT_ACH_COMPANY_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{10}$/, 'PAYOUT_ACH_COMPANY_ID must be 10 letters or digits (often 1 and the EIN)')
    .optional(),
  PAYOUT_ACH_COMPANY_NAME: z.string().min(1).max(23).default('Therapy Platform'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Also feeds the web app (GET /app-config) and the CSP's connect-src, so it must be a URL. */
  SENTRY_DSN: z.string().url().optional(),
  /** /metrics needs `Authorization: Bearer <METRICS_TOKEN>` when set; production without it does not serve /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  OPERATING_COUNTRIES: csv.default(['NG', 'GB', 'US', 'DE']),
  FLAGS: z
    .string()
    .default('{}')
    .transform((v, ctx) => {
      try {
        return z.record(z.string(), z.boolean()).parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'FLAGS must be a JSON object of booleans' });
        return z.NEVER;
      }
    }),
  /** The video room's STUN/TURN servers (issue 19), in the browser's RTCIceServer format; unset: host candidates only. */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((v, ctx) => {
      try {
        return z
          .array(
            z.object({
              urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
              username: z.string().optional(),
              credential: z.string().optional(),
            }),
          )
          .parse(JSON.parse(v));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'ICE_SERVERS must be a JSON array of {"urls", "username"?, "credential"?}',
        });
        return z.NEVER;
      }
    }),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** The per-instance flood guard: requests a minute per IP (default 600; 100000 under NODE_ENV=test). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** The platform's share of a completed session's fee, 0 to 0.5 (DESIGN.md §6: configurable, default 0). */
  PLATFORM_COMMISSION_RATE: z.coerce.number().min(0).max(0.5).optional(),
  SEED_DEMO: bool.optional(),
  /** Idle sign-out (HIPAA §164.312(a)(2)(iii)): minutes without activity before a provider's or operator's session ends. */
  IDLE_SIGNOUT_PROVIDER_MINUTES: z.coerce.number().int().min(2).max(1440).default(15),
  /** Minutes without activity before a client's session ends. */
  IDLE_SIGNOUT_CLIENT_MINUTES: z.coerce.number().int().min(2).max(1440).default(60),
  SERVE_WEB: bool.default(true),
  /**
   * Where conversion events go (issue 49, decision 0067): `plausible` (its Events API), `ga4` (the GA4 Measurement
   * Protocol), `local` (a stand-in inside the API that keeps them in memory and logs them) or `none`. Unset: `local`
   * outside production, `none` in production.
   */
  ANALYTICS_PROVIDER: z.enum(['none', 'local', 'plausible', 'ga4']).optional(),
  /** The site's domain as added in Plausible (e.g. `therapy.example`). */
  PLAUSIBLE_DOMAIN: z.string().trim().min(1).optional(),
  /** Plausible's server; a self-hosted instance's URL, or a local stand-in in tests. */
  PLAUSIBLE_BASE_URL: z.string().url().default('https://plausible.io'),
  /** The web data stream's measurement ID (`G-...`) and a Measurement Protocol API secret of that stream. */
  GA4_MEASUREMENT_ID: z.string().trim().min(1).optional(),
  GA4_API_SECRET: z.string().trim().min(1).optional(),
  /** The Measurement Protocol's host; tests point it at a local server. */
  GA4_BASE_URL: z.string().url().default('https://www.google-analytics.com'),
});

/** Where conversion events go (decision 0067); undefined: nowhere. */
export type AnalyticsConfig =
  | { provider: 'local' }
  | { provider: 'plausible'; baseUrl: string; domain: string }
  | { provider: 'ga4'; baseUrl: string; measurementId: string; apiSecret: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number | undefined;
  appOrigin: string;
  jwtSecret: string;
  dataEncryptionKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people reach support: named in mails as a mailto link. */
  supportEmail: string;
  operatingCountries: string[];
  flags: Record<string, boolean>;
  iceServers: Array<{ urls: string | string[]; username?: string | undefined; credential?: string | undefined }>;
  /** The weekly payout's cron schedule (UTC). */
  payoutSchedule: string;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  logLevel: string;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  commissionRate: number;
  seedDemo: boolean;
  serveWeb: boolean;
  /** Minutes without activity after which a session ends (decision 0036); operators follow the provider window. */
  idleSignOut: { providerMinutes: number; clientMinutes: number };
  payments: {
    gateway: 'sandbox' | 'paystack';
    /** The gateway of each currency's card top-ups; a currency without one cannot be topped up (a clear 400). */
    byCurrency: Partial<Record<string, GatewayName>>;
    paystackSecretKey: string | undefined;
    paystackBaseUrl: string;
    /** The bank for dedicated transfer accounts (a Paystack provider slug); undefined: Paystack's first. */
    paystackPreferredBank: string | undefined;
    stripe:
      | { secretKey: string; webhookSecret: string; connectWebhookSecret: string | undefined; apiBase: string }
      | undefined;
  };
  /** Debtor of SEPA payout files; undefined in production until PAYOUT_DEBTOR_IBAN is set. */
  payoutDebtor: { name: string; iban: string; bic: string } | undefined;
  /** Originator of ACH payout files; undefined in production until PAYOUT_ACH_BANK_ROUTING and COMPANY_ID are set. */
  payoutAchOriginator: AchOriginatorConfig | undefined;
  sentryDsn: string | undefined;
  metricsToken: string | undefined;
  /** Where uploaded bytes live: S3-compatible storage when S3_* is set, else a folder under DATA_DIR. */
  storage: StorageConfig;
  /** The analytics service conversion events go to (decision 0067); undefined: none. */
  analytics: AnalyticsConfig | undefined;
}

export interface AchOriginatorConfig {
  /** The ODFI's 9-digit routing number (the platform's bank, which takes the file). */
  bankRouting: string;
  bankName: string;
  /** The company identification the bank assigned (10 characters). */
  companyId: string;
  companyName: string;
}

export type StorageConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      region: string;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

export const gatewayNames = ['sandbox', 'paystack', 'stripe'] as const;
export type GatewayName = (typeof gatewayNames)[number];

/** The currencies the platform serves (DESIGN.md §6). */
export const SERVED_CURRENCIES: readonly string[] = supportedCurrencies;

/**
 * The currencies each gateway publishes. Paystack: `components.schemas.Currency` of its OpenAPI description
 * (PaystackOSS/openapi dist/paystack.yaml). Stripe: its presentment currencies (https://docs.stripe.com/currencies;
 * of those only the ones this platform serves are listed). The sandbox plays either, so it takes every served one.
 */
export const GATEWAY_CURRENCIES: Record<GatewayName, readonly string[]> = {
  paystack: ['GHS', 'KES', 'NGN', 'ZAR', 'USD'],
  stripe: ['NGN', 'GBP', 'USD', 'EUR'],
  sandbox: SERVED_CURRENCIES,
};

/** Reads PAYMENT_GATEWAYS (`CUR=gateway,...`), or derives the map from PAYMENT_GATEWAY and STRIPE_SECRET_KEY. */
function gatewaysByCurrency(e: {
  PAYMENT_GATEWAY: 'sandbox' | 'paystack';
  PAYMENT_GATEWAYS?: string;
  STRIPE_SECRET_KEY?: string;
}): Partial<Record<string, GatewayName>> {
  const map: Partial<Record<string, GatewayName>> = {};
  if (e.PAYMENT_GATEWAYS === undefined || e.PAYMENT_GATEWAYS.trim() === '') {
    for (const currency of SERVED_CURRENCIES) {
      if (e.PAYMENT_GATEWAY === 'sandbox') map[currency] = 'sandbox';
      else if (GATEWAY_CURRENCIES.paystack.includes(currency)) map[currency] = 'paystack';
      else if (e.STRIPE_SECRET_KEY) map[currency] = 'stripe';
    }
    return map;
  }
  for (const entry of e.PAYMENT_GATEWAYS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [rawCurrency, rawGateway, ...rest] = entry.split('=').map((s) => s.trim());
    const currency = (rawCurrency ?? '').toUpperCase();
    const gateway = (rawGateway ?? '').toLowerCase() as GatewayName;
    if (rest.length > 0 || !currency || !gatewayNames.includes(gateway)) {
      throw new ConfigError(
        `PAYMENT_GATEWAYS: "${entry}" is not CURRENCY=gateway (gateways: ${gatewayNames.join(', ')}).`,
      );
    }
    if (!SERVED_CURRENCIES.includes(currency))
      throw new ConfigError(
        `PAYMENT_GATEWAYS: ${currency} is not a currency the platform serves (${SERVED_CURRENCIES.join(', ')}).`,
      );
    if (!GATEWAY_CURRENCIES[gateway].includes(currency)) {
      throw new ConfigError(
        `PAYMENT_GATEWAYS: ${gateway} does not support ${currency} (it takes ${GATEWAY_CURRENCIES[gateway].join(', ')}).`,
      );
    }
    if (map[currency]) throw new ConfigError(`PAYMENT_GATEWAYS: ${currency} is named twice.`);
    map[currency] = gateway;
  }
  return map;
}

/** ANALYTICS_PROVIDER and what the chosen service needs; a half-configured service stops start-up. */
function analyticsConfig(e: z.infer<typeof envSchema>, isProduction: boolean): AnalyticsConfig | undefined {
  const provider = e.ANALYTICS_PROVIDER ?? (isProduction ? 'none' : 'local');
  if (provider === 'none') return undefined;
  if (provider === 'local') return { provider };
  if (provider === 'plausible') {
    if (!e.PLAUSIBLE_DOMAIN) throw new ConfigError('ANALYTICS_PROVIDER=plausible needs PLAUSIBLE_DOMAIN.');
    return { provider, baseUrl: e.PLAUSIBLE_BASE_URL.replace(/\/$/, ''), domain: e.PLAUSIBLE_DOMAIN };
  }
  if (!e.GA4_MEASUREMENT_ID || !e.GA4_API_SECRET)
    throw new ConfigError('ANALYTICS_PROVIDER=ga4 needs GA4_MEASUREMENT_ID and GA4_API_SECRET.');
  return {
    provider,
    baseUrl: e.GA4_BASE_URL.replace(/\/$/, ''),
    measurementId: e.GA4_MEASUREMENT_ID,
    apiSecret: e.GA4_API_SECRET,
  };
}

/** Reads the environment; in development missing secrets are generated once into DATA_DIR/secrets.json. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = resolveSecrets(isProduction, dataDir, {
    JWT_SECRET: e.JWT_SECRET,
    DATA_ENCRYPTION_KEY: e.DATA_ENCRYPTION_KEY,
  });
  const byCurrency = gatewaysByCurrency(e);
  const configured = new Set(Object.values(byCurrency));
  const usesPaystack = e.PAYMENT_GATEWAY === 'paystack' || configured.has('paystack');
  const usesStripe = configured.has('stripe');
  if (isProduction) {
    const missing = ['DATABASE_URL', 'APP_ORIGIN'].filter((k) => !env[k]);
    if (usesPaystack && !e.PAYSTACK_SECRET_KEY) missing.push('PAYSTACK_SECRET_KEY');
    if (usesStripe && !e.STRIPE_SECRET_KEY) missing.push('STRIPE_SECRET_KEY');
    if (usesStripe && !e.STRIPE_WEBHOOK_SECRET) missing.push('STRIPE_WEBHOOK_SECRET');
    if (missing.length) throw new ConfigError(`Production needs ${missing.join(', ')}: set them in the environment.`);
    if (configured.has('sandbox')) {
      throw new ConfigError(
        'Production takes real payments: set PAYMENT_GATEWAY=paystack and PAYSTACK_SECRET_KEY (and Stripe for GBP and EUR), never the sandbox.',
      );
    }
    const uncovered = SERVED_CURRENCIES.filter((c) => !byCurrency[c]);
    if (uncovered.length) {
      throw new ConfigError(
        `Production serves ${SERVED_CURRENCIES.join(', ')}, but no gateway takes ${uncovered.join(', ')}: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or name one in PAYMENT_GATEWAYS (e.g. GBP=stripe).`,
      );
    }
  }
  if (usesPaystack && !e.PAYSTACK_SECRET_KEY)
    throw new ConfigError('Paystack (PAYMENT_GATEWAY=paystack or PAYMENT_GATEWAYS) needs PAYSTACK_SECRET_KEY.');
  if (usesStripe && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      `Stripe takes ${Object.keys(byCurrency)
        .filter((c) => byCurrency[c] === 'stripe')
        .join(', ')}: it needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.`,
    );
  }
  const analytics = analyticsConfig(e, isProduction);
  const s3Keys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
  const s3Missing = s3Keys.filter((k) => !e[k]);
  // Half an S3 configuration would silently write files to the local disk of one instance: refuse it.
  if (s3Missing.length > 0 && s3Missing.length < s3Keys.length)
    throw new ConfigError(`S3 storage needs ${s3Missing.join(', ')} too (or none of S3_*).`);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    analytics,
    jwtSecret: secrets.JWT_SECRET,
    dataEncryptionKey: secrets.DATA_ENCRYPTION_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    operatingCountries: e.OPERATING_COUNTRIES,
    flags: e.FLAGS,
    iceServers: e.ICE_SERVERS,
    payoutSchedule: e.PAYOUT_SCHEDULE,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 100_000 : 600),
    commissionRate: e.PLATFORM_COMMISSION_RATE ?? 0,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    serveWeb: e.SERVE_WEB,
    idleSignOut: { providerMinutes: e.IDLE_SIGNOUT_PROVIDER_MINUTES, clientMinutes: e.IDLE_SIGNOUT_CLIENT_MINUTES },
    payments: {
      gateway: e.PAYMENT_GATEWAY,
      byCurrency,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY,
      paystackBaseUrl: e.PAYSTACK_BASE_URL,
      paystackPreferredBank: e.PAYSTACK_PREFERRED_BANK,
      stripe:
        usesStripe && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE,
            }
          : undefined,
    },
    payoutDebtor: e.PAYOUT_DEBTOR_IBAN
      ? { name: e.PAYOUT_DEBTOR_NAME, iban: e.PAYOUT_DEBTOR_IBAN, bic: e.PAYOUT_DEBTOR_BIC ?? '' }
      : isProduction
        ? undefined
        : { name: e.PAYOUT_DEBTOR_NAME, iban: 'DE87123456781234567890', bic: 'XMPLDEM0XXX' },
    payoutAchOriginator:
      e.PAYOUT_ACH_BANK_ROUTING && e.PAYOUT_ACH_COMPANY_ID
        ? {
            bankRouting: e.PAYOUT_ACH_BANK_ROUTING,
            bankName: e.PAYOUT_ACH_BANK_NAME,
            companyId: e.PAYOUT_ACH_COMPANY_ID,
            companyName: e.PAYOUT_ACH_COMPANY_NAME,
          }
        : isProduction
          ? undefined
          : // A made-up demo originator (the routing number has a valid check digit; upload it nowhere).
            {
              bankRouting: '123456780',
              bankName: e.PAYOUT_ACH_BANK_NAME,
              companyId: '1000000000',
              companyName: e.PAYOUT_ACH_COMPANY_NAME,
            },
    sentryDsn: e.SENTRY_DSN,
    metricsToken: e.METRICS_TOKEN,
    storage:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY && e.S3_SECRET_KEY
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY,
            secretAccessKey: e.S3_SECRET_KEY,
            region: e.S3_REGION,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local', root: path.join(dataDir, 'uploads') },
  };
}

type SecretName = 'JWT_SECRET' | 'DATA_ENCRYPTION_KEY';

function resolveSecrets(
  isProduction: boolean,
  dataDir: string,
  given: Record<SecretName, string | undefined>,
): Record<SecretName, string> {
  const missing = (Object.keys(given) as SecretName[]).filter((k) => !given[k]);
  if (missing.length === 0) return given as Record<SecretName, string>;
  if (isProduction) throw new ConfigError(`Production needs ${missing.join(', ')}: set them in the environment.`);
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Record<SecretName, string>> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof stored;
  const result = { ...stored } as Record<SecretName, string>;
  let changed = false;
  for (const k of missing) {
    if (!result[k]) {
      result[k] = crypto.randomBytes(32).toString('hex');
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(result, null, 2), { mode: 0o600 });
  }
  return {
    JWT_SECRET: given.JWT_SECRET ?? result.JWT_SECRET,
    DATA_ENCRYPTION_KEY: given.DATA_ENCRYPTION_KEY ?? result.DATA_ENCRYPTION_KEY,
  };
}
