import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProviderSummary } from '@therapy/contracts/endpoints/provider-profile';
import { route } from '../../platform/http/route.ts';
import type { ProviderProfileService } from './provider-profile.service.ts';

/** GET /providers/{providerId}: the public head of a provider page (anyone, signed in or not). */
export const providerSummaryRoutes: FastifyPluginAsyncZod<{ profiles: ProviderProfileService }> = async (
  app,
  { profiles },
) => {
  route(app, getProviderSummary, async (req) => ({
    data: await profiles.summary(req.params.providerId),
  }));
};
