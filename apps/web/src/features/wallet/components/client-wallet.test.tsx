import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { ClientWallet } from './client-wallet';

afterEach(() => useAuthStore.getState().setAnonymous());

const stats = (currency: string, moneyIn: number) =>
  jsonResponse({ data: { currency, moneyIn, moneyOut: 0, thisMonthIn: moneyIn, thisMonthOut: 0 } });

/**
 * The currency the request being answered asks for: the mock answers inside the fetch call, before anything else is
 * called, so it is the last call recorded.
 */
let fetchMock: ReturnType<typeof mockFetch>;
const askedCurrency = () =>
  new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('currency');

/** Issue 46: a client with an own USD wallet at 0 and a EUR wallet (a top-up, payments and a refund). */
function api() {
  fetchMock = mockFetch([
    {
      path: '/api/v1/wallet/balances',
      respond: () =>
        jsonResponse({
          data: [
            { balance: 0, currency: 'USD' },
            { balance: 8_000, currency: 'EUR' },
          ],
        }),
    },
    {
      path: '/api/v1/wallet/balance',
      respond: () => {
        const currency = askedCurrency();
        return jsonResponse({
          data: currency === 'EUR' ? { balance: 8_000, currency } : { balance: 0, currency: 'USD' },
        });
      },
    },
    {
      path: '/api/v1/wallet/stats',
      respond: () => (askedCurrency() === 'EUR' ? stats('EUR', 8_000) : stats('USD', 0)),
    },
    {
      path: '/api/v1/wallet/transactions',
      respond: () => {
        const eur = askedCurrency() === 'EUR';
        const row = {
          identifier: '01890a5d-ac96-774b-bcce-b302099a8000',
          type: 'topup',
          amount: 8_000,
          currencyCode: 'EUR',
          description: 'Wallet top-up',
          reference: 'tp-1',
          createdAt: '2026-11-20T10:00:00.000Z',
        };
        return jsonResponse({
          data: eur ? [row] : [],
          meta: { page: 1, pageSize: 10, total: eur ? 1 : 0, totalPages: eur ? 1 : 0 },
        });
      },
    },
  ]);
  return fetchMock;
}

describe('ClientWallet: every wallet the client holds (issue 46)', () => {
  it('lists each currency, the own first; choosing EUR shows its balance and its own history', async () => {
    useAuthStore.getState().setSession('token', { ...sessionUser, userType: 'client', countryCode: 'US' });
    api();
    const { router } = renderWithProviders(<ClientWallet />, { route: '/wallet', path: '/wallet' });
    const wallets = await screen.findByRole('group', { name: 'Your wallets' });
    const buttons = within(wallets).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['USD$0.00', 'EUR€80.00']);
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();

    await userEvent.click(buttons[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?currency=EUR'));
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('€80.00');
    expect(await screen.findByText('Wallet top-up')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([input]) => String(input).includes('/api/v1/wallet/transactions?') && String(input).includes('currency=EUR'),
      ),
    ).toBe(true);
    expect(within(wallets).getAllByRole('button')[1]!.getAttribute('aria-pressed')).toBe('true');
  });
});
