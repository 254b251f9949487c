import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@therapy/contracts/endpoints/catalogue';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { buildOpenApiDocument } from './openapi.ts';

interface Doc {
  paths: Record<string, Record<string, { operationId?: string }>>;
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
});
