import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useModalStore } from '@/lib/modal-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { bookingDetails, user } from '../test/booking-fixture';
import { AppointmentsRoute } from './appointments-route';

const { statusHistory: _h, history: _l, cancellation: _c, ...listItem } = bookingDetails();
const page = (data: unknown[], totalPages = data.length ? 1 : 0, pageNo = 1) =>
  jsonResponse({ data, meta: { page: pageNo, pageSize: 10, total: data.length, totalPages } });

afterEach(() => {
  useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
  useModalStore.getState().reset();
});

describe('AppointmentsRoute', () => {
  it("lists a client's upcoming bookings (GET /booking with the upcoming statuses) with the other party, time, status and price", async () => {
    useAuthStore.getState().setSession('token', user('client'));
    const fetchMock = mockFetch([{ path: '/api/v1/booking', respond: () => page([listItem]) }]);
    renderWithProviders(<AppointmentsRoute />, { route: '/appointments', path: '/appointments' });
    const row = await screen.findByRole('link', { name: /Dana Fischer/ });
    expect(within(row).getByText('Confirmed')).toBeTruthy();
    expect(within(row).getByText(/Mon, Jun 10, 2030/)).toBeTruthy();
    expect(within(row).getByText(/€90\.00/)).toBeTruthy();
    expect(row.getAttribute('href')).toBe(`/appointments/${listItem.identifier}`);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('statuses')).toBe('requested,pending,confirmed');
    expect(url.searchParams.get('page')).toBe('1');
  });

  it('switches to the cancelled tab (cancelled, rejected, expired) and shows its empty state', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    const fetchMock = mockFetch([{ path: '/api/v1/booking', respond: () => page([]) }]);
    const { user: u } = renderWithProviders(<AppointmentsRoute />, { route: '/appointments', path: '/appointments' });
    expect(await screen.findByRole('heading', { name: 'No upcoming sessions' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByRole('heading', { name: 'No cancelled sessions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelled' }).getAttribute('aria-pressed')).toBe('true');
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(last.searchParams.get('statuses')).toBe('cancelled,rejected,expired');
  });

  it('pages through the list', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    const fetchMock = mockFetch([
      {
        path: '/api/v1/booking',
        respond: () => page([listItem], 2),
      },
    ]);
    const { user: u } = renderWithProviders(<AppointmentsRoute />, { route: '/appointments', path: '/appointments' });
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('page')).toBe('2'),
    );
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    let fail = true;
    mockFetch([
      {
        path: '/api/v1/booking',
        respond: () =>
          fail ? jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r1' }, 500) : page([listItem]),
      },
    ]);
    const { user: u } = renderWithProviders(<AppointmentsRoute />, { route: '/appointments', path: '/appointments' });
    // One retry (spec: one), then the error.
    expect(await screen.findByText('Your bookings could not be loaded.', undefined, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Dana Fischer/ })).toBeTruthy();
  });

  it('lists a provider\'s appointments (GET /appointment) with the client\'s name and offers "Create appointment"', async () => {
    useAuthStore.getState().setSession('token', user('provider'));
    mockFetch([{ path: '/api/v1/appointment', respond: () => page([{ ...listItem, identifier: uuid(600) }]) }]);
    const { user: u } = renderWithProviders(<AppointmentsRoute />, { route: '/appointments', path: '/appointments' });
    expect(await screen.findByRole('link', { name: /Sam Lee/ })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect(useModalStore.getState().modals[0]?.id).toBe('create-appointment');
  });
});
