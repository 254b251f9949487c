import type { BookingRole, ReschedulePolicy } from '@therapy/contracts/bookings';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { aBooking, bookingId, failure, providerId } from '../test/booking-fixture';
import { calendarRoute } from '../test/calendar-fixture';
import { RescheduleBookingModal } from './reschedule-booking-modal';

const policyPath = `/api/v1/appointment/policy/${bookingId}/reschedule`;
const open: ReschedulePolicy = {
  reschedulable: true,
  remaining: 2,
  needsApproval: false,
  approvalFrom: '2026-06-18T09:00:00.000Z',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function renderReschedule(
  options: {
    role?: BookingRole;
    policy?: () => Response;
    write?: () => Response;
    status?: 'pending' | 'confirmed';
  } = {},
) {
  const role = options.role ?? 'client';
  const bodies: unknown[] = [];
  const calendar = calendarRoute(providerId);
  const onClose = vi.fn();
  mockFetch([
    { path: policyPath, respond: options.policy ?? (() => jsonResponse({ data: open })) },
    { path: calendar.path, respond: calendar.respond },
    {
      method: 'POST',
      path:
        role === 'client' ? `/api/v1/booking/${bookingId}/reschedule` : `/api/v1/appointment/${bookingId}/reschedule`,
      respond: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return options.write
          ? options.write()
          : jsonResponse({
              data: aBooking({ status: options.status ?? 'confirmed' }),
              message: 'Appointment Rescheduled Successfully',
            });
      },
    },
  ]);
  const view = renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <RescheduleBookingModal
        booking={aBooking({ status: options.status ?? 'confirmed' })}
        role={role}
        onClose={onClose}
      />
    </Dialog>,
  );
  return { ...view, bodies, onClose };
}

/** Edit mode chooses no date: pick the bookable day, then its first time. */
async function pickSlot(user: ReturnType<typeof renderReschedule>['user']) {
  const { day } = calendarRoute(providerId);
  const button = await vi.waitFor(() => {
    const b = document.querySelector(`[data-day="${day}"] button`) as HTMLButtonElement | null;
    if (!b || b.disabled) throw new Error('day not ready');
    return b;
  });
  await user.click(button);
  const times = await screen.findAllByRole('button', { pressed: false });
  await user.click(times[0]!);
}

describe('RescheduleBookingModal', () => {
  it('shows the remaining reschedules, requires a time ("Please select a time slot"), then reschedules with the note', async () => {
    const { user, bodies } = renderReschedule();
    expect(await screen.findByText('You can reschedule this booking 2 more times.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Read the cancellation and rescheduling policy' }).getAttribute('href'),
    ).toBe('/policy/client-cancellation');

    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText('Please select a time slot')).toBeTruthy();
    expect(bodies).toEqual([]);

    await pickSlot(user);
    await user.type(screen.getByLabelText(/^Note/), 'Work moved');
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByRole('heading', { name: 'Reschedule success' })).toBeTruthy();
    expect(screen.getByText('Appointment Rescheduled Successfully')).toBeTruthy();
    expect(bodies).toEqual([{ timeslotIdentifier: 'slot-9', note: 'Work moved' }]);
  });

  it('refuses a note over 400 characters', async () => {
    const { user, bodies } = renderReschedule();
    await pickSlot(user);
    const note = screen.getByLabelText(/^Note/);
    await user.click(note);
    await user.paste('x'.repeat(401));
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText('The note is at most 400 characters')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('at 0 remaining: "Rescheduling limit reached." and the button is disabled', async () => {
    renderReschedule({ policy: () => jsonResponse({ data: { ...open, remaining: 0 } }) });
    expect(await screen.findByText('Rescheduling limit reached.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reschedule' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('inside 48 h: says the other party must approve, and shows the approval message as the result', async () => {
    const approval =
      'Your request to reschedule has been sent. The other party must approve it before the new time applies.';
    const { user } = renderReschedule({
      role: 'provider',
      policy: () => jsonResponse({ data: { ...open, remaining: 3, needsApproval: true } }),
      write: () => jsonResponse({ data: aBooking(), message: approval }),
    });
    expect(await screen.findByText('The other party must approve')).toBeTruthy();
    expect(screen.getByText('You can reschedule this booking 3 more times.')).toBeTruthy();
    await pickSlot(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(approval)).toBeTruthy();
  });

  it('a pending (unpaid) booking goes on to its payment page', async () => {
    const { user, router, onClose } = renderReschedule({ status: 'pending' });
    await pickSlot(user);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/payment/${bookingId}`));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the policy error inline, and a failed reschedule shows the server message', async () => {
    let calls = 0;
    const { user } = renderReschedule({
      policy: () => (++calls === 1 ? failure(404, 'NOT_FOUND', 'Not found') : jsonResponse({ data: open })),
      write: () => failure(409, 'CONFLICT', 'This time slot has just been taken. Please choose another.'),
    });
    expect(await screen.findByText('We could not check whether you can reschedule.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reschedule' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await pickSlot(user);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText('This time slot has just been taken. Please choose another.')).toBeTruthy();
  });
});
