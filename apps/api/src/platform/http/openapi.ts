import type { SwaggerOptions } from '@fastify/swagger';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { allEndpoints, endpointTags } from '@therapy/contracts/endpoints/catalogue';
import { route } from './route.ts';

export const API_PREFIX = '/api/v1';

type Transform = typeof jsonSchemaTransform;
const isBodiless = (r: unknown): r is { description: string; content: Record<string, never> } =>
  typeof r === 'object' &&
  r !== null &&
  'content' in r &&
  typeof r.content === 'object' &&
  r.content !== null &&
  Object.keys(r.content).length === 0;

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * OpenAPI 3.0 says a nullable enum lists `null` among its values (the 3.0.3 clarification); zod's `openapi-3.0` target
 * writes `.nullable()` on an enum as `{ type, enum, nullable: true }` without it, so a validator that follows the
 * document refuses the `null` the server sends. Adds it, in every schema below `node` (in place).
 */
export function addNullToNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) addNullToNullableEnums(item);
    return;
  }
  if (!isObject(node)) return;
  const nullable = node.nullable === true || (Array.isArray(node.type) && node.type.includes('null'));
  if (nullable && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  for (const [key, value] of Object.entries(node)) {
    // An enum's values and an example are data, not schemas.
    if (key !== 'enum' && key !== 'example' && key !== 'examples' && key !== 'default') addNullToNullableEnums(value);
  }
}

/**
 * The zod transform, plus: answers without a body (redirects), which @fastify/swagger would otherwise give a JSON
 * content of a `null` type, with the `Location` header a 3xx answer carries; and `null` in nullable enums.
 */
const transform: Transform = (input) => {
  const result = jsonSchemaTransform(input);
  const raw = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const out = (result.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (raw && out) {
    for (const [status, r] of Object.entries(raw)) {
      if (!isBodiless(r)) continue;
      const redirect = /^3\d\d$/.test(status)
        ? { headers: { Location: { type: 'string', description: 'Where the redirect goes' } } }
        : {};
      out[status] = { type: 'null', description: r.description, ...redirect };
    }
  }
  addNullToNullableEnums(result.schema);
  return result;
};

/**
 * The OpenAPI document's frame: the operations come from the endpoint contracts (platform/http/route.ts sets each
 * one's operationId, summary, security and answers). Paths keep their `/api/v1` prefix, so the server is `/`: the
 * host that serves the document, whatever APP_ORIGIN it runs under.
 */
export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Therapy platform API',
        version: '1.0.0',
        description:
          'Clients find and book therapists, providers run their practice. Errors: `{ message, code, errors?, requestId }`.',
      },
      servers: [{ url: '/', description: 'The host that serves this document' }],
      tags: Object.entries(endpointTags).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    // Schemas with an id (`.meta({ id })`, e.g. the error body) become components that the operations refer to.
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as { paths?: unknown; components?: { schemas?: Schema } };
      const schemas = document.components?.schemas;
      if (schemas) {
        // zod registers each one for input and output (`ErrorBodyInput`): keep those an operation refers to.
        const used = JSON.stringify(document.paths);
        for (const name of Object.keys(schemas))
          if (!used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
        addNullToNullableEnums(schemas);
      }
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  };
}

/**
 * The document of every endpoint contract, without a database or a running app. The app serves the same operations
 * at /api/docs/json (openapi.test.ts compares them); `npm run openapi:check` lints the served one (decision 0066).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const refuse = async () => {
    throw new Error('document only');
  };
  app.decorate('requireAuth', refuse);
  app.decorate('requireRole', () => refuse);
  await app.register(swagger, openApiOptions());
  const handler = async () => {
    throw new Error('document only');
  };
  await app.register(async (root) => {
    for (const endpoint of allEndpoints.filter((e) => e.atRoot)) route(root, endpoint, handler);
  });
  await app.register(
    async (api) => {
      for (const endpoint of allEndpoints.filter((e) => !e.atRoot)) route(api, endpoint, handler);
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return document;
}
