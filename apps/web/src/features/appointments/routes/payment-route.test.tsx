import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useModalStore } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { bookingDetails, bookingId, user } from '../test/booking-fixture';
import { PaymentRoute } from './payment-route';

vi.mock('@/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() } }));

afterEach(() => {
  useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
  useModalStore.getState().reset();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const pending = (holdExpiresAt = inMinutes(25)) =>
  bookingDetails({ status: 'pending', previousStatus: null, holdExpiresAt });
const { statusHistory: _h, history: _l, cancellation: _c, ...paid } = bookingDetails();

function api(
  details: ReturnType<typeof bookingDetails>,
  balance: number,
  pay?: (init: RequestInit | undefined) => Response,
) {
  useAuthStore.getState().setSession('token', user('client'));
  return mockFetch([
    { path: `/api/v1/booking/${bookingId}/details`, respond: () => jsonResponse({ data: details }) },
    { path: '/api/v1/wallet/balance', respond: () => jsonResponse({ data: { balance, currency: 'EUR' } }) },
    {
      method: 'POST',
      path: `/api/v1/booking/${bookingId}/pay`,
      respond: (init) => (pay ? pay(init) : jsonResponse({ data: paid })),
    },
  ]);
}
const render = () =>
  renderWithProviders(<PaymentRoute />, { route: `/payment/${bookingId}`, path: '/payment/:bookingId' });

describe('PaymentRoute', () => {
  it("shows the summary, the price, the hold countdown and the balance of the booking's currency; Pay debits once with an Idempotency-Key", async () => {
    const fetchMock = api(pending(), 20000);
    const { user: u } = render();
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByText('Dana Fischer')).toBeTruthy();
    expect(screen.getByTestId('payment-price').textContent).toBe('€90.00');
    expect(screen.getByText(/Your time slot is held for/)).toBeTruthy();
    expect(screen.getByText(/^2[45]:\d\d$/)).toBeTruthy();
    expect((await screen.findByTestId('payment-balance')).textContent).toBe('Balance: €200.00');
    const balanceUrl = new URL(
      String(fetchMock.mock.calls.find(([i]) => String(i).includes('/wallet/balance'))![0]),
      'http://localhost',
    );
    expect(balanceUrl.searchParams.get('currency')).toBe('EUR');
    await u.click(screen.getByRole('button', { name: 'Pay €90.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeTruthy();
    expect(screen.getByText('Payment successful! Your session is confirmed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View booking' }).getAttribute('href')).toBe(`/appointments/${bookingId}`);
    const payCall = fetchMock.mock.calls.find(([i, init]) => String(i).endsWith('/pay') && init?.method === 'POST')!;
    expect(new Headers(payCall[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("when the wallet is short, offers the top-up first in the booking's currency for what is missing", async () => {
    api(pending(), 2500);
    const { user: u } = render();
    expect(await screen.findByText('Your balance is €65.00 short. Top up your wallet first, then pay.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Top up €65.00' }));
    expect(useModalStore.getState().modals[0]).toMatchObject({
      id: 'wallet-topup',
      props: { currencyCode: 'EUR', amountMinor: 6500 },
    });
  });

  it("a refused payment shows the server's message, and the next attempt gets a new Idempotency-Key", async () => {
    let calls = 0;
    const fetchMock = api(pending(), 20000, () => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS', requestId: 'r' }, 409)
        : jsonResponse({ data: paid });
    });
    const { user: u } = render();
    await u.click(await screen.findByRole('button', { name: 'Pay €90.00' }));
    expect(await screen.findByText('Insufficient funds')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Pay €90.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeTruthy();
    const keys = fetchMock.mock.calls
      .filter(([i]) => String(i).endsWith('/pay'))
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('when the hold runs out on the page, shows the expired state', async () => {
    api(pending(new Date(Date.now() + 1200).toISOString()), 20000);
    render();
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Booking expired' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('This booking expired because it was not paid within 30 minutes')).toBeTruthy();
  });

  it('an expired booking shows the expired state with Book again', async () => {
    api(bookingDetails({ status: 'expired', previousStatus: 'pending' }), 20000);
    render();
    expect(await screen.findByRole('heading', { name: 'Booking expired' })).toBeTruthy();
    // To the therapist, with the booking's therapy and session type chosen (issue 48).
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe(
      `/therapists/${paid.provider.identifier}?therapy=${paid.therapyCategory.identifier}&modality=${paid.modality.identifier}`,
    );
  });

  it('an already paid booking says so and links to it', async () => {
    api(bookingDetails(), 20000);
    render();
    expect(await screen.findByRole('heading', { name: 'Already paid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it("an unknown or another user's booking (404) shows not found", async () => {
    useAuthStore.getState().setSession('token', user('client'));
    mockFetch([
      {
        path: `/api/v1/booking/${bookingId}/details`,
        respond: () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404),
      },
    ]);
    render();
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
  });

  it('a balance that cannot be loaded shows an error with a retry and no Pay', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    mockFetch([
      { path: `/api/v1/booking/${bookingId}/details`, respond: () => jsonResponse({ data: pending() }) },
      {
        path: '/api/v1/wallet/balance',
        respond: () => jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    render();
    expect(await screen.findByText('Your balance could not be loaded.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Pay €90.00' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });
});

describe('PaymentRoute back from a card top-up', () => {
  it('watches the top-up until it is credited, then reads the wallet again and Pay is offered', async () => {
    let credited = false;
    let asked = 0;
    useAuthStore.getState().setSession('token', user('client'));
    const paymentId = uuid(930);
    mockFetch([
      { path: `/api/v1/booking/${bookingId}/details`, respond: () => jsonResponse({ data: pending() }) },
      {
        path: '/api/v1/wallet/balance',
        respond: () => jsonResponse({ data: { balance: credited ? 20_000 : 0, currency: 'EUR' } }),
      },
      {
        path: `/api/v1/payment/status/${paymentId}`,
        respond: () => {
          asked += 1;
          credited = true;
          return jsonResponse({
            data: { identifier: paymentId, status: 'success', amount: 9000, currencyCode: 'EUR' },
          });
        },
      },
    ]);
    const { router } = renderWithProviders(<PaymentRoute />, {
      route: `/payment/${bookingId}?payment=${paymentId}&reference=tp-1`,
      path: '/payment/:bookingId',
    });
    expect(await screen.findByRole('button', { name: /^Pay / })).toBeTruthy();
    expect(asked).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(notify.success).toHaveBeenCalledWith('Payment successful!');
  });

  it('opens the top-up with the way back to this page', async () => {
    api(pending(), 0);
    const { user: u } = render();
    await u.click(await screen.findByRole('button', { name: /^Top up / }));
    expect(useModalStore.getState().modals[0]).toMatchObject({
      id: 'wallet-topup',
      props: { currencyCode: 'EUR', returnTo: `/payment/${bookingId}` },
    });
  });
});

describe('PaymentRoute for a provider', () => {
  it("goes to the booking's own page: the client pays, the provider reads", async () => {
    useAuthStore.getState().setSession('token', user('provider'));
    const fetchMock = mockFetch([]);
    const { router } = render();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${bookingId}`));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
