import type { BookingRole, CancellationPolicy } from '@therapy/contracts/bookings';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { aBooking, bookingId, failure } from '../test/booking-fixture';
import { CancelBookingModal } from './cancel-booking-modal';

const policyPath = `/api/v1/appointment/policy/${bookingId}/cancellation`;
const refundable: CancellationPolicy = {
  cancelationStatus: true,
  refundAmount: 5000,
  currencyCode: 'USD',
  cutoffAt: '2026-06-18T09:00:00.000Z',
  cancellable: true,
};

function renderCancel(role: BookingRole, policy: () => Response, cancel?: (init: RequestInit | undefined) => Response) {
  const bodies: unknown[] = [];
  const fetchMock = mockFetch([
    { path: policyPath, respond: policy },
    {
      method: 'POST',
      path: role === 'client' ? `/api/v1/booking/${bookingId}/cancel` : `/api/v1/appointment/${bookingId}/cancel`,
      respond: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return cancel
          ? cancel(init)
          : jsonResponse({ data: aBooking({ status: 'cancelled' }), message: 'APPOINTMENT CANCELLED SUCCESSFULLY' });
      },
    },
  ]);
  const view = renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <CancelBookingModal booking={aBooking()} role={role} onClose={() => undefined} />
    </Dialog>,
  );
  return { ...view, fetchMock, bodies };
}

describe('CancelBookingModal', () => {
  it('client: says before the click that the refund is given, how much and until when; cancels with the note and shows the server message', async () => {
    const { user, bodies, queryClient } = renderCancel('client', () => jsonResponse({ data: refundable }));
    expect(
      await screen.findByText(/You will get a full refund of \$50\.00 to your wallet if you cancel before/),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Read the cancellation and rescheduling policy' }).getAttribute('href'),
    ).toBe('/policy/client-cancellation');
    queryClient.setQueryData(['wallet', 'balance'], 1);
    queryClient.setQueryData(['bookings', 'list'], 1);

    await user.type(screen.getByLabelText('Why are you cancelling?'), 'I am ill');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByRole('heading', { name: 'Booking cancelled' })).toBeTruthy();
    expect(screen.getByText('APPOINTMENT CANCELLED SUCCESSFULLY')).toBeTruthy();
    expect(bodies).toEqual([{ note: 'I am ill' }]);
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['bookings', 'list'])?.isInvalidated).toBe(true);
  });

  it('client: inside 48 h says no refund is given, and shows the no-refund message of the server', async () => {
    const noRefund =
      'Your appointment has been cancelled. No refund is given because it was cancelled less than 48 hours before the session.';
    const { user } = renderCancel(
      'client',
      () => jsonResponse({ data: { ...refundable, cancelationStatus: false, refundAmount: 0 } }),
      () => jsonResponse({ data: aBooking({ status: 'cancelled' }), message: noRefund }),
    );
    expect(
      await screen.findByText('The session starts in less than 48 hours, so cancelling now gives no refund.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Why are you cancelling?'), 'Too late, sorry');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText(noRefund)).toBeTruthy();
  });

  it('requires a note: nothing is sent without one', async () => {
    const { user, bodies } = renderCancel('client', () => jsonResponse({ data: refundable }));
    await screen.findByText(/full refund/);
    await user.type(screen.getByLabelText('Why are you cancelling?'), '   ');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Please tell us why you are cancelling')).toBeTruthy();
    expect(screen.getByLabelText('Why are you cancelling?').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('provider: says the client is refunded in full, links the provider policy, posts to /appointment', async () => {
    const { user, bodies } = renderCancel(
      'provider',
      () => jsonResponse({ data: refundable }),
      () =>
        jsonResponse({ data: aBooking({ status: 'cancelled' }), message: 'Booking Request Cancelled Successfully' }),
    );
    expect(await screen.findByText('The client gets a full refund of $50.00 to their wallet.')).toBeTruthy();
    expect(screen.queryByText(/You will get a full refund/)).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Read the cancellation and rescheduling policy' }).getAttribute('href'),
    ).toBe('/policy/provider-cancellation');
    await user.type(screen.getByLabelText('Why are you cancelling?'), 'I am ill');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking Request Cancelled Successfully')).toBeTruthy();
    expect(bodies).toHaveLength(1);
  });

  it('shows the policy lookup error inline with a retry', async () => {
    let calls = 0;
    const { user } = renderCancel('client', () =>
      ++calls === 1 ? failure(404, 'NOT_FOUND', 'Not found') : jsonResponse({ data: refundable }),
    );
    expect(await screen.findByText('We could not check whether you would get a refund.')).toBeTruthy();
    expect(screen.getByText('Not found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/full refund of \$50\.00/)).toBeTruthy();
  });

  it('a booking that can no longer be cancelled: says so and the button is disabled', async () => {
    renderCancel('client', () => jsonResponse({ data: { ...refundable, cancellable: false } }));
    expect(await screen.findByText('This booking can no longer be cancelled')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel booking' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server message of a failed cancel and stays open', async () => {
    const { user } = renderCancel(
      'client',
      () => jsonResponse({ data: refundable }),
      () => failure(409, 'CONFLICT', 'This booking has already been cancelled'),
    );
    await screen.findByText(/full refund/);
    await user.type(screen.getByLabelText('Why are you cancelling?'), 'I am ill');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This booking has already been cancelled');
    expect((screen.getByRole('button', { name: 'Cancel booking' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
