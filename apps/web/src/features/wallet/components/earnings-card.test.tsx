import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { EarningsCard } from './earnings-card';

describe('EarningsCard', () => {
  it('shows the earnings per currency', async () => {
    mockFetch([
      {
        path: '/api/v1/wallet/earnings',
        respond: () =>
          jsonResponse({
            data: [
              { currency: 'NGN', available: 0 },
              { currency: 'GBP', available: 9_000 },
            ],
          }),
      },
    ]);
    renderWithProviders(<EarningsCard />);
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeTruthy();
    expect((await screen.findByTestId('earnings-GBP')).textContent).toBe('£90.00');
    expect(screen.getByText('Available (NGN)')).toBeTruthy();
  });

  it('says when they cannot be loaded and offers to retry', async () => {
    mockFetch([
      {
        path: '/api/v1/wallet/earnings',
        respond: () => jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    renderWithProviders(<EarningsCard />);
    expect(await screen.findByText('Your earnings could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
