import type { Booking } from '@therapy/contracts/bookings';
import type { AvailabilityCalendar } from '@therapy/contracts/availability';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { useMoveBooking } from '../api/calendar-view-api';
import { BlockedDays } from '../components/blocked-days';
import { CalendarLegend } from '../components/calendar-legend';

const bookingId = uuid(700);
const providerId = uuid(701);
const therapyId = uuid(702);
const party = (identifier: string) => ({
  identifier,
  firstName: 'Amara',
  lastName: 'Okafor',
  username: null,
  picture: null,
  timezone: 'Europe/London',
});
const booking = (startTime: string, endTime: string): Booking => ({
  identifier: bookingId,
  status: 'pending',
  previousStatus: null,
  provider: party(providerId),
  client: party(uuid(703)),
  therapyCategory: { identifier: therapyId, code: 'cbt', name: 'CBT' },
  modality: { identifier: uuid(704), code: 'online', name: 'Online' },
  startTime,
  endTime,
  note: null,
  meetingLink: null,
  address: null,
  price: { amount: 6500, currencyCode: 'GBP' },
  paymentMethod: 'platform',
  holdExpiresAt: null,
  seriesIdentifier: null,
  createdBy: 'client',
  rescheduleInfo: { status: 'applied', remainingClientReschedule: 2, remainingProviderReschedule: 2 },
  reschedules: [],
  allowRescheduleCompletedBooking: false,
  feedbackProvided: false,
  participantIdentifier: null,
  createdAt: '2026-12-01T09:00:00.000Z',
});
const day = (slots: Array<[string, string]>): AvailabilityCalendar => ({
  timezone: 'Europe/London',
  providerTimezone: 'Europe/London',
  calendarSetupType: 'GENERAL',
  firstDate: '2026-12-02',
  lastDate: '2027-01-31',
  items: [
    {
      date: { date: '2026-12-07', isAvailable: true },
      timeSlot: slots.map(([startTime, endTime], k) => ({ identifier: `slot-${k}`, startTime, endTime })),
    },
  ],
});
const slotsPath = `/api/v1/providers-availability/${providerId}/timeslot/2026-12-07`;
const reschedulePath = `/api/v1/appointment/${bookingId}/reschedule`;

/** Drops the booking at `start` as the calendar does, and shows what came of it. */
function MoveHarness({ start }: { start: string }) {
  const move = useMoveBooking();
  return (
    <>
      <button
        type="button"
        onClick={() => move.mutate({ bookingId, providerId, categoryId: therapyId, timezone: 'Europe/London', start })}
      >
        drop
      </button>
      {move.isSuccess && <p>moved: {move.data.message}</p>}
      {move.isError && <p>refused: {move.error.message}</p>}
    </>
  );
}

describe('dragging a session (the reschedule endpoint)', () => {
  it("sends the signed slot that starts at the dropped time, with the server's answer", async () => {
    let sent: unknown;
    mockFetch([
      {
        path: slotsPath,
        respond: () =>
          jsonResponse({
            data: day([
              ['2026-12-07T09:30:00Z', '2026-12-07T10:20:00Z'],
              ['2026-12-07T11:30:00Z', '2026-12-07T12:20:00Z'],
            ]),
          }),
      },
      {
        method: 'POST',
        path: reschedulePath,
        respond: (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse({
            data: booking('2026-12-07T11:30:00.000Z', '2026-12-07T12:20:00.000Z'),
            message: 'Appointment Rescheduled Successfully',
          });
        },
      },
    ]);
    const { user } = renderWithProviders(<MoveHarness start="2026-12-07T11:30:00Z" />);
    await user.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByText('moved: Appointment Rescheduled Successfully')).toBeTruthy();
    expect(sent).toEqual({ timeslotIdentifier: 'slot-1', note: null });
  });

  it('refuses a time the plan does not offer without asking the server to move it', async () => {
    const fetchMock = mockFetch([
      {
        path: slotsPath,
        respond: () => jsonResponse({ data: day([['2026-12-07T09:30:00Z', '2026-12-07T10:20:00Z']]) }),
      },
    ]);
    const { user } = renderWithProviders(<MoveHarness start="2026-12-07T10:00:00Z" />);
    await user.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByText('refused: This time slot is no longer available')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/reschedule'))).toBe(false);
  });

  it("passes the server's refusal on (the calendar snaps back with it)", async () => {
    mockFetch([
      {
        path: slotsPath,
        respond: () => jsonResponse({ data: day([['2026-12-07T11:30:00Z', '2026-12-07T12:20:00Z']]) }),
      },
      {
        method: 'POST',
        path: reschedulePath,
        respond: () =>
          jsonResponse({ code: 'CONFLICT', message: 'Rescheduling limit reached.', requestId: 'req-1' }, 409),
      },
    ]);
    const { user } = renderWithProviders(<MoveHarness start="2026-12-07T11:30:00Z" />);
    await user.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByText('refused: Rescheduling limit reached.')).toBeTruthy();
  });
});

describe('days off and the legend', () => {
  it('marks a day off as free with the custom day API', async () => {
    const dayOff = uuid(710);
    const fetchMock = mockFetch([
      {
        method: 'DELETE',
        path: `/api/v1/provider-availability/days/custom/${dayOff}`,
        respond: () => jsonResponse({ message: 'Custom day deleted' }),
      },
    ]);
    const { user } = renderWithProviders(
      <BlockedDays days={[{ identifier: dayOff, date: '2026-12-08', categoryIdentifier: null }]} chosen={null} />,
    );
    expect(screen.getByText('Tuesday, December 8, 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark as free: Tuesday, December 8, 2026' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('names every kind in words, not colour alone', () => {
    renderWithProviders(<CalendarLegend />);
    const legend = screen.getByRole('list', { name: 'What the calendar shows' });
    for (const text of ['Booked', 'Request', 'Payment open', 'Day off']) expect(legend.textContent).toContain(text);
  });
});
