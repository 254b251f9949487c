import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface ExpectedError {
  message: string;
  code: string;
  errors?: string[];
}

/** The error envelope of DESIGN.md §5, exactly: status, JSON, these fields and a request id that matches the header. */
export function expectError(res: LightMyRequestResponse, status: number, body: ExpectedError): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const json = res.json();
  expect(json).toEqual({ ...body, requestId: expect.any(String) });
  expect(json.requestId).toBe(res.headers['x-request-id']);
}

/** A form error: the message leads and is the only entry of `errors`. */
export const validation = (message: string): ExpectedError => ({
  message,
  code: 'VALIDATION_ERROR',
  errors: [message],
});
