import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
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

/** Issue 48: a client with an own USD wallet never used and a EUR wallet used last (a top-up, payments, a refund). */
function api() {
  fetchMock = mockFetch([
    {
      path: '/api/v1/wallet/balances',
      respond: () =>
        jsonResponse({
          data: [
            { balance: 8_000, currency: 'EUR', own: false, lastActivityAt: '2026-11-20T10:00:00.000Z' },
            { balance: 0, currency: 'USD', own: true, lastActivityAt: null },
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

const transactionCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/v1/wallet/transactions')
    .map((u) => u.searchParams.get('currency'));

describe('ClientWallet: every wallet the client holds (issues 46 and 48)', () => {
  it('opens on the wallet used last (EUR, not the unused own USD) with its balance and history; USD is one click away', async () => {
    useAuthStore.getState().setSession('token', { ...sessionUser, userType: 'client', countryCode: 'US' });
    api();
    const { router } = renderWithProviders(<ClientWallet />, { route: '/wallet', path: '/wallet' });
    const wallets = await screen.findByRole('group', { name: 'Your wallets' });
    const buttons = within(wallets).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['EUR€80.00', 'USD$0.00']);
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('€80.00');
    expect(await screen.findByText('Wallet top-up')).toBeTruthy();
    // The own wallet was never asked for: the page waited for the list and asked for the euro wallet by name.
    expect(transactionCalls()).toEqual(['EUR']);

    await userEvent.click(buttons[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?currency=USD'));
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$0.00'));
    expect(transactionCalls().at(-1)).toBe('USD');
    expect(within(wallets).getAllByRole('button')[1]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('?currency= opens that wallet (a link from the overview); a currency not held falls back to the one used last', async () => {
    useAuthStore.getState().setSession('token', { ...sessionUser, userType: 'client', countryCode: 'US' });
    api();
    const first = renderWithProviders(<ClientWallet />, { route: '/wallet?currency=USD', path: '/wallet' });
    const wallets = await screen.findByRole('group', { name: 'Your wallets' });
    expect(within(wallets).getByRole('button', { name: /USD/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    first.unmount();

    api();
    renderWithProviders(<ClientWallet />, { route: '/wallet?currency=GBP', path: '/wallet' });
    const again = await screen.findByRole('group', { name: 'Your wallets' });
    expect(within(again).getByRole('button', { name: /EUR/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Wallet top-up')).toBeTruthy();
    expect(transactionCalls()).toEqual(['EUR']);
  });

  it('in German: the wallets and the held euro history', async () => {
    useAuthStore.getState().setSession('token', { ...sessionUser, userType: 'client', countryCode: 'US' });
    api();
    await i18n.changeLanguage('de');
    try {
      renderWithProviders(<ClientWallet />, { route: '/wallet', path: '/wallet' });
      const wallets = await screen.findByRole('group', { name: 'Deine Guthaben' });
      // German amounts put a no-break space before the sign.
      const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ');
      expect(within(wallets).getAllByRole('button').map(text)).toEqual(['EUR80,00 €', 'USD0,00 $']);
      expect(text(await screen.findByTestId('wallet-balance'))).toBe('80,00 €');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
