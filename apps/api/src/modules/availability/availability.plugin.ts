import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { listenTo } from '../../db/listener.ts';
import { AVAILABILITY_CHANNEL } from './availability.repository.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { createAvailabilityService } from './availability.service.ts';
import { createCalendarService } from './calendar.service.ts';
import { createSlotCache } from './slot-cache.ts';
import { createTimeslotTokens } from './timeslot-token.ts';
import { timeslotRoutes } from './timeslot.routes.ts';

/**
 * The availability module: one slot cache per instance, kept honest by the change signal of every instance's writes
 * (LISTEN/NOTIFY); while the signal is not heard the cache is not used.
 */
export const availabilityModule: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const cache = createSlotCache();
  const listener = listenTo(deps.db.$client, AVAILABILITY_CHANNEL, (providerId) => cache.invalidate(providerId), () => cache.clear());
  app.addHook('onClose', () => listener.close());
  const tokens = createTimeslotTokens(deps.config.jwtSecret);
  const service = createAvailabilityService(deps, cache);
  const calendar = createCalendarService(deps, { cache, tokens, cacheTrusted: () => listener.listening });
  await app.register(availabilityRoutes, { deps, service });
  await app.register(timeslotRoutes, { deps, calendar });
};
