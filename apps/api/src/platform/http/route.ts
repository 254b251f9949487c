import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idempotencyKeyHeaders } from '@therapy/contracts/common';
import type { ContentResponse, EndpointDefinition, EndpointResponse } from '@therapy/contracts/endpoint';

/** The Fastify instance a module's routes are registered on (zod schemas). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type IdempotencyHeaders<E extends EndpointDefinition> = E['idempotencyKey'] extends 'optional' | 'required'
  ? ReturnType<typeof idempotencyKeyHeaders>
  : undefined;

/** The Fastify schema of an endpoint, as the zod type provider reads it (request and reply types of the handler). */
interface RouteSchema<E extends EndpointDefinition> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  headers: IdempotencyHeaders<E>;
  response: E['responses'];
}

export type EndpointHandler<E extends EndpointDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E>,
  ZodTypeProvider
>;

/** Route options that are not part of the contract (how this instance treats the request, e.g. `rateLimit`). */
export interface RouteExtras {
  config?: Record<string, unknown>;
}

const isContentResponse = (r: EndpointResponse): r is ContentResponse =>
  typeof r === 'object' && r !== null && 'description' in r && !('_zod' in r);

/** Fastify's response schema per status: a zod schema (JSON), or content types; a redirect has none. */
function responseSchemas(responses: EndpointDefinition['responses']) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]) => [
      status,
      isContentResponse(r) ? { description: r.description, content: r.content ?? {} } : r,
    ]),
  );
}

/** The OpenAPI `security` of a role: none for public routes, the bearer token for every other. */
export const securityOf = (role: EndpointDefinition['role']) => (role === 'public' ? [] : [{ bearer: [] }]);

/**
 * The answers the auth hook gives before the handler runs: 401 without a live session (`requireAuth`), and 403 for
 * another kind of user on a role's route (`requireRole`). Declared here, once, so no secured operation of the
 * document leaves them out; an endpoint that declares them itself keeps its own.
 */
export const guardAnswersOf = (role: EndpointDefinition['role']) =>
  role === 'public' ? {} : role === 'user' ? { 401: errorBody } : { 401: errorBody, 403: errorBody };

/**
 * The answers the platform gives on any route, before or around its handler, with the error body: 400 for a malformed
 * header or text (platform/http/request-headers.ts, text-checks.ts) and 429 from the per-address flood guard on every
 * route; 413 and 415 for a body too large or of a type the route does not read, on every method that may carry one;
 * 414 for a path parameter longer than the router takes (app.ts: maxParamLength); 503 while the database is out of
 * reach (error-handler.ts), on every route that reads it.
 */
export const platformAnswersOf = (endpoint: EndpointDefinition) => ({
  400: errorBody,
  429: errorBody,
  ...(endpoint.method === 'GET' ? {} : { 413: errorBody, 415: errorBody }),
  ...(endpoint.path.includes('/:') ? { 414: errorBody } : {}),
  ...(endpoint.readsDatabase === false ? {} : { 503: errorBody }),
});

/**
 * Registers one endpoint contract: method, path and schema come from the contract, and so does the auth hook (in
 * `onRequest`, so a request without the right token is refused before its body or parameters are looked at). The
 * handler is the route's only own part.
 */
export function route<const E extends EndpointDefinition>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { role } = endpoint;
  const options = {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      security: securityOf(role),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.idempotencyKey ? { headers: idempotencyKeyHeaders(endpoint.idempotencyKey) } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(endpoint.hidden ? { hide: true } : {}),
      response: {
        ...platformAnswersOf(endpoint),
        ...guardAnswersOf(role),
        ...responseSchemas(endpoint.responses),
      },
    },
    ...(role === 'public' ? {} : { onRequest: role === 'user' ? app.requireAuth : app.requireRole(role) }),
    ...(extras.config ? { config: extras.config } : {}),
    handler,
  };
  // The handler's types were checked against the contract above; Fastify's own overloads cannot follow the mapping.
  app.route(options as unknown as Parameters<ZodApp['route']>[0]);
}
