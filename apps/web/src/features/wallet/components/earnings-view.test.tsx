import type { ProviderEarnings } from '@therapy/contracts/earnings';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { EarningsView } from './earnings-view';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const eur = (over: Partial<ProviderEarnings['currencies'][number]> = {}): ProviderEarnings['currencies'][number] => ({
  currency: 'EUR',
  pending: 8_000,
  available: 0,
  onItsWay: 0,
  paidOut: 0,
  nextPayout: { plan: 'bankTransfer', date: null },
  destination: null,
  ...over,
});
const session = (over: Partial<ProviderEarnings['sessions'][number]> = {}): ProviderEarnings['sessions'][number] => ({
  bookingIdentifier: uuid(700),
  startTime: '2026-12-03T10:00:00.000Z',
  therapy: { code: 'individual', name: 'Individual therapy' },
  clientName: 'Anna K.',
  amount: 8_000,
  currency: 'EUR',
  state: 'pending',
  bookingStatus: 'confirmed',
  ...over,
});
const api = (earnings: ProviderEarnings | 'fails') =>
  mockFetch([
    {
      path: '/api/v1/provider/earnings',
      respond: () =>
        earnings === 'fails'
          ? jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }, 500)
          : jsonResponse({ data: earnings }),
    },
    {
      path: '/api/v1/wallet/payouts',
      respond: () => jsonResponse({ data: [], meta: { page: 1, pageSize: 5, total: 0, totalPages: 0 } }),
    },
  ]);

describe('EarningsView (a provider’s /wallet, issue 46)', () => {
  it('a paid €80 session still to come: €80 pending, its line, when and where the money goes; no top-up', async () => {
    api({ currencies: [eur()], sessions: [session()], payouts: [] });
    renderWithProviders(<EarningsView />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your earnings' })).toBeTruthy();
    expect((await screen.findByTestId('earnings-EUR-pending')).textContent).toBe('€80.00');
    expect(screen.getByTestId('earnings-EUR-available').textContent).toBe('€0.00');
    const euro = screen.getByRole('region', { name: 'Euro (EUR)' });
    expect(within(euro).getByText(/with the platform's next bank transfer/)).toBeTruthy();
    expect(within(euro).getByRole('link', { name: 'Add bank details' }).getAttribute('href')).toBe(
      '/practice/bank-details?currency=EUR',
    );
    const line = screen.getByRole('link', { name: /Individual therapy/ });
    expect(line.getAttribute('href')).toBe(`/appointments/${uuid(700)}`);
    expect(within(line).getByText(/with Anna K\./)).toBeTruthy();
    expect(within(line).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Top Up' })).toBeNull();
    expect(screen.queryByText(/Top up your wallet/)).toBeNull();
  });

  it('names the next weekly payout day and the account, and each session’s state', async () => {
    api({
      currencies: [
        eur({
          currency: 'NGN',
          pending: 0,
          available: 25_000,
          onItsWay: 10_000,
          paidOut: 50_000,
          nextPayout: { plan: 'weekly', date: '2027-03-15T06:00:00.000Z' },
          destination: { bankName: 'Sandbox Bank', accountLast4: '6789' },
        }),
      ],
      sessions: [
        session({ currency: 'NGN', amount: 25_000, state: 'available', bookingStatus: 'completed' }),
        session({
          bookingIdentifier: uuid(701),
          currency: 'NGN',
          amount: 10_000,
          state: 'inPayout',
          bookingStatus: 'cancelled',
        }),
      ],
      payouts: [],
    });
    renderWithProviders(<EarningsView />);
    expect((await screen.findByTestId('next-payout-NGN')).textContent).toMatch(/^Next payout: Monday, March 15, 2027/);
    expect(screen.getByTestId('destination-NGN').textContent).toContain('Goes to Sandbox Bank, account ending 6789.');
    expect(screen.getByTestId('earnings-NGN-paidOut').textContent).toBe('₦500.00');
    expect(screen.getByText('In a payout')).toBeTruthy();
    expect(screen.getByText(/cancelled late, fee kept/)).toBeTruthy();
  });

  it('with nothing yet: zeros in the own currency and a line that says what will show', async () => {
    api({ currencies: [eur({ pending: 0 })], sessions: [], payouts: [] });
    renderWithProviders(<EarningsView />);
    expect(await screen.findByText('No paid sessions yet')).toBeTruthy();
    expect(screen.getByText('No payouts yet')).toBeTruthy();
  });

  it('says when the earnings cannot be loaded and offers to retry', async () => {
    api('fails');
    renderWithProviders(<EarningsView />);
    expect(await screen.findByText('Your earnings could not be loaded.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    api({ currencies: [eur()], sessions: [session()], payouts: [] });
    renderWithProviders(<EarningsView />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deine Einnahmen' })).toBeTruthy();
    expect((await screen.findByTestId('earnings-EUR-pending')).textContent).toMatch(/^80,00\s€$/);
    expect(screen.getByText('Einzeltherapie')).toBeTruthy();
    expect(screen.getByText(/nächsten Banküberweisung der Plattform/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bankdaten hinzufügen' })).toBeTruthy();
  });
});
