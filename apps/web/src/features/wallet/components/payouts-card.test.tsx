import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { PayoutsCard } from './payouts-card';

const payout = (n: number, status: 'started' | 'paid' | 'failed' | 'returned', amount: number) => ({
  identifier: uuid(600 + n),
  amount,
  currency: 'NGN',
  status,
  bankName: 'Sandbox Bank',
  accountLast4: '6789',
  createdAt: '2026-11-23T06:00:00.000Z',
  updatedAt: '2026-11-23T06:05:00.000Z',
});
const page = (data: unknown[], total = data.length) =>
  jsonResponse({ data, meta: { page: 1, pageSize: 5, total, totalPages: Math.ceil(total / 5) } });

describe('PayoutsCard', () => {
  it('lists the payouts with amount, account and a readable state', async () => {
    mockFetch([
      { path: '/api/v1/wallet/payouts', respond: () => page([payout(1, 'paid', 75_000), payout(2, 'failed', 4_000)]) },
    ]);
    renderWithProviders(<PayoutsCard />);
    expect(await screen.findByRole('heading', { name: 'Payouts' })).toBeTruthy();
    expect(await screen.findByText('₦750.00')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('Failed, back in earnings')).toBeTruthy();
    expect(screen.getAllByText(/to Sandbox Bank ····6789/)).toHaveLength(2);
  });

  it('with none yet: says what will show here (when and where payouts go is in the earnings above)', async () => {
    mockFetch([{ path: '/api/v1/wallet/payouts', respond: () => page([]) }]);
    renderWithProviders(<PayoutsCard />);
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
    expect(
      screen.getByText('When your earnings are paid out, each payout shows here with the account it went to.'),
    ).toBeTruthy();
  });

  it('says when they cannot be loaded and offers to retry', async () => {
    mockFetch([
      {
        path: '/api/v1/wallet/payouts',
        respond: () => jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    renderWithProviders(<PayoutsCard />);
    expect(await screen.findByText('Your payouts could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
