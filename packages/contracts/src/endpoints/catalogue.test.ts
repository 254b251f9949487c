import { describe, expect, it } from 'vitest';
import { jsonResponseSchema, matchesPath } from '../endpoint.ts';
import { allEndpoints, endpointModules, endpointTags, isEndpoint } from './catalogue.ts';

describe('endpoint contracts', () => {
  it('endpoint files export endpoints only (the browser build keeps only their heads)', () => {
    for (const [area, mod] of Object.entries(endpointModules)) {
      for (const [name, value] of Object.entries(mod)) expect(isEndpoint(value), `${area}.${name}`).toBe(true);
    }
  });

  it('one contract per method and path, and a unique operationId', () => {
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const ids = allEndpoints.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it('every endpoint has a summary, known tags and a success answer', () => {
    for (const e of allEndpoints) {
      expect(e.summary.length, e.operationId).toBeGreaterThan(5);
      for (const tag of e.tags) expect(Object.keys(endpointTags), e.operationId).toContain(tag);
      expect(
        Object.keys(e.responses).some((s) => Number(s) < 400),
        e.operationId,
      ).toBe(true);
    }
  });

  it('path parameters and params schemas agree', () => {
    for (const e of allEndpoints) {
      const names = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const shape = e.params && 'shape' in e.params ? Object.keys(e.params.shape as object) : [];
      expect(shape.sort(), e.operationId).toEqual(names.sort());
    }
  });

  it('matches concrete paths to patterns', () => {
    expect(matchesPath('/wallet/transactions/:id', '/wallet/transactions/abc')).toBe(true);
    expect(matchesPath('/wallet/transactions/:id', '/wallet/transactions')).toBe(false);
    expect(matchesPath('/wallet/balance', '/wallet/stats')).toBe(false);
  });

  it('finds the JSON schema of a status', () => {
    const file = allEndpoints.find((e) => e.operationId === 'getFile')!;
    expect(jsonResponseSchema(file, 200)).toBeUndefined();
    expect(jsonResponseSchema(file, 404)).toBeDefined();
  });
});
