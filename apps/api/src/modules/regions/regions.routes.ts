import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBody } from '@therapy/contracts/common';
import { cookieNames } from '@therapy/contracts/constants';
import {
  country,
  countryCodeParams,
  countryIdParams,
  countryListQuery,
  language,
  languageListQuery,
  state,
  userTimezone,
} from '@therapy/contracts/regions';
import type { AppDeps } from '../../deps.ts';
import { createRegionsService } from './regions.service.ts';

const errors = { 400: errorBody, 404: errorBody };
// Seeded data that changes only with a deploy: browsers and CDNs may keep it for a while.
const cacheable = 'public, max-age=3600';

/** Countries, states, languages and time zones for pickers: spec §7 "Regions". Public, no sign-in needed. */
export const regionsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const regions = createRegionsService(deps);
  const tags = ['regions'];

  app.get(
    '/region/country',
    { schema: { tags, querystring: countryListQuery, response: { 200: envelope(z.array(country)), ...errors } } },
    async (req, reply) => {
      void reply.header('cache-control', cacheable);
      return { data: await regions.listCountries({ all: req.query.all === 'true' }) };
    },
  );

  app.get(
    '/region/country/:id/states',
    { schema: { tags, params: countryIdParams, response: { 200: envelope(z.array(state)), ...errors } } },
    async (req, reply) => {
      void reply.header('cache-control', cacheable);
      return { data: await regions.statesByCountryId(req.params.id) };
    },
  );

  app.get(
    '/region/country/code/:code/states',
    { schema: { tags, params: countryCodeParams, response: { 200: envelope(z.array(state)), ...errors } } },
    async (req, reply) => {
      void reply.header('cache-control', cacheable);
      return { data: await regions.statesByCountryCode(req.params.code) };
    },
  );

  app.get(
    '/region/languages',
    { schema: { tags, querystring: languageListQuery, response: { 200: envelope(z.array(language)), ...errors } } },
    async (req, reply) => {
      void reply.header('cache-control', cacheable);
      return { data: await regions.listLanguages({ primary: req.query.primary === 'true' }) };
    },
  );

  // The country comes from the x-country header (checked by the header hook), else the web app's country cookie.
  app.get('/region/user-timezone', { schema: { tags, response: { 200: envelope(userTimezone), ...errors } } }, async (req) => {
    const header = req.headers['x-country'];
    const cookie = req.cookies[cookieNames.countryCode];
    const code = typeof header === 'string' ? header : cookie && /^[A-Za-z]{2}$/.test(cookie) ? cookie : undefined;
    return { data: regions.userTimezone(code) };
  });
};
