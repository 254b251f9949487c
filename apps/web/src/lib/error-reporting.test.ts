import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/render';

const sdk = vi.hoisted(() => ({ loaded: vi.fn(), startReporter: vi.fn(), capture: vi.fn() }));

// Stands in for the chunk that holds the Sentry SDK: `loaded` counts how often it is fetched.
vi.mock('./sentry-reporter', () => {
  sdk.loaded();
  return { startReporter: sdk.startReporter, capture: sdk.capture };
});

const DSN = 'https://publickey@errors.example.com/1';

/** Fresh modules per test: the reporter keeps its state (DSN, loaded SDK) for the life of the page. */
async function load() {
  vi.resetModules();
  const reporting = await import('./error-reporting');
  const { apiClient } = await import('./api-client');
  const { ApiError } = await import('./api-error');
  return { ...reporting, apiClient, ApiError };
}

function serverFails(status: number) {
  mockFetch([
    {
      path: '/api/v1/wallet/balance',
      respond: () =>
        jsonResponse(
          {
            message: 'Something went wrong',
            code: status >= 500 ? 'INTERNAL_ERROR' : 'FORBIDDEN',
            requestId: 'req-500-abc',
          },
          status,
        ),
    },
  ]);
}

describe('error reporting in the browser', () => {
  beforeEach(() => {
    sdk.loaded.mockClear();
    sdk.startReporter.mockClear();
    sdk.capture.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the SDK when a DSN is configured and reports a 5xx answer with its request id', async () => {
    const { configureErrorReporting, apiClient, ApiError } = await load();
    configureErrorReporting(DSN);
    serverFails(500);
    await expect(apiClient.get('/wallet/balance')).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(sdk.capture).toHaveBeenCalledTimes(1));
    expect(sdk.loaded).toHaveBeenCalledTimes(1);
    expect(sdk.startReporter).toHaveBeenCalledWith(DSN);
    expect(sdk.capture).toHaveBeenCalledWith(expect.any(ApiError), 'req-500-abc');
  });

  it('keeps a report made before the app config arrived, and never reports a 4xx', async () => {
    const { configureErrorReporting, reportError, apiClient } = await load();
    const early = new Error('rendering failed');
    reportError(early);
    serverFails(403);
    await expect(apiClient.get('/wallet/balance')).rejects.toThrow();
    configureErrorReporting(DSN);
    await vi.waitFor(() => expect(sdk.capture).toHaveBeenCalledTimes(1));
    expect(sdk.capture).toHaveBeenCalledWith(early, undefined);
  });

  it('never loads the SDK without a DSN', async () => {
    const { configureErrorReporting, reportError, apiClient } = await load();
    reportError(new Error('before the config'));
    configureErrorReporting(null);
    serverFails(500);
    await expect(apiClient.get('/wallet/balance')).rejects.toThrow();
    reportError(new Error('after the config'));
    expect(sdk.loaded).not.toHaveBeenCalled();
    expect(sdk.capture).not.toHaveBeenCalled();
  });
});
