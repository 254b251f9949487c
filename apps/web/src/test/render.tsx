import { errorBody } from '@therapy/contracts/common';
import { jsonResponseSchema, matchesPath } from '@therapy/contracts/endpoint';
import { allEndpoints } from '@therapy/contracts/endpoints/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';

/** Renders one screen inside the providers the app gives it, with a memory router and a fresh query cache. */
export function renderWithProviders(ui: ReactElement, options: { route?: string; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: options.path ?? '/', element: ui },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [options.route ?? '/'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user: userEvent.setup(), router, queryClient };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A mocked API answer must be one the endpoint's contract allows: its status is declared (or a 5xx, which any route
 * may give) and its JSON body parses with the contract's schema for that status. A mock that drifts from the
 * contract fails the test that uses it (render.tsx records it; setup.ts fails the test after it ran).
 */
export const contractViolations: string[] = [];

async function checkAgainstContract(method: string, pathname: string, response: Response): Promise<void> {
  const matching = allEndpoints.filter(
    (e) => e.method === method && matchesPath(e.atRoot ? e.path : `${API_BASE}${e.path}`, pathname),
  );
  // A literal path wins over a parameter that would also match it (/appointment/settings, not /appointment/:id).
  const endpoint = matching.find((e) => !e.path.includes(':')) ?? matching[0];
  const fail = (why: string) => {
    contractViolations.push(`${method} ${pathname}: ${why}`);
    throw new Error(`mock of ${method} ${pathname} breaks its contract: ${why}`);
  };
  if (!endpoint) return fail('no endpoint contract has this method and path');
  const status = response.status;
  const text = await response.clone().text();
  if (status >= 500) {
    // Any route may fail; a body, if it is JSON, is the error envelope (a proxy's page need not be JSON).
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = errorBody.safeParse(body);
    if (!parsed.success) fail(`its ${status} body is not the error envelope: ${parsed.error.message}`);
    return;
  }
  if (!(status in endpoint.responses)) return fail(`the contract (${endpoint.operationId}) does not answer ${status}`);
  const schema = jsonResponseSchema(endpoint, status);
  if (!schema) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail(`its ${status} body is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) fail(`its ${status} body does not match ${endpoint.operationId}: ${parsed.error.message}`);
}

export interface MockRoute {
  method?: string;
  path: string;
  respond: (init: RequestInit | undefined) => Response | Promise<Response>;
}

/** A fetch stand-in answering by method and path; unknown calls fail loudly so a test never hits the network. */
export function mockFetch(routes: MockRoute[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes.find((r) => (r.method ?? 'GET').toUpperCase() === method && url.pathname === r.path);
    if (!route) throw new Error(`Unexpected ${method} ${url.pathname}`);
    const response = await route.respond(init);
    await checkAgainstContract(method, url.pathname, response);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
