import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBody } from '@therapy/contracts/common';
import { referenceListParams } from '@therapy/contracts/reference';
import { referenceItem } from '@therapy/contracts/regions';
import type { AppDeps } from '../../deps.ts';
import { createReferenceService } from './reference.service.ts';

/** GET /reference/:list: one seeded pick list (names in @therapy/contracts/reference). Public. */
export const referenceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const reference = createReferenceService(deps);

  app.get(
    '/reference/:list',
    { schema: { tags: ['reference'], params: referenceListParams, response: { 200: envelope(z.array(referenceItem)), 400: errorBody, 404: errorBody } } },
    async (req, reply) => {
      // Seeded data that changes only with a deploy.
      void reply.header('cache-control', 'public, max-age=3600');
      return { data: await reference.listItems(req.params.list) };
    },
  );
};
