import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/render';
import { apiClient } from './api-client';
import { ApiError } from './api-error';
import { retryDelay, shouldRetry } from './query-client';

const unavailable = () =>
  new Response(
    JSON.stringify({
      message: 'The service is briefly unavailable. Please try again in a moment',
      code: 'SERVICE_UNAVAILABLE',
      requestId: 'r',
    }),
    {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '5' },
    },
  );

describe('query retries', () => {
  it('reads the API answer of a brief outage: SERVICE_UNAVAILABLE with its Retry-After', async () => {
    mockFetch([{ path: '/api/v1/wallet/balance', respond: unavailable }]);
    const error = await apiClient.get('/wallet/balance').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
  });

  it('tries a read three more times through a brief outage, as long apart as Retry-After says', () => {
    const outage = new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', retryAfterSeconds: 5 });
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, outage))).toEqual([true, true, true, false]);
    expect(retryDelay(1, outage)).toBe(5_000);
    expect(
      retryDelay(
        1,
        new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', retryAfterSeconds: 600 }),
      ),
    ).toBe(30_000);
  });

  it('tries another failure once, and a refusal (4xx) never', () => {
    const crash = new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'boom' });
    expect([0, 1].map((n) => shouldRetry(n, crash))).toEqual([true, false]);
    expect(shouldRetry(0, new ApiError({ status: 409, code: 'CONFLICT', message: 'taken' }))).toBe(false);
    expect(retryDelay(0, crash)).toBe(1_000);
    expect(retryDelay(2, crash)).toBe(4_000);
  });
});
