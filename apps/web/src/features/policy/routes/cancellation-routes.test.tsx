import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/render';
import { ClientCancellationRoute } from './client-cancellation-route';
import { ProviderCancellationRoute } from './provider-cancellation-route';

describe('cancellation policy pages', () => {
  it('client: full refund 48 h or more ahead, none later, reschedule limits 2 and 3, approval inside 48 h', () => {
    mockFetch([]);
    renderWithProviders(<ClientCancellationRoute />);
    expect(
      screen.getByText(
        'If you cancel 48 hours or more before the session starts, you get a full refund to your wallet.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('If you cancel less than 48 hours before the session starts, no refund is given.'),
    ).toBeTruthy();
    expect(
      screen.getByText('You can reschedule a booking up to 2 times. Your therapist can reschedule it up to 3 times.'),
    ).toBeTruthy();
    expect(screen.getByText(/starts within 48 hours needs the other party's approval/)).toBeTruthy();
  });

  it('provider: the client always gets a full refund; limits 3 and 2; approval inside 48 h', () => {
    mockFetch([]);
    renderWithProviders(<ProviderCancellationRoute />);
    expect(screen.getByText(/your client always gets a full refund to their wallet/)).toBeTruthy();
    expect(
      screen.getByText('You can reschedule a booking up to 3 times. Your client can reschedule it up to 2 times.'),
    ).toBeTruthy();
    expect(screen.getByText(/starts within 48 hours needs your client's approval/)).toBeTruthy();
  });
});
