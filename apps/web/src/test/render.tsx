import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

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

interface MockRoute {
  method?: string;
  path: string;
  respond: (init: RequestInit | undefined) => Response | Promise<Response>;
}

/** A fetch stand-in answering by method and path; unknown calls fail loudly so a test never hits the network. */
export function mockFetch(routes: MockRoute[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes.find((r) => (r.method ?? 'GET').toUpperCase() === method && url.pathname === r.path);
    if (!route) throw new Error(`Unexpected ${method} ${url.pathname}`);
    return route.respond(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
