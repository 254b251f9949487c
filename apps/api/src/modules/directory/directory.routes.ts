import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getTherapistProfile, searchTherapists } from '@therapy/contracts/endpoints/directory';
import { route } from '../../platform/http/route.ts';
import type { DirectoryService } from './directory.service.ts';

/** GET /therapists: the public directory; GET /therapists/{providerId}: a listed therapist's profile. */
export const directoryRoutes: FastifyPluginAsyncZod<{ directory: DirectoryService }> = async (app, { directory }) => {
  route(app, searchTherapists, async (req) => directory.search(req.query));
  route(app, getTherapistProfile, async (req) => ({ data: await directory.profile(req.params.providerId) }));
};
