import crypto from 'node:crypto';
import type { AnalyticsConfig } from '../../config.ts';

/**
 * Where conversion events go (decision 0067), one port with an adapter per service. An event carries no person:
 * a kind, the transaction's id, the amount and its currency. Each adapter writes the amount as its service's
 * published API asks (both take the main unit as a decimal, not minor units).
 */
export interface ConversionEvent {
  kind: 'topup' | 'booking';
  /** Our transaction's id (`topup:<payment>` or `booking:<booking>`): no personal data. */
  transactionId: string;
  /** Minor units (hundredths of the main unit, spec §9). */
  amount: number;
  currency: string;
}

/** The visitor's device as the service counts it: the browser's name and a truncated network, never an address. */
export interface Visitor {
  userAgent: string;
  network: string | null;
}

/** A service refused or could not be reached: the job tries again (retryable) or drops the event. */
export class AnalyticsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AnalyticsError';
  }
}

export interface ConversionDestination {
  readonly name: 'local' | 'plausible' | 'ga4';
  send(event: ConversionEvent, visitor: Visitor): Promise<void>;
}

/** The event names as a service shows them: GA4's recommended `purchase`; Plausible's custom goals. */
export const plausibleEventName = { topup: 'Wallet top-up', booking: 'Booking paid' } as const;

/** Minor units as a decimal string with two places, in integers (no floating point): 250000 -> "2500.00". */
export function decimalAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount in minor units: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

const TIMEOUT_MS = 5_000;

async function post(url: string, init: RequestInit, service: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new AnalyticsError(`${service} could not be reached: ${(err as Error).message}`, true);
  }
  await res.body?.cancel();
  // 429 and 5xx may pass; any other refusal would be refused again.
  if (res.status === 429 || res.status >= 500) throw new AnalyticsError(`${service} answered ${res.status}`, true);
  if (res.status >= 300) throw new AnalyticsError(`${service} refused the event (${res.status})`, false);
}

/**
 * Plausible's Events API (plausible.io/docs/events-api): `POST /api/event` with `name`, `url` and `domain`, and
 * `revenue: { currency, amount }` (ISO 4217 code; amount a decimal, here a string "1322.22"). User-Agent is required
 * and X-Forwarded-For names the visitor's network (Plausible counts unique visitors by the two, and drops events
 * that come from a server's address). It answers 202.
 */
export function plausibleDestination(
  config: Extract<AnalyticsConfig, { provider: 'plausible' }>,
  appOrigin: string,
): ConversionDestination {
  return {
    name: 'plausible',
    async send(event, visitor) {
      await post(
        `${config.baseUrl}/api/event`,
        {
          headers: {
            'content-type': 'application/json',
            'user-agent': visitor.userAgent,
            ...(visitor.network ? { 'x-forwarded-for': visitor.network } : {}),
          },
          body: JSON.stringify({
            name: plausibleEventName[event.kind],
            url: `${appOrigin}${event.kind === 'topup' ? '/wallet' : '/appointments'}`,
            domain: config.domain,
            revenue: { currency: event.currency, amount: decimalAmount(event.amount) },
            props: { transaction_id: event.transactionId },
          }),
        },
        'Plausible',
      );
    },
  };
}

/**
 * The GA4 Measurement Protocol (developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events):
 * `POST /mp/collect?measurement_id=...&api_secret=...` with a `client_id` and `events: [{ name, params }]`; the
 * recommended `purchase` event takes `transaction_id`, `value` (a number in the main unit) and `currency` (ISO 4217).
 * The site runs no Google tag, so `client_id` is a random id of this one event, linked to nobody; ad personalisation
 * is denied (the visitor allowed analytics only). It answers 2xx even for malformed events.
 */
export function ga4Destination(config: Extract<AnalyticsConfig, { provider: 'ga4' }>): ConversionDestination {
  return {
    name: 'ga4',
    async send(event) {
      const query = new URLSearchParams({ measurement_id: config.measurementId, api_secret: config.apiSecret });
      await post(
        `${config.baseUrl}/mp/collect?${query.toString()}`,
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_id: crypto.randomUUID(),
            consent: { ad_user_data: 'DENIED', ad_personalization: 'DENIED' },
            events: [
              {
                name: 'purchase',
                params: {
                  transaction_id: event.transactionId,
                  value: Number(decimalAmount(event.amount)),
                  currency: event.currency,
                  items: [{ item_id: event.kind, item_name: event.kind === 'topup' ? 'Wallet top-up' : 'Session' }],
                },
              },
            ],
          }),
        },
        'GA4',
      );
    },
  };
}

/**
 * The stand-in outside production (as the payments sandbox is): it keeps what it was sent, in memory, and logs it,
 * so development and tests see every event without a service.
 */
export interface LocalDestination extends ConversionDestination {
  readonly name: 'local';
  readonly received: Array<ConversionEvent & { visitor: Visitor }>;
}

export function localDestination(log: { info: (o: object, m: string) => void }): LocalDestination {
  const received: LocalDestination['received'] = [];
  return {
    name: 'local',
    received,
    async send(event, visitor) {
      received.push({ ...event, visitor });
      log.info({ conversion: event }, 'conversion event (local analytics stand-in)');
    },
  };
}

export function destinationFor(
  config: AnalyticsConfig | undefined,
  appOrigin: string,
  log: { info: (o: object, m: string) => void },
): ConversionDestination | undefined {
  if (!config) return undefined;
  if (config.provider === 'local') return localDestination(log);
  if (config.provider === 'plausible') return plausibleDestination(config, appOrigin);
  return ga4Destination(config);
}
