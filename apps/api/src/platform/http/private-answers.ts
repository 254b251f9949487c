import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A request is private when it carried a bearer token (valid or not), when its route declares bearer security, or
 * when the auth guard ran for it. Such answers, errors included, must never be kept by a browser or a shared cache.
 */
export function isPrivateRequest(req: FastifyRequest): boolean {
  if (req.headers.authorization !== undefined || req.actor || req.authRequired) return true;
  const security = req.routeOptions.schema?.security;
  return Array.isArray(security) && security.length > 0;
}

/** JSON or empty answers only: a file behind a signed URL keeps its own (private) caching. */
function isJsonOrEmpty(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return type === undefined || String(type).startsWith('application/json');
}

export function markPrivate(req: FastifyRequest, reply: FastifyReply): void {
  if (isPrivateRequest(req) && isJsonOrEmpty(reply)) void reply.header('cache-control', 'no-store');
}

/** One hook for every route (docs/decisions/0011); public answers keep the caching their route chose. */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    markPrivate(req, reply);
  });
}
