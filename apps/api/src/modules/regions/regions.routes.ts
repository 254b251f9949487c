import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cookieNames } from '@therapy/contracts/constants';
import {
  getSuggestedTimezones,
  listCountries,
  listLanguages,
  listStatesByCountryCode,
  listStatesByCountryId,
} from '@therapy/contracts/endpoints/regions';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { createRegionsService } from './regions.service.ts';

// Seeded data that changes only with a deploy: browsers and CDNs may keep it for a while.
const cacheable = 'public, max-age=3600';

/** Countries, states, languages and time zones for pickers: spec §7 "Regions". Public, no sign-in needed. */
export const regionsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const regions = createRegionsService(deps);

  route(app, listCountries, async (req, reply) => {
    void reply.header('cache-control', cacheable);
    return { data: await regions.listCountries({ all: req.query.all === 'true' }) };
  });

  route(app, listStatesByCountryId, async (req, reply) => {
    void reply.header('cache-control', cacheable);
    return { data: await regions.statesByCountryId(req.params.id) };
  });

  route(app, listStatesByCountryCode, async (req, reply) => {
    void reply.header('cache-control', cacheable);
    return { data: await regions.statesByCountryCode(req.params.code) };
  });

  route(app, listLanguages, async (req, reply) => {
    void reply.header('cache-control', cacheable);
    return { data: await regions.listLanguages({ primary: req.query.primary === 'true' }) };
  });

  // The country comes from the x-country header (checked by the header hook), else the web app's country cookie.
  route(app, getSuggestedTimezones, async (req) => {
    const header = req.headers['x-country'];
    const cookie = req.cookies[cookieNames.countryCode];
    const code = typeof header === 'string' ? header : cookie && /^[A-Za-z]{2}$/.test(cookie) ? cookie : undefined;
    return { data: regions.userTimezone(code) };
  });
};
