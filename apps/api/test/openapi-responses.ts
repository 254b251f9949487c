import fs from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Every JSON answer the API tests receive is checked against the OpenAPI document the app serves (decision 0066): the
 * operation is found by method and path as the router finds it, and the answer's body must match the document's
 * schema for its status. The document is OpenAPI 3.0 (zod's `openapi-3.0` target), so its schemas are turned into
 * JSON Schema first: `nullable` becomes a `null` type (a nullable enum must list `null` itself, as OpenAPI 3.0.3
 * says), boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers, and `#/components/schemas/...` references
 * point into the document's components. Validators are compiled on first use, once per operation and status.
 */

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Answer {
  method: string;
  /** The request's URL (path and query, as given to inject). */
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** An answer that the document does not describe: the operation, the status and what differs. */
export class ResponseMismatchError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly problems: string,
  ) {
    super(`${operation} answered ${status}, which the served OpenAPI document does not allow: ${problems}`);
    this.name = 'ResponseMismatchError';
  }
}

const COMPONENTS_ID = 'openapi-components';
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Keywords of OpenAPI's Schema Object that JSON Schema does not have and that say nothing about validity. */
const annotations = new Set(['discriminator', 'xml', 'externalDocs', 'example', 'deprecated', 'readOnly', 'writeOnly']);

/** An OpenAPI 3.0 schema as JSON Schema (draft-07, Ajv's default). */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (annotations.has(key) || key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/'))
      out.$ref = `${COMPONENTS_ID}#/definitions/${value.slice('#/components/schemas/'.length)}`;
    else if (key === 'enum' || key === 'default' || key === 'const') out[key] = value;
    else if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, toJsonSchema(s)]));
    else out[key] = toJsonSchema(value);
  }
  // OpenAPI 3.0's boolean form of the exclusive bounds (JSON Schema draft 6 and later take the bound itself).
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag]) out[flag] = out[bound];
    else delete out[flag];
    if (out[flag] !== undefined) delete out[bound];
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type)) out.type = out.type.includes('null') ? out.type : [...out.type, 'null'];
    else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const segments = (path: string) => path.split('/').filter((s) => s !== '');
const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * The document's path of a concrete one, as the router picks it: a static segment wins over a parameter at the
 * first place they differ (`/booking/participant/{id}` before `/booking/{id}/cancel`).
 */
export function documentPathOf(paths: readonly string[], concrete: string): string | undefined {
  const given = segments(concrete.split('?')[0]!);
  /** Whether `a` wins over `b`: static where `b` has a parameter, at the first place they differ in kind. */
  const wins = (a: string[], b: string[]) => {
    const i = a.findIndex((seg, j) => isParam(seg) !== isParam(b[j]!));
    return i !== -1 && !isParam(a[i]!);
  };
  let best: { path: string; segs: string[] } | undefined;
  for (const path of paths) {
    const segs = segments(path);
    if (segs.length !== given.length || !segs.every((seg, i) => isParam(seg) || seg === given[i])) continue;
    if (!best || wins(segs, best.segs)) best = { path, segs };
  }
  return best?.path;
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType);

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('; ');

// ajv-formats is CommonJS with its function as the default export.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export interface CheckOptions {
  /** Whether the app that answered serves this operation (`/api/v1/booking/{id}`): only its operations are held to the document. */
  serves?: (method: string, path: string) => boolean;
}

export interface ResponseValidator {
  /** Throws a ResponseMismatchError when the answer is a JSON answer of a documented operation that the document does not allow. */
  check(answer: Answer, options?: CheckOptions): void;
}

export function createResponseValidator(document: OpenApiDocument): ResponseValidator {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
  });
  addFormats(ajv);
  ajv.addSchema({ definitions: toJsonSchema(document.components?.schemas ?? {}) as Schema }, COMPONENTS_ID);
  const paths = Object.keys(document.paths);
  const compiled = new Map<string, ValidateFunction | null>();

  return {
    check(answer, options = {}) {
      const path = documentPathOf(paths, answer.url);
      const method = answer.method.toLowerCase();
      const operation = path ? document.paths[path]?.[method] : undefined;
      // Not an operation of the document (the web app's pages, a hidden route, an unknown path), or one this app does
      // not serve (/metrics in production without its token): nothing to hold the answer to.
      if (!path || !operation || options.serves?.(answer.method.toUpperCase(), path) === false) return;
      const name = `${operation.operationId ?? method.toUpperCase()} (${answer.method.toUpperCase()} ${path})`;
      if (!isJson(answer.headers['content-type']) || answer.body === '') return;
      const status = String(answer.statusCode);
      const responses = operation.responses ?? {};
      const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
      if (!declared) {
        // An unplanned failure (5xx are never planned: packages/contracts/src/endpoint.ts), which crash tests provoke.
        if (answer.statusCode === 500) return;
        throw new ResponseMismatchError(name, answer.statusCode, 'the status is not declared');
      }
      const key = `${method} ${path} ${status}`;
      let validate = compiled.get(key);
      if (validate === undefined) {
        const schema = declared.content?.['application/json']?.schema;
        validate = schema ? ajv.compile(toJsonSchema(schema) as Schema) : null;
        compiled.set(key, validate);
      }
      if (validate === null)
        throw new ResponseMismatchError(name, answer.statusCode, 'a JSON body where the document declares none');
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        throw new ResponseMismatchError(name, answer.statusCode, 'the body is not JSON');
      }
      if (!validate(body)) throw new ResponseMismatchError(name, answer.statusCode, describe(validate.errors));
    },
  };
}

const fromFile = new Map<string, ResponseValidator>();

/** One validator per document file and process: test files of a worker share it and its compiled schemas. */
export function responseValidatorOf(file: string): ResponseValidator {
  let validator = fromFile.get(file);
  if (!validator) {
    validator = createResponseValidator(JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument);
    fromFile.set(file, validator);
  }
  return validator;
}
