import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProviderSummary } from '@therapy/contracts/endpoints/provider-profile';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { createProviderProfileService } from './provider-profile.service.ts';

/** GET /providers/{providerId}: the public head of a provider page (anyone, signed in or not). */
export const providerSummaryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const profiles = createProviderProfileService(deps);
  route(app, getProviderSummary, async (req) => ({
    data: await profiles.summary(req.params.providerId),
  }));
};
