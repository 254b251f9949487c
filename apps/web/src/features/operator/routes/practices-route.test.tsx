import type { PracticeList } from '@therapy/contracts/verification';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { PracticesRoute } from './practices-route';
import { operator } from '../test-operator';

const page = (overrides: Partial<PracticeList> = {}): PracticeList => ({
  items: [
    {
      providerIdentifier: uuid(2),
      firstName: 'Theo',
      lastName: 'Okafor',
      email: 'theo@example.com',
      status: 'approved',
      changesPending: true,
      expiresOn: '2026-04-10',
      submittedAt: '2026-03-01T08:00:00.000Z',
    },
    {
      providerIdentifier: uuid(3),
      firstName: null,
      lastName: null,
      email: 'nameless@example.com',
      status: 'suspended',
      changesPending: false,
      expiresOn: null,
      submittedAt: '2026-02-01T08:00:00.000Z',
    },
  ],
  total: 30,
  page: 1,
  pageSize: 25,
  ...overrides,
});

/** Each GET's query, in order: what the list asked the API for. */
function queries(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').search);
}

function renderList(route = '/operator/practices') {
  return renderWithProviders(<PracticesRoute />, { route, path: '/operator/practices' });
}

afterEach(() => useAuthStore.setState({ user: null }));

describe('PracticesRoute', () => {
  it('reads standing, search and page from the address and asks the API for them', async () => {
    useAuthStore.getState().setSession('token', operator);
    const fetchMock = mockFetch([
      { path: '/api/v1/operator/practices', respond: () => jsonResponse({ data: page({ page: 2 }) }) },
    ]);
    renderList('/operator/practices?standing=changes_pending&q=okafor&page=2');
    expect(await screen.findByText('Theo Okafor')).toBeTruthy();
    expect(queries(fetchMock)).toEqual(['?page=2&standing=changes_pending&q=okafor']);
    expect((screen.getByLabelText('Standing') as HTMLSelectElement).value).toBe('changes_pending');
    expect((screen.getByLabelText('Name or email') as HTMLInputElement).value).toBe('okafor');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('keeps a new standing, search and page in the address (a new filter starts at page 1)', async () => {
    useAuthStore.getState().setSession('token', operator);
    const fetchMock = mockFetch([
      { path: '/api/v1/operator/practices', respond: () => jsonResponse({ data: page() }) },
    ]);
    const { user, router } = renderList('/operator/practices?page=3');
    await screen.findByText('Theo Okafor');

    await user.selectOptions(screen.getByLabelText('Standing'), 'Suspended');
    await expect.poll(() => router.state.location.search).toBe('?standing=suspended');

    await user.type(screen.getByLabelText('Name or email'), '  theo@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await expect.poll(() => router.state.location.search).toBe('?standing=suspended&q=theo%40example.com');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await expect.poll(() => router.state.location.search).toBe('?standing=suspended&q=theo%40example.com&page=2');
    await expect.poll(() => queries(fetchMock).at(-1)).toBe('?page=2&standing=suspended&q=theo%40example.com');

    await user.selectOptions(screen.getByLabelText('Standing'), 'All');
    await expect.poll(() => router.state.location.search).toBe('?q=theo%40example.com');
  });

  it('refuses a search over 100 characters with the schema message, leaving the address as it was', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([{ path: '/api/v1/operator/practices', respond: () => jsonResponse({ data: page() }) }]);
    const { user, router } = renderList();
    await screen.findByText('Theo Okafor');
    await user.click(screen.getByLabelText('Name or email'));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The search can be at most 100 characters')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('lists each practice as a link to its desk with its badges and expiry, and says how many match', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([{ path: '/api/v1/operator/practices', respond: () => jsonResponse({ data: page() }) }]);
    renderList('/operator/practices?standing=verified');
    const theo = await screen.findByRole('link', { name: /Theo Okafor/ });
    expect(theo.getAttribute('href')).toBe(`/operator/reviews/${uuid(2)}`);
    expect(within(theo).getByText('Verified')).toBeTruthy();
    expect(within(theo).getByText('Changes pending')).toBeTruthy();
    expect(within(theo).getByText('Expires Apr 10, 2026')).toBeTruthy();
    const nameless = screen.getByRole('link', { name: /nameless@example\.com/ });
    expect(within(nameless).getByText('Suspended')).toBeTruthy();
    expect(within(nameless).queryByText(/^Expires/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('30 practices');
  });

  it('shows an empty result with a way back, and an error with a retry', async () => {
    useAuthStore.getState().setSession('token', operator);
    let fail = true;
    mockFetch([
      {
        path: '/api/v1/operator/practices',
        respond: () =>
          fail
            ? jsonResponse({ message: 'Down', code: 'INTERNAL_ERROR', requestId: 'r1' }, 500)
            : jsonResponse({ data: page({ items: [], total: 0 }) }),
      },
    ]);
    const { user, router } = renderList('/operator/practices?q=nobody');
    expect(await screen.findByText('The practices could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No practice matches')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expect.poll(() => router.state.location.search).toBe('');
  });

  it('a provider gets a refusal and no operator call', () => {
    useAuthStore.getState().setSession('token', { ...operator, userType: 'provider' });
    const fetchMock = mockFetch([]);
    renderList();
    expect(screen.getByText('For the review team only')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
