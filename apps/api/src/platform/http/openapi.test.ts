import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allEndpoints } from '@therapy/contracts/endpoints/catalogue';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { addNullToNullableEnums, buildOpenApiDocument } from './openapi.ts';

interface Parameter {
  in: string;
  name: string;
  schema?: { type?: string; format?: string };
}

interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

interface Doc {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; parameters?: Parameter[]; security?: unknown[]; responses: Record<string, Response> }
    >
  >;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** The document the app serves with every operation a deployment can switch on (test/global-setup.ts). */
const everyOperation = () => JSON.parse(fs.readFileSync(inject('openApiDocumentFile'), 'utf8')) as Doc;

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

  it('each operation the app serves is the one the contracts document', () => {
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

describe('the OpenAPI document as served, every operation switched on (decision 0066)', () => {
  const errorSchema = (doc: Doc) => doc.paths['/api/v1/health']!.get!.responses['429']!.content!['application/json']!;

  it("passes Redocly's recommended rules with no error, /metrics included", () => {
    const doc = everyOperation();
    expect(doc.paths['/metrics']?.get?.operationId).toBe('getMetrics');
    const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const run = spawnSync(
      process.execPath,
      [cli, 'lint', inject('openApiDocumentFile'), '--config', path.join(root, 'redocly.yaml'), '--format=json'],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off' } },
    );
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: Array<{ ruleId: string; severity: string; location: Array<{ pointer: string }> }>;
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('serves the operations of the endpoint contracts and the metrics, no more', () => {
    const documented = allEndpoints
      .filter((e) => !e.hidden)
      .map((e) => e.operationId)
      .concat('getMetrics')
      .sort();
    expect(
      operations(everyOperation())
        .map((o) => o.op.operationId)
        .sort(),
    ).toEqual(documented);
  });

  it('lists null in every nullable enum, so an answer that holds null matches its document', () => {
    const offending: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`));
      else if (typeof node === 'object' && node !== null) {
        const o = node as Record<string, unknown>;
        if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) offending.push(at);
        for (const [k, v] of Object.entries(o)) if (k !== 'enum') walk(v, `${at}/${k}`);
      }
    };
    const doc = everyOperation();
    walk(doc.paths, '#/paths');
    expect(offending).toEqual([]);
    // The walk sees them: the bookings' answers have nullable enums (a cancelled booking's `previousStatus`).
    expect(JSON.stringify(doc.paths['/api/v1/booking']!.get!.responses['200'])).toContain('null]');
  });

  it('the transform adds null to a nullable enum, in every schema below, and only there', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', enum: ['x', 'y'], nullable: true },
        b: { type: 'string', enum: ['x'] },
        c: { type: 'array', items: { type: 'string', enum: ['z'], nullable: true } },
        d: { type: ['string', 'null'], enum: ['w'] },
      },
    };
    addNullToNullableEnums(schema);
    addNullToNullableEnums(schema);
    expect(schema.properties.a.enum).toEqual(['x', 'y', null]);
    expect(schema.properties.b.enum).toEqual(['x']);
    expect(schema.properties.c.items.enum).toEqual(['z', null]);
    expect(schema.properties.d.enum).toEqual(['w', null]);
  });

  it("every secured operation declares the 401 of its guard, and a role's operation the 403, with the error body", () => {
    const doc = everyOperation();
    const byId = new Map(allEndpoints.map((e) => [e.operationId, e]));
    const missing: string[] = [];
    let secured = 0;
    let roleGated = 0;
    for (const { key, op } of operations(doc)) {
      const role = byId.get(op.operationId ?? '')?.role;
      if (!role || role === 'public') continue;
      secured += 1;
      expect(op.security, key).toEqual([{ bearer: [] }]);
      const wanted = role === 'user' ? ['401'] : ['401', '403'];
      if (role !== 'user') roleGated += 1;
      for (const status of wanted) {
        const declared = op.responses[status]?.content?.['application/json'];
        if (!declared) missing.push(`${key} ${status}`);
        else expect(declared, `${key} ${status}`).toEqual(errorSchema(doc));
      }
    }
    expect(missing).toEqual([]);
    expect(secured).toBeGreaterThan(100);
    expect(roleGated).toBeGreaterThan(50);
  });

  it("a mail's unsubscribe link opened in a browser answers a redirect, whatever the token", async () => {
    const op = everyOperation().paths['/api/v1/mail/unsubscribe/{token}']!.get!;
    // The redirect, and what the platform answers before any route (a malformed header, a token over the router's
    // length, the flood guard); no 503, as it reads no database.
    expect(Object.keys(op.responses).sort()).toEqual(['303', '400', '414', '429']);
    expect(op.responses['303']).toEqual({
      description: expect.any(String),
      headers: { Location: { schema: { type: 'string' }, description: 'Where the redirect goes' } },
    });
    for (const token of ['nothing', 'reminders.00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await t.request({ method: 'GET', url: `/api/v1/mail/unsubscribe/${token}` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${t.config.appOrigin}/mail-preferences?token=${encodeURIComponent(token)}`);
    }
  });
});
