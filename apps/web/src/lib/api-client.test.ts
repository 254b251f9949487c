import type { AuthSession } from '@therapy/contracts/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/render';
import { apiClient, setSessionExpiredHandler } from './api-client';
import { ApiError, errorMessage } from './api-error';
import { useAuthStore } from './auth-store';

const user: AuthSession['user'] = {
  identifier: '01890a5d-ac96-774b-bcce-b302099a8057',
  email: 'ada@example.com',
  userType: 'provider',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: 'DE',
  locale: 'en',
  timezone: null,
  createdAt: '2025-01-01T00:00:00Z',
};

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
          jsonResponse({ message: 'Validation failed', code: 'VALIDATION_ERROR', errors: ['Emails must match', 'Country  is required'], requestId: 'r1' }, 400),
      },
    ]);
    const error = await apiClient.post('/user/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
    expect(errorMessage(error)).toBe('Emails must match, Country  is required');
  });

  it('shows a single errors string as is, and the message when there are no errors', () => {
    expect(errorMessage(new ApiError({ status: 400, code: 'BAD_REQUEST', message: 'Bad', errors: 'Only this' }))).toBe('Only this');
    expect(errorMessage(new ApiError({ status: 409, code: 'EMAIL_TAKEN', message: 'An account with this email already exists' }))).toBe(
      'An account with this email already exists',
    );
  });

  it('unwraps { data } and sends the session, language, country and view-mode headers with cookies', async () => {
    useAuthStore.setState({ status: 'authenticated', accessToken: 'token-1', user });
    const fetchMock = mockFetch([{ path: '/api/v1/user/info', respond: () => jsonResponse({ data: { ok: true } }) }]);
    const res = await apiClient.get<{ ok: boolean }>('/user/info');
    expect(res.data).toEqual({ ok: true });
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
    const fetchMock = mockFetch([
      {
        path: '/api/v1/user/info',
        respond: (init) => {
          infoCalls += 1;
          return headerOf(init, 'Authorization') === 'Bearer new'
            ? jsonResponse({ data: 'fresh' })
            : jsonResponse({ message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401);
        },
      },
      { method: 'POST', path: '/api/v1/user/token/refresh', respond: () => jsonResponse({ data: { accessToken: 'new', expiresIn: 900, user } }) },
    ]);
    const res = await apiClient.get<string>('/user/info');
    expect(res.data).toBe('fresh');
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
      { path: '/api/v1/user/info', respond: () => jsonResponse({ message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401) },
      { method: 'POST', path: '/api/v1/user/token/refresh', respond: () => jsonResponse({ message: 'Please sign in', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401) },
    ]);
    await expect(apiClient.get('/user/info')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED_ACCESS' });
    expect(onExpired).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/account?tab=email')}`);
    expect(useAuthStore.getState().status).toBe('anonymous');
    expect(useAuthStore.getState().accessToken).toBeNull();
  });

  it('does not try to refresh for session calls such as login', async () => {
    const fetchMock = mockFetch([
      { method: 'POST', path: '/api/v1/user/login', respond: () => jsonResponse({ message: 'Invalid email or password', code: 'UNAUTHORIZED_ACCESS', requestId: 'r' }, 401) },
    ]);
    await expect(apiClient.post('/user/login', {}, { recoverSession: false })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await apiClient.get('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(errorMessage(error)).toMatch(/could not reach the server/);
  });
});
