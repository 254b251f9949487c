import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFile } from '@therapy/contracts/endpoints/ops';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { FILE_URL_TTL_SECONDS } from '../../platform/files/signed-url.ts';
import { createSignedFileReader } from '../../platform/files/file-service.ts';

/** Files behind short-lived signed URLs (DESIGN.md §2 files): no Authorization header, the URL is the capability. */
export const filesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const reader = createSignedFileReader(deps);

  route(app, getFile, async (req, reply) => {
    const file = await reader.open(req.params.id, req.query.expires, req.query.signature);
    if (file.size > 0) void reply.header('content-length', file.size);
    return reply
      .type(file.contentType)
      .header('cache-control', `private, max-age=${FILE_URL_TTL_SECONDS}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(file.body);
  });
};
