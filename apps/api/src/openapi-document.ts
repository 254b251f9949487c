import type { FastifyInstance } from 'fastify';

/**
 * What a deployment may switch on that adds operations to the document: /metrics behind its token, and "Sign in with
 * Google" (OpenID Connect; the provider is only asked when someone signs in, so these names reach no network). The
 * document that `npm run openapi:check` lints and that the API tests validate answers against is served with them,
 * so it holds every operation any deployment serves (decision 0066).
 */
export const everyOperationEnv = {
  METRICS_TOKEN: 'openapi-document-metrics-token',
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'openapi-document',
  OIDC_CLIENT_SECRET: 'openapi-document',
} as const;

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** The document as the app serves it to anyone who asks: GET /api/docs/json. */
export async function servedOpenApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}: ${res.body}`);
  return res.json() as OpenApiDocument;
}
