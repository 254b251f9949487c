import { screen, waitFor } from '@testing-library/react';
import type { StripeConnectState } from '@therapy/contracts/stripe-connect';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { leaveForStripe } from './leave-for-stripe';
import { StripeConnectCard } from './stripe-connect-card';

vi.mock('./leave-for-stripe', () => ({ leaveForStripe: vi.fn() }));

const state = (extra: Partial<StripeConnectState> = {}): StripeConnectState => ({
  available: true,
  status: 'not_connected',
  requirementsDue: 0,
  updatedAt: null,
  ...extra,
});
const getRoute = (s: StripeConnectState) => ({
  method: 'GET',
  path: '/api/v1/provider/stripe-connect',
  respond: () => jsonResponse({ data: s }),
});

describe('StripeConnectCard', () => {
  it('is hidden where the platform has no Stripe', async () => {
    const fetch = mockFetch([getRoute(state({ available: false }))]);
    renderWithProviders(<StripeConnectCard />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('stripe-connect')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('"Connect with Stripe" asks for the onboarding link and leaves for it', async () => {
    const posts: string[] = [];
    mockFetch([
      getRoute(state()),
      {
        method: 'POST',
        path: '/api/v1/provider/stripe-connect/link',
        respond: () => {
          posts.push('link');
          return jsonResponse({ data: { url: 'https://connect.stripe.com/setup/s/acct_1/abc' } });
        },
      },
    ]);
    const { user } = renderWithProviders(<StripeConnectCard />);
    expect(await screen.findByText('No Stripe account connected yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Connect with Stripe' }));
    await waitFor(() => expect(leaveForStripe).toHaveBeenCalledWith('https://connect.stripe.com/setup/s/acct_1/abc'));
    expect(posts).toEqual(['link']);
  });

  it('back from an unfinished onboarding: says so, with what Stripe still asks for, and offers to continue', async () => {
    mockFetch([getRoute(state({ status: 'onboarding', requirementsDue: 3, updatedAt: new Date().toISOString() }))]);
    renderWithProviders(<StripeConnectCard />, { route: '/?stripe=return' });
    expect(await screen.findByText('Your Stripe account is not set up yet.')).toBeTruthy();
    expect(screen.getByText('Stripe still asks for 3 details.')).toBeTruthy();
    expect(screen.getByText(/Welcome back/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue set-up' })).toBeTruthy();
  });

  it('once enabled: "Payouts go to your Stripe account", and no button', async () => {
    mockFetch([getRoute(state({ status: 'enabled', updatedAt: new Date().toISOString() }))]);
    renderWithProviders(<StripeConnectCard />, { route: '/?stripe=return' });
    expect(await screen.findByText('Payouts go to your Stripe account.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });
});
