import type { z } from 'zod';

/**
 * One HTTP route as both sides see it: the API registers it from this (apps/api/src/platform/http/route.ts), the web
 * calls it through this (apps/web/src/lib/api-client.ts `call`), and the OpenAPI document is generated from it.
 * This file has no run-time zod: the browser build keeps only an endpoint's head (apps/web/vite.config.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` (anyone, no token), `user` (any signed-in user), or one user type. The API turns it into
 * its auth hook (`requireAuth` / `requireRole`) and the OpenAPI `security` of the operation.
 */
export type EndpointRole = 'public' | 'user' | 'client' | 'provider' | 'operator';

/** A response that is not JSON (an HTML page, file bytes, a redirect): its content types, or none. */
export interface ContentResponse {
  description: string;
  content?: Record<string, { schema: z.ZodType }>;
}
export type EndpointResponse = z.ZodType | ContentResponse;

export interface EndpointDefinition {
  method: HttpMethod;
  /** Relative to the API base (`/api/v1`), in Fastify's form: `/wallet/transactions/:id`. */
  path: string;
  /** Stable name of the operation (generated clients use it): verb first, camelCase. */
  operationId: string;
  /** One line for the OpenAPI document. */
  summary: string;
  tags: readonly string[];
  role: EndpointRole;
  /**
   * DESIGN.md §5: a write a client may retry takes an `Idempotency-Key` header; `optional` or `required`. Absent:
   * the route ignores the header.
   */
  idempotencyKey?: 'optional' | 'required';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request content types other than JSON (file uploads: `multipart/form-data`). */
  consumes?: readonly string[];
  /** Every answer the route gives on purpose, per status: the success and the 4xx ones (5xx are never planned). */
  responses: Readonly<Record<number, EndpointResponse>>;
  /** Left out of the OpenAPI document; says why (e.g. a development page outside the API). */
  hidden?: string;
  /** Served at the server's root rather than under the API base (`/dev/mailbox`). */
  atRoot?: boolean;
  /**
   * `false`: the route answers without the database (a redirect built from its path alone), so it never answers the
   * 503 that every other route declares for a database out of reach.
   */
  readsDatabase?: false;
}

/** Declares an endpoint; `const` keeps the method, path and schemas' literal types for the API and the web client. */
export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint;

/** What a browser build keeps of an endpoint (everything but the schemas). */
export type EndpointHead = Pick<
  EndpointDefinition,
  'method' | 'path' | 'operationId' | 'role' | 'idempotencyKey' | 'atRoot'
>;
export const endpointHead = (e: EndpointDefinition): EndpointHead => ({
  method: e.method,
  path: e.path,
  operationId: e.operationId,
  role: e.role,
  ...(e.idempotencyKey ? { idempotencyKey: e.idempotencyKey } : {}),
  ...(e.atRoot ? { atRoot: e.atRoot } : {}),
});

const isContentResponse = (r: EndpointResponse): r is ContentResponse =>
  typeof r === 'object' && r !== null && 'description' in r && !('_zod' in r);

/** The JSON schema of one status, or undefined when the route answers that status with something else (or not at all). */
export function jsonResponseSchema(endpoint: EndpointDefinition, status: number): z.ZodType | undefined {
  const r = endpoint.responses[status];
  if (!r) return undefined;
  if (!isContentResponse(r)) return r;
  return r.content?.['application/json']?.schema;
}

/** `/wallet/transactions/:id` with `{ id: 'a b' }` -> `/wallet/transactions/a%20b`. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a concrete path (`/wallet/transactions/abc`) is this endpoint's path (`/wallet/transactions/:id`). */
export function matchesPath(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
}

/** Request and response types of an endpoint, for the web client. */
type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;
type SuccessStatus = 200 | 201 | 202 | 204;

export type EndpointParams<E extends EndpointDefinition> = In<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = In<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = In<E['body']>;
/** The body of the success answer (JSON), as the server sends it. */
export type EndpointResult<E extends EndpointDefinition> = Out<
  E['responses'][Extract<keyof E['responses'], SuccessStatus>]
>;
