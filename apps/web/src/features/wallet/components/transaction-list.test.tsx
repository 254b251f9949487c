import type { WalletTransaction } from '@therapy/contracts/wallet';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { TransactionList } from './transaction-list';

const tx = (n: number, patch: Partial<WalletTransaction> = {}): WalletTransaction => ({
  identifier: uuid(n),
  type: 'topup',
  amount: 100000,
  currencyCode: 'NGN',
  description: 'Wallet top-up',
  reference: `ref-${n}`,
  createdAt: '2026-03-02T10:00:00Z',
  ...patch,
});

function listApi(totalPages = 2) {
  const seen: URLSearchParams[] = [];
  const fetchMock = mockFetch([
    {
      path: '/api/v1/wallet/transactions',
      respond: () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
        seen.push(url.searchParams);
        const page = Number(url.searchParams.get('page'));
        return jsonResponse({
          data: [
            tx(page * 10 + 1),
            tx(page * 10 + 2, {
              type: 'booking_payment',
              amount: -50000,
              description: 'Session with Dr Lee',
            }),
          ],
          meta: { page, pageSize: 10, total: 12, totalPages },
        });
      },
    },
  ]);
  return { fetchMock, seen };
}

describe('TransactionList', () => {
  it('lists transactions with signed amounts, each linking to its page, with page controls', async () => {
    const { seen } = listApi();
    const { user } = renderWithProviders(<TransactionList />, {
      route: '/wallet',
      path: '/wallet',
    });
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const links = list.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute('href')).toBe(`/wallet/transactions/${uuid(11)}`);
    expect(links[0]!.textContent).toContain('+₦1,000.00');
    expect(links[1]!.textContent).toContain('-₦500.00');
    expect(links[1]!.textContent).toContain('Booking payment');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(seen.at(-1)?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows a long description whole, wrapping instead of cutting it (card and transfer top-ups must differ in German)', async () => {
    listApi();
    renderWithProviders(<TransactionList />, { route: '/wallet', path: '/wallet' });
    const line = await screen.findAllByText('Wallet top-up');
    // jsdom has no layout: the description's own element must not clip its text.
    for (const element of line) expect(element.className).not.toMatch(/\btruncate\b|\bline-clamp/);
  });

  it('sends the date range and type filters and starts again at page 1', async () => {
    const { seen } = listApi();
    const { user, router } = renderWithProviders(<TransactionList />, {
      route: '/wallet?page=2',
      path: '/wallet',
    });
    await screen.findByText('Page 2 of 2');
    await user.selectOptions(screen.getByLabelText('Type'), 'refund');
    await screen.findByText('Page 1 of 2');
    expect(seen.at(-1)?.get('transactionType')).toBe('refund');
    expect(seen.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?type=refund');
  });

  it('refuses an end date before the start date without asking the server', async () => {
    const { fetchMock } = listApi();
    renderWithProviders(<TransactionList />, {
      route: '/wallet?from=2026-03-10&to=2026-03-01',
      path: '/wallet',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The end date must not be before the start date');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when there are no transactions yet', async () => {
    mockFetch([
      {
        path: '/api/v1/wallet/transactions',
        respond: () =>
          jsonResponse({
            data: [],
            meta: { page: 1, pageSize: 10, total: 0, totalPages: 0 },
          }),
      },
    ]);
    renderWithProviders(<TransactionList />, {
      route: '/wallet',
      path: '/wallet',
    });
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeTruthy();
  });
});
