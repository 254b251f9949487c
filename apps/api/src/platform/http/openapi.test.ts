import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@therapy/contracts/endpoints/catalogue';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { buildOpenApiDocument } from './openapi.ts';

interface Parameter {
  in: string;
  name: string;
  schema?: { type?: string; format?: string };
}

interface Doc {
  paths: Record<string, Record<string, { operationId?: string; parameters?: Parameter[] }>>;
}

let t: TestApp;
let served: Doc;
let fromContracts: Doc;

beforeAll(async () => {
  t = await buildTestApp();
  served = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
  fromContracts = (await buildOpenApiDocument()) as unknown as Doc;
});
afterAll(async () => t.close());

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

/** Registered only when OIDC_* is configured (the test app has no OpenID provider). */
const conditional = ['startGoogleSignIn', 'finishGoogleSignIn'];

describe('the OpenAPI document', () => {
  it('the app serves exactly the operations of the endpoint contracts', () => {
    const documented = allEndpoints
      .filter((e) => !e.hidden && !conditional.includes(e.operationId))
      .map((e) => e.operationId)
      .sort();
    expect(
      operations(served)
        .map((o) => o.op.operationId)
        .sort(),
    ).toEqual(documented);
  });

  it('each operation the app serves is the one the contracts document (what openapi:check lints)', () => {
    const expected = new Map(operations(fromContracts).map((o) => [o.key, o.op]));
    for (const { key, op } of operations(served)) expect(op, key).toEqual(expected.get(key));
  });

  it('every id in a path is a UUID, but for the few that are not ids of rows', () => {
    /** Path parameters named like ids that are not UUIDs, each with the reason. */
    const notUuids: Record<string, string> = {
      // A timeslot's identifier is an opaque signed token of (provider, start, end, category) (DESIGN.md §6).
      'GET /api/v1/provider-availability/timeslot/{id}': 'a signed timeslot token',
      // The id is a file's UUID, but the signed URL is the capability: a malformed one answers 404 like an expired or
      // forged one (files.test.ts), never a 400 that says why; the reader checks the UUID shape before any query.
      'GET /api/v1/files/{id}': 'a capability URL that answers every bad one alike',
    };
    const idParams = operations(served).flatMap(({ key, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'path' && /^(id|.+Id|.+Identifier)$/.test(p.name))
        .map((p) => ({ key, name: p.name, format: p.schema?.format })),
    );
    // The walk finds the id routes (a wrong shape of the document would find none and prove nothing).
    expect(idParams.length).toBeGreaterThan(40);
    const plain = idParams.filter((p) => p.format !== 'uuid').map((p) => `${p.key} ${p.name}`);
    expect(plain.sort()).toEqual(
      Object.keys(notUuids)
        .map((k) => `${k} id`)
        .sort(),
    );
  });
});
