import type { Booking } from '@therapy/contracts/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { NeedsAction } from './components/needs-action';

const party = (n: number, firstName: string, lastName: string) => ({
  identifier: uuid(n),
  firstName,
  lastName,
  username: null,
  picture: null,
  timezone: 'UTC',
});
const aBooking = (over: Partial<Booking>): Booking => ({
  identifier: uuid(0),
  status: 'pending',
  previousStatus: null,
  provider: party(900, 'Dana', 'Doctor'),
  client: party(901, 'Robin', 'Client'),
  therapyCategory: { identifier: uuid(902), code: 'cbt', name: 'CBT' },
  modality: { identifier: uuid(903), code: 'online', name: 'Online' },
  startTime: '2026-06-20T09:00:00.000Z',
  endTime: '2026-06-20T10:00:00.000Z',
  note: null,
  meetingLink: null,
  address: null,
  price: { amount: 5000, currencyCode: 'USD' },
  paymentMethod: 'platform',
  holdExpiresAt: null,
  seriesIdentifier: null,
  createdBy: 'provider',
  rescheduleInfo: { status: null, remainingClientReschedule: 2, remainingProviderReschedule: 3 },
  reschedules: [],
  allowRescheduleCompletedBooking: false,
  feedbackProvided: false,
  participantIdentifier: null,
  createdAt: '2026-06-01T09:00:00.000Z',
  ...over,
});
const page = (data: unknown[]) =>
  jsonResponse({ data, meta: { page: 1, pageSize: 20, total: data.length, totalPages: 1 } });

describe('what waits for the client on /overview (issue 47)', () => {
  it('"Pay by …" with the way to pay for a timed appointment, "Pick a time" for one without', async () => {
    mockFetch([
      {
        path: '/api/v1/booking',
        respond: () =>
          page([
            aBooking({
              identifier: uuid(1),
              status: 'pending',
              createdBy: 'provider',
              holdExpiresAt: '2026-06-19T14:00:00.000Z',
            }),
            aBooking({ identifier: uuid(2), status: 'pending', startTime: null, endTime: null, createdBy: 'provider' }),
          ]),
      },
    ]);
    renderWithProviders(<NeedsAction />);
    const section = await screen.findByRole('region', { name: 'Needs your action' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/Pay by .*2026/);
    expect(within(items[0]!).getByRole('link', { name: 'Pay now: Dana Doctor' }).getAttribute('href')).toBe(
      `/payment/${uuid(1)}`,
    );
    expect(within(items[1]!).getByRole('link', { name: 'Pick a time: Dana Doctor' }).getAttribute('href')).toBe(
      `/appointments/${uuid(2)}`,
    );
  });

  it('shows nothing while nothing waits', async () => {
    const fetchMock = mockFetch([{ path: '/api/v1/booking', respond: () => page([]) }]);
    renderWithProviders(<NeedsAction />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('needs-action')).toBeNull();
  });
});
