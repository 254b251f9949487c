import type { Notification } from '@therapy/contracts/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { NotificationsRoute } from './routes/notifications-route';

vi.mock('@/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() } }));

const note = (n: number, over: Partial<Notification>): Notification => ({
  identifier: uuid(n),
  kind: 'appointment-created',
  bookingIdentifier: uuid(n + 100),
  otherName: 'Lena Hoffmann',
  therapyName: 'CBT',
  startTime: '2027-03-03T10:00:00.000Z',
  dueAt: '2027-03-02T07:00:00.000Z',
  by: 'provider',
  createdAt: '2027-03-01T07:00:00.000Z',
  readAt: null,
  ...over,
});
const page = (data: Notification[]) =>
  jsonResponse({ data, meta: { page: 1, pageSize: 20, total: data.length, totalPages: 1 } });

afterEach(async () => i18n.changeLanguage('en'));

describe('the notification centre page (issue 47)', () => {
  it('lists what happened with "pay by", marks unread in words, opens the booking and marks it read', async () => {
    await loadNamespaces(['notifications']);
    const fetchMock = mockFetch([
      {
        path: '/api/v1/notifications',
        respond: () =>
          page([
            note(1, {}),
            note(2, { kind: 'booking-declined', startTime: null, dueAt: null, readAt: '2027-03-01T08:00:00.000Z' }),
          ]),
      },
      {
        method: 'POST',
        path: `/api/v1/notifications/${uuid(1)}/read`,
        respond: () => jsonResponse({ data: note(1, {}) }),
      },
    ]);
    const { user } = renderWithProviders(<NotificationsRoute />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Unread: Lena Hoffmann made an appointment for you');
    expect(items[0]!.textContent).toMatch(/Pay by/);
    expect(items[1]!.textContent).toContain('Lena Hoffmann declined your booking');
    expect(items[1]!.textContent).not.toContain('Unread');
    const open = screen.getByRole('link', { name: 'Open booking: Lena Hoffmann made an appointment for you' });
    expect(open.getAttribute('href')).toBe(`/appointments/${uuid(101)}`);
    await user.click(open);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(`/notifications/${uuid(1)}/read`))).toBe(
        true,
      ),
    );
  });

  it('empty: says so (German)', async () => {
    await i18n.changeLanguage('de');
    await loadNamespaces(['notifications']);
    mockFetch([{ path: '/api/v1/notifications', respond: () => page([]) }]);
    renderWithProviders(<NotificationsRoute />);
    expect(await screen.findByRole('heading', { name: 'Noch keine Benachrichtigungen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Alle als gelesen markieren' })).toBeNull();
  });

  it('an error offers to try again', async () => {
    await loadNamespaces(['notifications']);
    mockFetch([
      {
        path: '/api/v1/notifications',
        respond: () => jsonResponse({ message: 'Something went wrong', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    renderWithProviders(<NotificationsRoute />);
    expect(await screen.findByText('We could not load your notifications.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
