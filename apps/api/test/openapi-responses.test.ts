import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  createResponseValidator,
  documentPathOf,
  responseValidatorOf,
  ResponseMismatchError,
  toJsonSchema,
  type Answer,
  type OpenApiDocument,
} from './openapi-responses.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (over: Partial<Answer>): Answer => ({
  method: 'GET',
  url: '/',
  statusCode: 200,
  headers: json,
  body: '{}',
  ...over,
});
const served = () => responseValidatorOf(inject('openApiDocumentFile'));
const mismatch = (fn: () => void): ResponseMismatchError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ResponseMismatchError) return err;
    throw err;
  }
  throw new Error('the validator accepted the answer');
};

describe('the served document holds every answer of the API tests (test/harness.ts)', () => {
  it('refuses an answer that breaks its schema, naming the operation, the status and where it differs', () => {
    const err = mismatch(() =>
      served().check(
        answer({
          url: '/api/v1/wallet/balance',
          body: JSON.stringify({ data: { balance: '12.50', currency: 'NGN' } }),
        }),
      ),
    );
    expect(err.operation).toBe('getWalletBalance (GET /api/v1/wallet/balance)');
    expect(err.status).toBe(200);
    expect(err.problems).toContain('/data/balance must be integer');

    const extra = mismatch(() =>
      served().check(
        answer({
          url: '/api/v1/wallet/balance',
          body: JSON.stringify({ data: { balance: 1250, currency: 'NGN', owner: 'someone' } }),
        }),
      ),
    );
    expect(extra.problems).toContain('must NOT have additional properties');
    expect(extra.problems).toContain('"additionalProperty":"owner"');
  });

  it('accepts the answer the schema describes, and the error body of a declared status', () => {
    served().check(
      answer({ url: '/api/v1/wallet/balance', body: JSON.stringify({ data: { balance: 1250, currency: 'NGN' } }) }),
    );
    served().check(
      answer({
        url: '/api/v1/wallet/balance',
        statusCode: 401,
        body: JSON.stringify({ message: 'Please sign in', code: 'UNAUTHORIZED_ACCESS', requestId: 'r1' }),
      }),
    );
    const code = mismatch(() =>
      served().check(
        answer({
          url: '/api/v1/wallet/balance',
          statusCode: 401,
          body: JSON.stringify({ message: 'Please sign in', code: 'NO_SUCH_CODE', requestId: 'r1' }),
        }),
      ),
    );
    expect(code.problems).toContain('/code must be equal to one of the allowed values');
  });

  it('refuses a status the operation does not declare, and a JSON body where it declares none', () => {
    const status = mismatch(() =>
      served().check(answer({ url: '/api/v1/health', statusCode: 418, body: JSON.stringify({ status: 'ok' }) })),
    );
    expect(status.message).toBe(
      'getHealth (GET /api/v1/health) answered 418, which the served OpenAPI document does not allow: the status is not declared',
    );
    const validator = createResponseValidator({
      paths: { '/go': { get: { operationId: 'go', responses: { '303': { description: 'away' } } } } },
    });
    expect(mismatch(() => validator.check(answer({ url: '/go', statusCode: 303 }))).problems).toBe(
      'a JSON body where the document declares none',
    );
    // A redirect without a body, and an answer of a path the document does not have, are not JSON answers of it.
    validator.check(answer({ url: '/go', statusCode: 303, headers: {}, body: '' }));
    validator.check(answer({ url: '/elsewhere', statusCode: 418 }));
  });

  it('a nullable enum accepts null only when its enum lists it (what the document transform adds)', () => {
    const nullable = (values: unknown[]): OpenApiDocument => ({
      paths: {
        '/kind': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { kind: { type: 'string', enum: values, nullable: true } },
                      required: ['kind'],
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    const body = JSON.stringify({ kind: null });
    const without = mismatch(() => createResponseValidator(nullable(['a', 'b'])).check(answer({ url: '/kind', body })));
    expect(without.problems).toContain('/kind must be equal to one of the allowed values');
    createResponseValidator(nullable(['a', 'b', null])).check(answer({ url: '/kind', body }));
  });

  it('turns OpenAPI 3.0 schemas into JSON Schema: nullable, boolean bounds, component references', () => {
    expect(toJsonSchema({ type: 'integer', minimum: 0, exclusiveMinimum: true, nullable: true })).toEqual({
      type: ['integer', 'null'],
      exclusiveMinimum: 0,
    });
    expect(toJsonSchema({ $ref: '#/components/schemas/Money', nullable: true })).toEqual({
      anyOf: [{ $ref: 'openapi-components#/definitions/Money' }, { type: 'null' }],
    });
    const validator = createResponseValidator({
      components: { schemas: { Money: { type: 'object', properties: { amount: { type: 'integer' } } } } },
      paths: {
        '/money': {
          get: {
            responses: {
              '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Money' } } } },
            },
          },
        },
      },
    });
    validator.check(answer({ url: '/money', body: '{"amount":5}' }));
    expect(mismatch(() => validator.check(answer({ url: '/money', body: '{"amount":"5"}' }))).problems).toContain(
      '/amount must be integer',
    );
  });

  it('finds the operation as the router does: a static segment before a parameter', () => {
    const paths = ['/booking/{id}/cancel', '/booking/participant/{id}', '/booking/{id}', '/booking/details'];
    expect(documentPathOf(paths, '/booking/participant/abc')).toBe('/booking/participant/{id}');
    expect(documentPathOf(paths, '/booking/abc/cancel')).toBe('/booking/{id}/cancel');
    expect(documentPathOf(paths, '/booking/details')).toBe('/booking/details');
    expect(documentPathOf(paths, '/booking/abc?x=1')).toBe('/booking/{id}');
    expect(documentPathOf(paths, '/booking/abc/def')).toBeUndefined();
  });
});
