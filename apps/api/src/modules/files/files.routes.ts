import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@therapy/contracts/common';
import type { AppDeps } from '../../deps.ts';
import { FILE_URL_TTL_SECONDS } from '../../platform/files/signed-url.ts';
import { createSignedFileReader } from '../../platform/files/file-service.ts';

/** Loose on purpose: a malformed signed URL answers 404 like any other bad one, never a 400 that says why. */
const params = z.object({ id: z.string().max(64) });
const query = z.object({ expires: z.string().max(32).optional(), signature: z.string().max(128).optional() });

/** Files behind short-lived signed URLs (DESIGN.md §2 files): no Authorization header, the URL is the capability. */
export const filesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const reader = createSignedFileReader(deps);

  app.get('/files/:id', { schema: { tags: ['files'], params, querystring: query, response: { 200: z.unknown().describe('The file bytes, with the stored content type'), 404: errorBody } } }, async (req, reply) => {
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
