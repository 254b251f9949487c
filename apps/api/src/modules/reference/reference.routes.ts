import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getReferenceList } from '@therapy/contracts/endpoints/regions';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { createReferenceService } from './reference.service.ts';

/** GET /reference/:list: one seeded pick list (names in @therapy/contracts/reference). Public. */
export const referenceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const reference = createReferenceService(deps);

  route(app, getReferenceList, async (req, reply) => {
    // Seeded data that changes only with a deploy.
    void reply.header('cache-control', 'public, max-age=3600');
    return { data: await reference.listItems(req.params.list) };
  });
};
