import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBody } from '@therapy/contracts/common';
import { m } from '@therapy/contracts/messages';
import { providerSummary } from '@therapy/contracts/profile';
import type { ProviderProfileService } from './provider-profile.service.ts';

const params = z.strictObject({ providerId: z.uuid({ error: m.notFound }) });

/** GET /providers/{providerId}: the public head of a provider page (anyone, signed in or not). */
export const providerSummaryRoutes: FastifyPluginAsyncZod<{ profiles: ProviderProfileService }> = async (app, { profiles }) => {
  app.get('/providers/:providerId', { schema: { tags: ['provider'], params, response: { 200: envelope(providerSummary), 400: errorBody, 404: errorBody } } }, async (req) => ({
    data: await profiles.summary(req.params.providerId),
  }));
};
