import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalStore } from '@/lib/modal-store';
import { uuid } from '@/test/fixtures';
import { mockFetch, renderWithProviders } from '@/test/render';
import { anEntry, clientPage } from '../test/clients-fixture';
import { ClientsRoute } from './clients-route';

const lastQuery = (fetchMock: ReturnType<typeof mockFetch>) =>
  new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;

afterEach(() => useModalStore.getState().reset());

describe('ClientsRoute (/clients/imported/)', () => {
  it('lists clients with name, contact, status and since; only a linked client links to their page', async () => {
    mockFetch([
      {
        path: '/api/v1/clients',
        respond: () =>
          clientPage([
            anEntry({
              identifier: uuid(400),
              firstName: 'Mara',
              lastName: 'Ost',
              email: null,
              status: 'active',
              sources: ['booking'],
            }),
            anEntry({
              importIdentifier: uuid(301),
              email: 'tom@example.com',
              firstName: null,
              lastName: null,
              status: 'invited',
              phoneNumber: '2025550143',
            }),
            anEntry(),
          ]),
      },
    ]);
    renderWithProviders(<ClientsRoute />, { route: '/clients/imported', path: '/clients/imported' });
    const list = await screen.findByRole('list', { name: 'Your clients' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const linked = within(items[0]!).getByRole('link', { name: /Mara Ost/ });
    expect(linked.getAttribute('href')).toBe(`/clients/${uuid(400)}`);
    expect(within(items[0]!).getByText('Active')).toBeTruthy();
    expect(within(items[0]!).getByText('Client since Mar 5, 2026')).toBeTruthy();
    // An import that is not linked: no link, its status, its address as the name when it has none.
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(within(items[1]!).getByText('Invited')).toBeTruthy();
    expect(within(items[1]!).getAllByText('tom@example.com').length).toBeGreaterThan(0);
    expect(within(items[1]!).getByText('2025550143')).toBeTruthy();
    expect(within(items[2]!).getByText('Added')).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('3 clients');
  });

  it('shows "No clients yet" with the import button, which opens the import modal', async () => {
    mockFetch([{ path: '/api/v1/clients', respond: () => clientPage([]) }]);
    const { user } = renderWithProviders(<ClientsRoute />, { route: '/clients/imported', path: '/clients/imported' });
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Import Clients' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(useModalStore.getState().modals[0]?.id).toBe('import-clients');
  });

  it('searches a moment after typing, keeps the search in the address and starts at page 1', async () => {
    const fetchMock = mockFetch([
      {
        path: '/api/v1/clients',
        respond: (init) => {
          void init;
          return clientPage([anEntry()], { total: 12, totalPages: 2 });
        },
      },
    ]);
    const { user, router } = renderWithProviders(<ClientsRoute />, {
      route: '/clients/imported?page=2',
      path: '/clients/imported',
    });
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(lastQuery(fetchMock).get('page')).toBe('2');
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'lena');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lena'));
    await waitFor(() => expect(lastQuery(fetchMock).get('search')).toBe('lena'));
    expect(lastQuery(fetchMock).get('page')).toBe('1');
    // Typing fast sends one search, not one per key.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('search=')).length).toBe(1);
  });

  it('says when nothing matches and clears the search', async () => {
    const fetchMock = mockFetch([{ path: '/api/v1/clients', respond: () => clientPage([]) }]);
    const { user, router } = renderWithProviders(<ClientsRoute />, {
      route: '/clients/imported?q=zed',
      path: '/clients/imported',
    });
    expect(await screen.findByRole('heading', { name: 'No clients match “zed”' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastQuery(fetchMock).has('search')).toBe(false));
    // No clients at all: nothing to search, the page offers the import instead.
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockFetch([
      {
        path: '/api/v1/clients',
        respond: () =>
          fail
            ? new Response(JSON.stringify({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }), { status: 500 })
            : clientPage([anEntry()]),
      },
    ]);
    const { user } = renderWithProviders(<ClientsRoute />, { route: '/clients/imported', path: '/clients/imported' });
    expect(await screen.findByText('Your clients could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Lena Berg')).toBeTruthy();
  });
});
