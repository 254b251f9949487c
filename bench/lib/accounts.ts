import type { BenchUser } from './types.ts';

export interface BenchAccount extends BenchUser {
  /** The user's identifier (a provider's `providerId` in URLs). */
  identifier: string;
}

export interface ApiAnswer {
  status: number;
  json: unknown;
}

/** One JSON call to the API; the answer's body is undefined when it is not JSON. */
export async function callJson(
  url: string,
  method: 'GET' | 'POST' | 'PUT',
  body?: unknown,
  accessToken?: string,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

/** Fails with the answer when the status is not the expected one. */
export function expectStatus(what: string, answer: ApiAnswer, status: number): void {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
}

/**
 * A further account for a scenario, registered and signed in through the API the way the bench's own user is
 * (lib/server.ts). `label` keeps the email unique within the run.
 */
export async function signUp(baseUrl: string, userType: 'client' | 'provider', label: string): Promise<BenchAccount> {
  const email = `bench.${label}.${Date.now()}@example.com`;
  const password = 'Steady-Bench-4821';
  const registered = await callJson(`${baseUrl}/api/v1/user/register`, 'POST', {
    userType,
    firstName: 'Bench',
    lastName: userType === 'provider' ? 'Provider' : 'Client',
    email,
    phoneNumber: '2025550143',
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  expectStatus(`register ${email}`, registered, 201);
  const login = await callJson(`${baseUrl}/api/v1/user/login`, 'POST', { email, password });
  expectStatus(`login ${email}`, login, 200);
  const session = (login.json as { data: { accessToken: string; user: { identifier: string } } }).data;
  return { email, password, accessToken: session.accessToken, identifier: session.user.identifier };
}
