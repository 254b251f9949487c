import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { TransactionRoute } from './transaction-route';

const path = '/wallet/transactions/:transactionId';

describe('TransactionRoute', () => {
  it('shows the transaction: type, signed amount, date, description, reference', async () => {
    mockFetch([
      {
        path: `/api/v1/wallet/transactions/${uuid(5)}`,
        respond: () =>
          jsonResponse({
            data: {
              identifier: uuid(5),
              type: 'refund',
              amount: 250000,
              currencyCode: 'GBP',
              description: 'Refund of a cancelled session',
              reference: 'RF-1',
              createdAt: '2026-03-02T10:00:00Z',
            },
          }),
      },
    ]);
    renderWithProviders(<TransactionRoute />, {
      route: `/wallet/transactions/${uuid(5)}`,
      path,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund' })).toBeTruthy();
    expect(screen.getByTestId('transaction-amount').textContent).toBe('+£2,500.00');
    expect(screen.getByText('Refund of a cancelled session')).toBeTruthy();
    expect(screen.getByText('RF-1')).toBeTruthy();
    expect(screen.getByText(/Mar 2, 2026/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to wallet' })[0]!.getAttribute('href')).toBe('/wallet');
  });

  it('shows "not found" for a 404 (someone else\'s transaction) and for a malformed id', async () => {
    mockFetch([
      {
        path: `/api/v1/wallet/transactions/${uuid(6)}`,
        respond: () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404),
      },
    ]);
    const { unmount } = renderWithProviders(<TransactionRoute />, {
      route: `/wallet/transactions/${uuid(6)}`,
      path,
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Transaction not found',
      }),
    ).toBeTruthy();
    unmount();
    renderWithProviders(<TransactionRoute />, {
      route: '/wallet/transactions/not-an-id',
      path,
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Transaction not found',
      }),
    ).toBeTruthy();
  });
});
