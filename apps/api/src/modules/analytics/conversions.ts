import crypto from 'node:crypto';
import net from 'node:net';
import { allowsAnalytics, CONVERSION_DEFAULT_CURRENCY, type Consent } from '@therapy/contracts/consent';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import { analyticsRepository as repo } from './analytics.repository.ts';
import { AnalyticsError, type ConversionDestination, type ConversionEvent } from './destinations.ts';

/** The queue of conversion events; a job per transaction (its id made from the transaction's). */
export const CONVERSION_QUEUE = 'analytics.conversion';
/**
 * A failing service is tried again in the background (after about 5, 10, 20, 40 and 80 s), then the event is dropped
 * and logged: it never fails the payment.
 */
export const CONVERSION_RETRY = { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 30 } as const;

export interface ConversionJob {
  transactionId: string;
  userId: string;
}

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };

/** A UUID-shaped job id from the transaction id: queuing the same conversion twice adds nothing. */
export function conversionJobId(transactionId: string): string {
  const h = crypto.createHash('sha256').update(`conversion|${transactionId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The visitor's network as Plausible may see it: an IPv4 address cut to its /24, an IPv6 one to its /48. */
export function truncatedNetwork(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  if (!net.isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 3)
    .map((g) => g || '0')
    .join(':')}::`;
}

/** What a conversion sends: minor units as stored, the currency as given or spec §9's default (NGN). */
export function conversionOf(
  kind: ConversionEvent['kind'],
  transactionId: string,
  amount: number,
  currency: string | null | undefined,
): ConversionEvent {
  const code = currency?.trim().toUpperCase();
  return { kind, transactionId, amount, currency: code ? code : CONVERSION_DEFAULT_CURRENCY };
}

/**
 * Conversion tracking (issue 49, decision 0067), decided on the server: the conversion is recorded in the
 * transaction that moves the money (a credited top-up's `payment.settled`, a booking's `paid` change), with a job on
 * that transaction, so it exists only if the money committed and once per transaction id. The job sends it only if
 * the payer's consent to analytics stands when it runs; the consent is what the web last told us for the account.
 */
export function createConversions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  destination: ConversionDestination | undefined,
  facts: BookingFactsSource,
  log: () => Log,
) {
  const { db, clock, jobs } = deps;

  async function record(tx: Executor, userId: string, event: ConversionEvent): Promise<void> {
    // Nowhere to send it, nothing paid, or no consent now: nothing is recorded (and nothing is sent later).
    if (!destination || event.amount <= 0) return;
    if (!(await repo.consentOf(tx, userId))) return;
    const created = await repo.record(tx, {
      transactionId: event.transactionId,
      kind: event.kind,
      amount: event.amount,
      currencyCode: event.currency,
    });
    if (!created) return;
    const job: ConversionJob = { transactionId: event.transactionId, userId };
    await jobs.send(CONVERSION_QUEUE, job, { id: conversionJobId(event.transactionId), tx });
  }

  return {
    /** The device's cookie choice of a signed-in user; analytics allowed keeps the browser's name and coarse network. */
    async saveConsent(
      userId: string,
      consent: Consent,
      visitor: { userAgent: string | undefined; ip: string | undefined },
    ): Promise<{ analytics: boolean }> {
      if (!allowsAnalytics(consent)) {
        await repo.withdraw(db, userId);
        return { analytics: false };
      }
      await repo.grant(db, {
        userId,
        grantedAt: clock.now(),
        userAgent: (visitor.userAgent ?? 'unknown').slice(0, 512),
        network: truncatedNetwork(visitor.ip),
      });
      return { analytics: true };
    },

    /** `payment.settled` (in the crediting transaction). */
    async onTopup(event: DomainEventMap['payment.settled'], tx: Executor): Promise<void> {
      await record(
        tx,
        event.userId,
        conversionOf('topup', `topup:${event.paymentId}`, event.amount, event.currencyCode),
      );
    },

    /** `booking.changed` (in the paying transaction): a booking paid on the platform, with money. */
    async onBookingChange(event: DomainEventMap['booking.changed'], tx: Executor): Promise<void> {
      if (event.change !== 'paid' || !destination) return;
      const booking = await facts(event.bookingId, tx);
      if (!booking || booking.priceAmount <= 0) return;
      await record(
        tx,
        event.clientId,
        conversionOf('booking', `booking:${event.bookingId}`, booking.priceAmount, booking.currencyCode),
      );
    },

    /**
     * The job: sends the conversion if the consent still stands, else drops it. A service that fails is tried again
     * (the job's retries); one that refuses for good, or the last try, drops the event with a log line.
     */
    async deliver(job: ConversionJob): Promise<void> {
      const row = await repo.attempt(db, job.transactionId);
      if (!row) return;
      const final = row.attempts > CONVERSION_RETRY.retryLimit;
      const consent = await repo.consentOf(db, job.userId);
      if (!destination || !consent) {
        await repo.settle(db, row.transactionId, 'dropped', 'consent withdrawn', clock.now());
        log().info({ transactionId: row.transactionId }, 'conversion dropped: consent to analytics withdrawn');
        return;
      }
      const event: ConversionEvent = {
        kind: row.kind,
        transactionId: row.transactionId,
        amount: row.amount,
        currency: row.currencyCode,
      };
      try {
        await destination.send(event, { userAgent: consent.userAgent, network: consent.network });
      } catch (err) {
        const retryable = !(err instanceof AnalyticsError) || err.retryable;
        if (retryable && !final) throw err;
        await repo.settle(db, row.transactionId, 'dropped', (err as Error).message.slice(0, 200), clock.now());
        log().warn(
          { transactionId: row.transactionId, service: destination.name, err: (err as Error).message },
          'conversion dropped: the analytics service failed',
        );
        return;
      }
      await repo.settle(db, row.transactionId, 'sent', null, clock.now());
    },
  };
}
export type Conversions = ReturnType<typeof createConversions>;
