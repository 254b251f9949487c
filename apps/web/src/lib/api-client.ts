import type { AuthSession } from '@therapy/contracts/auth';
import { cookieNames } from '@therapy/contracts/constants';
import {
  endpointPath,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
} from '@therapy/contracts/endpoint';
import { refreshToken } from '@therapy/contracts/endpoints/auth';
import { ApiError, specMessages } from './api-error';
import { useAuthStore } from './auth-store';
import { detectCountryCode } from './country';
import { reportError } from './error-reporting';
import { currentLocale, i18n } from './i18n';
import { idleEndUnderWay } from './idle-watch';
import { withoutLocale } from './locale-path';
import { applySession, clearSession } from './session-state';
import { getCookie } from './storage';

/** Every call goes through here: one place for headers, the envelope, the error shape and the 401 recovery. */
export const API_BASE = '/api/v1';

export interface ApiEnvelope<T> {
  data: T;
  message?: string;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * false for calls that are about the session itself (login, logout, refresh): a 401 there is an answer, not an
   * expired token, so it must not trigger a refresh or a redirect to the login page.
   */
  recoverSession?: boolean;
}

type SessionExpiredHandler = (loginPath: string) => void;

let onSessionExpired: SessionExpiredHandler = (loginPath) => window.location.assign(loginPath);

/** The router registers a client-side navigation so an expired session does not reload the whole app. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

function viewMode(): 'client' | 'provider' {
  const userType = useAuthStore.getState().user?.userType ?? getCookie(cookieNames.userType);
  return userType === 'provider' ? 'provider' : 'client';
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values)
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildHeaders(options: RequestOptions, hasJsonBody: boolean): Headers {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  const { accessToken, user } = useAuthStore.getState();
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  const locale = currentLocale();
  headers.set('x-locale', locale);
  headers.set('x-language', locale);
  const country = detectCountryCode(user?.countryCode);
  if (country) headers.set('x-country', country);
  headers.set('x-view-mode', viewMode());
  return headers;
}

function combineSignals(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  if (signals.length <= 1) return signals[0];
  return AbortSignal.any(signals);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `Retry-After` as whole seconds (the API sends seconds, never a date). */
const retryAfterOf = (response: Response | undefined): number | undefined => {
  const seconds = Number(response?.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

function toApiError(status: number, body: unknown, response?: Response): ApiError {
  if (isRecord(body) && typeof body.message === 'string') {
    const errors = body.errors;
    return new ApiError({
      status,
      code: typeof body.code === 'string' ? body.code : 'INTERNAL_ERROR',
      message: body.message,
      errors: Array.isArray(errors)
        ? errors.filter((e): e is string => typeof e === 'string')
        : typeof errors === 'string'
          ? errors
          : undefined,
      requestId: typeof body.requestId === 'string' ? body.requestId : undefined,
      retryAfterSeconds: retryAfterOf(response),
    });
  }
  // A body we cannot read (proxy page, crash): say something useful instead of "undefined".
  return new ApiError({
    status,
    code: status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST',
    message: i18n.t('errors.unexpected'),
  });
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
/** The browser's fetch; the server-side renderer swaps in an in-process transport (no network, same routes). */
let transport: Transport = (url, init) => fetch(url, init);
export function setApiTransport(next: Transport): void {
  transport = next;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const hasJsonBody = options.body !== undefined && !isForm;
  try {
    return await transport(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(options, hasJsonBody),
      body: isForm ? (options.body as FormData) : hasJsonBody ? JSON.stringify(options.body) : undefined,
      credentials: 'include',
      signal: combineSignals(options.signal, options.timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError({ status: 0, code: 'TIMEOUT', message: i18n.t('errors.timeout') });
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('errors.network') });
  }
}

let refreshInFlight: Promise<AuthSession | null> | null = null;
/** The last refresh was refused because the session had been idle too long (SESSION_IDLE, decision 0036). */
let refusedAsIdle = false;
export const lastRefreshRefusedAsIdle = (): boolean => refusedAsIdle;

/**
 * Exchanges the httpOnly refresh cookie for a new access token. Concurrent callers share one request: the server
 * rotates the refresh token, so two parallel refreshes would present a token that has just been replaced.
 */
export function refreshSession(options: { timeoutMs?: number } = {}): Promise<AuthSession | null> {
  refreshInFlight ??= (async () => {
    try {
      const response = await send(refreshToken.method, refreshToken.path, {
        recoverSession: false,
        timeoutMs: options.timeoutMs,
      });
      if (!response.ok) {
        const refusal = await readBody(response);
        refusedAsIdle = isRecord(refusal) && refusal.code === 'SESSION_IDLE';
        return null;
      }
      refusedAsIdle = false;
      const body = await readBody(response);
      if (!isRecord(body) || !isRecord(body.data) || typeof body.data.accessToken !== 'string') return null;
      const session = body.data as unknown as AuthSession;
      applySession(session);
      return session;
    } catch {
      return null;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/** The page's path inside the app (without a language prefix: the router adds its basename to where it goes). */
function currentPath(): string {
  return `${withoutLocale(window.location.pathname)}${window.location.search}`;
}

/**
 * Spec §4 "Unauthorised": clear the session and send the user to sign in, coming back here afterwards. After an idle
 * sign-out the login page also says why (`reason=idle`).
 */
export function expireSession(given: 'expired' | 'idle' = 'expired'): void {
  // Lost while the idle warning showed: the idle end of another tab (or of the server) got here first.
  const reason = given === 'expired' && idleEndUnderWay() ? 'idle' : given;
  clearSession(reason);
  const path = currentPath();
  if (withoutLocale(window.location.pathname).replace(/\/+$/, '') === '/login') return;
  onSessionExpired(loginPathFor(path, reason));
}

/** The login page's address for a session that ended while the user was at `path`. */
export function loginPathFor(path: string, reason: 'expired' | 'idle'): string {
  return `/login?redirect=${encodeURIComponent(path)}${reason === 'idle' ? '&reason=idle' : ''}`;
}

function isExpiredToken(response: Response, body: unknown): boolean {
  return response.status === 401 && isRecord(body) && body.code === 'UNAUTHORIZED_ACCESS';
}

/** The answer's body as the server sent it (after the 401 recovery); an error answer throws an ApiError. */
async function requestBody(method: string, path: string, options: RequestOptions): Promise<unknown> {
  const recover = options.recoverSession !== false;
  let response = await send(method, path, options);
  let body = await readBody(response);

  if (recover && isExpiredToken(response, body)) {
    // One refresh and one retry: a second 401 means the session is really gone.
    const session = await refreshSession();
    if (session) {
      response = await send(method, path, options);
      body = await readBody(response);
    }
    if (!session || isExpiredToken(response, body)) {
      expireSession(!session && refusedAsIdle ? 'idle' : 'expired');
      await specMessages();
      throw toApiError(401, body);
    }
  }

  if (!response.ok) {
    await specMessages();
    const error = toApiError(response.status, body, response);
    // A 5xx is ours to fix: reported with the request id the API logged it under. A 4xx is an answer, not a fault, and
    // a 503 SERVICE_UNAVAILABLE is the database briefly out of reach (the API logged it), tried again below.
    if (response.status >= 500 && error.code !== 'SERVICE_UNAVAILABLE')
      reportError(error, error.requestId ?? response.headers.get('x-request-id') ?? undefined);
    throw error;
  }
  return body;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const body = await requestBody(method, path, options);
  if (isRecord(body) && 'data' in body) return body as unknown as ApiEnvelope<T>;
  return { data: body as T };
}

/** A part of the call that the endpoint has: required when its schema requires something, optional when not, absent otherwise. */
type Part<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : Partial<T> extends T
      ? { [P in K]?: T }
      : { [P in K]: T };
type IdempotencyPart<E extends EndpointDefinition> = E['idempotencyKey'] extends 'required'
  ? { idempotencyKey: string }
  : E['idempotencyKey'] extends 'optional'
    ? { idempotencyKey?: string }
    : { idempotencyKey?: never };

/** What `call` takes for an endpoint: its path parameters, query and body as its contract types them, and request options. */
export type CallInput<E extends EndpointDefinition> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', E['consumes'] extends readonly string[] ? FormData : EndpointBody<E>> &
  IdempotencyPart<E> &
  Omit<RequestOptions, 'query' | 'body'>;

/**
 * Calls an endpoint through its contract (@therapy/contracts/endpoints/*): the path is built from the contract's, and
 * the answer is typed by its success schema. Not parsed at run time: the server validated it against the same schema.
 */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<EndpointResult<E>> {
  const { params, query, body, idempotencyKey, headers, ...options } = (input ??
    {}) as CallInput<EndpointDefinition> & {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
    idempotencyKey?: string;
  };
  const path = endpointPath(endpoint.path, params);
  return (await requestBody(endpoint.method, path, {
    ...options,
    query,
    body,
    headers: idempotencyKey ? { ...headers, 'Idempotency-Key': idempotencyKey } : headers,
  })) as EndpointResult<E>;
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};
