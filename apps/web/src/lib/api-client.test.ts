import type { AuthSession } from '@therapy/contracts/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getWalletTransaction, listWalletTransactions, startTopup } from '@therapy/contracts/endpoints/wallet';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/render';
import { apiClient, call, setSessionExpiredHandler } from './api-client';
import { ApiError, errorMessage } from './api-error';
import { useAuthStore } from './auth-store';

const user: AuthSession['user'] = sessionUser;

function headerOf(init: RequestInit | undefined, name: string) {
  return new Headers(init?.headers).get(name);
}

describe('api client', () => {
  beforeEach(() => useAuthStore.setState({ status: 'anonymous', accessToken: null, user: null }));

  it('joins an errors list with ", " for the toast', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/user/register',
        respond: () =>
          jsonResponse(
            {
              message: 'Validation failed',
              code: 'VALIDATION_ERROR',
              errors: ['Emails must match', 'Country  is required'],
              requestId: 'r1',
            },
            400,
          ),
      },
    ]);
    const error = await apiClient.post('/user/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
    expect(errorMessage(error)).toBe('Emails must match, Country  is required');
  });

  it("reads a server message in the reader's language from the first error on (the messages load on demand)", async () => {
    // Fresh modules: no earlier error has loaded the spec's messages yet.
    vi.resetModules();
    const fresh = await import('./api-client');
    const errors = await import('./api-error');
    const { i18n } = await import('./i18n');
    await i18n.changeLanguage('de');
    try {
      mockFetch([
        {
          method: 'POST',
          path: '/api/v1/user/register',
          respond: () =>
            jsonResponse(
              { message: 'An account with this email already exists', code: 'EMAIL_TAKEN', requestId: 'r2' },
              409,
            ),
        },
      ]);
      const error = await fresh.apiClient.post('/user/register', {}).catch((e: unknown) => e);
      expect(errors.errorMessage(error)).toBe('Es gibt bereits ein Konto mit dieser E-Mail-Adresse');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('still hands out the API error, as the server sent it, when the messages cannot be fetched, and tries again later', async () => {
    vi.resetModules();
    const fresh = await import('./api-client');
    const errors = await import('./api-error');
    const { i18n } = await import('./i18n');
    // From here on the messages' file cannot be fetched, as for a browser gone offline.
    let offline = true;
    vi.doMock('@therapy/contracts/messages', async (original) => {
      if (offline) throw new Error('Failed to fetch dynamically imported module');
      return original();
    });
    try {
      await i18n.changeLanguage('de');
      mockFetch([
        {
          method: 'POST',
          path: '/api/v1/user/register',
          respond: () =>
            jsonResponse(
              { message: 'An account with this email already exists', code: 'EMAIL_TAKEN', requestId: 'r3' },
              409,
            ),
        },
      ]);
      const first = await fresh.apiClient.post('/user/register', {}).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(errors.ApiError);
      expect((first as InstanceType<typeof errors.ApiError>).code).toBe('EMAIL_TAKEN');
      expect(errors.errorMessage(first)).toBe('An account with this email already exists');
      offline = false;
      const second = await fresh.apiClient.post('/user/register', {}).catch((e: unknown) => e);
      expect(errors.errorMessage(second)).toBe('Es gibt bereits ein Konto mit dieser E-Mail-Adresse');
      await i18n.changeLanguage('en');
    } finally {
      vi.doUnmock('@therapy/contracts/messages');
    }
  });

  it('shows a single errors string as is, and the message when there are no errors', () => {
    expect(errorMessage(new ApiError({ status: 400, code: 'BAD_REQUEST', message: 'Bad', errors: 'Only this' }))).toBe(
      'Only this',
    );
    expect(
      errorMessage(
        new ApiError({ status: 409, code: 'EMAIL_TAKEN', message: 'An account with this email already exists' }),
      ),
    ).toBe('An account with this email already exists');
  });

  it('unwraps { data } and sends the session, language, country and view-mode headers with cookies', async () => {
    useAuthStore.setState({ status: 'authenticated', accessToken: 'token-1', user });
    const fetchMock = mockFetch([{ path: '/api/v1/user/info', respond: () => jsonResponse({ data: user }) }]);
    const res = await apiClient.get<typeof user>('/user/info');
    expect(res.data).toEqual(user);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(headerOf(init, 'Authorization')).toBe('Bearer token-1');
    expect(headerOf(init, 'x-locale')).toBe('en');
    expect(headerOf(init, 'x-language')).toBe('en');
    expect(headerOf(init, 'x-country')).toBe('DE');
    expect(headerOf(init, 'x-view-mode')).toBe('provider');
  });

  it('on 401 UNAUTHORIZED_ACCESS refreshes once and retries with the new token', async () => {
    useAuthStore.setState({ status: 'authenticated', accessToken: 'old', user });
    let infoCalls = 0;
    const fresh = { ...user, firstName: 'Fresh' };
    const fetchMock = mockFetch([
      {
        path: '/api/v1/user/info',
        respond: (init) => {
          infoCalls += 1;
          return headerOf(init, 'Authorization') === 'Bearer new'
            ? jsonResponse({ data: fresh })
            : jsonResponse({ message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401);
        },
      },
      {
        method: 'POST',
        path: '/api/v1/user/token/refresh',
        respond: () => jsonResponse({ data: { accessToken: 'new', expiresIn: 900, user } }),
      },
    ]);
    const res = await apiClient.get<typeof fresh>('/user/info');
    expect(res.data).toEqual(fresh);
    expect(infoCalls).toBe(2);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/token/refresh'))).toHaveLength(1);
    expect(useAuthStore.getState().accessToken).toBe('new');
  });

  it('clears the session and sends the user to /login?redirect=<path> when the refresh fails', async () => {
    window.history.replaceState(null, '', '/account?tab=email');
    useAuthStore.setState({ status: 'authenticated', accessToken: 'old', user });
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    mockFetch([
      {
        path: '/api/v1/user/info',
        respond: () =>
          jsonResponse({ message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401),
      },
      {
        method: 'POST',
        path: '/api/v1/user/token/refresh',
        respond: () => jsonResponse({ message: 'Please sign in', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401),
      },
    ]);
    await expect(apiClient.get('/user/info')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED_ACCESS' });
    expect(onExpired).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/account?tab=email')}`);
    expect(useAuthStore.getState().status).toBe('anonymous');
    expect(useAuthStore.getState().accessToken).toBeNull();
  });

  it('does not try to refresh for session calls such as login', async () => {
    const fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/v1/user/login',
        respond: () =>
          jsonResponse({ message: 'Invalid email or password', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401),
      },
    ]);
    await expect(apiClient.post('/user/login', {}, { recoverSession: false })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('calls an endpoint through its contract: path parameters, query, body and the Idempotency-Key', async () => {
    const id = '01890a5d-ac96-774b-bcce-b302099a8058';
    const transaction = {
      identifier: id,
      type: 'topup',
      amount: 500,
      currencyCode: 'NGN',
      description: 'Top-up',
      reference: null,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const fetchMock = mockFetch([
      { path: `/api/v1/wallet/transactions/${id}`, respond: () => jsonResponse({ data: transaction }) },
      {
        path: '/api/v1/wallet/transactions',
        respond: () => jsonResponse({ data: [transaction], meta: { page: 2, pageSize: 10, total: 11, totalPages: 2 } }),
      },
    ]);
    expect((await call(getWalletTransaction, { params: { id } })).data).toEqual(transaction);
    const page = await call(listWalletTransactions, { query: { page: 2, pageSize: 10 } });
    expect(page.meta.total).toBe(11);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/v1/wallet/transactions?page=2&pageSize=10');

    const topup = mockFetch([
      {
        method: 'POST',
        path: '/api/v1/payment/wallet',
        respond: () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404),
      },
    ]);
    await expect(call(startTopup, { body: { amount: 50_000 }, idempotencyKey: 'attempt-0001' })).rejects.toMatchObject({
      status: 404,
    });
    const init = topup.mock.calls[0]?.[1];
    expect(headerOf(init, 'Idempotency-Key')).toBe('attempt-0001');
    expect(init?.body).toBe('{"amount":50000}');
  });

  it('types a call from the contract (checked by tsc)', () => {
    // Not run: these only have to fail to compile.
    const unused = () => {
      // @ts-expect-error the transaction's id is a required path parameter
      void call(getWalletTransaction);
      // @ts-expect-error the body's amount is a number
      void call(startTopup, { body: { amount: '5' } });
      // @ts-expect-error reading a transaction takes no idempotency key
      void call(getWalletTransaction, { params: { id: 'x' }, idempotencyKey: 'k' });
    };
    expect(typeof unused).toBe('function');
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiClient.get('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(errorMessage(error)).toMatch(/could not reach the server/);
  });
});
