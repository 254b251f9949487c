import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { CONVERSION_QUEUE, CONVERSION_RETRY, createConversions, type ConversionJob } from './conversions.ts';
import { destinationFor } from './destinations.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { onRecordMerge } from '../../platform/client-records.ts';

/**
 * The analytics module's public face (issue 49, decision 0067): the signed-in user's cookie choice, and the
 * conversion events of credited top-ups and paid bookings, sent in the background to the service the environment
 * names (Plausible, GA4, the local stand-in outside production, or none). `destination` is for tests and the log.
 */
export function createAnalyticsModule(deps: AppDeps, faces: { facts: BookingFactsSource }) {
  // The app's logger once the plugin runs (the module is made before the app has one).
  let log: Pick<FastifyBaseLogger, 'info' | 'warn'> = { info: () => undefined, warn: () => undefined };
  const destination = destinationFor(deps.config.analytics, deps.config.appOrigin, { info: (o, m) => log.info(o, m) });
  const conversions = createConversions(deps, destination, faces.facts, () => log);

  deps.events.subscribeInTransaction('payment.settled', (event, tx) => conversions.onTopup(event, tx));
  deps.events.subscribeInTransaction('booking.changed', (event, tx) => conversions.onBookingChange(event, tx));
  // An erased account's consent goes with it; a practice record never signed in, so its consent is nobody's.
  onAccountErasure(deps.events, (tx, userId) => analyticsRepository.withdraw(tx, userId));
  onRecordMerge(deps.events, (tx, recordId) => analyticsRepository.withdraw(tx, recordId));

  const plugin: FastifyPluginAsync = async (app) => {
    log = app.log;
    await app.register(analyticsRoutes, { conversions });
    await deps.jobs.work<ConversionJob>(CONVERSION_QUEUE, CONVERSION_RETRY, (job) => conversions.deliver(job));
  };
  return { name: 'analytics' as const, plugin, destination };
}
export type AnalyticsModule = ReturnType<typeof createAnalyticsModule>;
