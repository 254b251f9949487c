import type { PaymentStatus } from '@therapy/contracts/wallet';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { WalletRoute } from './wallet-route';

vi.mock('@/lib/toast', () => ({
  notify: {
    success: vi.fn(),
    error: vi.fn(),
    loading: vi.fn(),
    dismiss: vi.fn(),
  },
}));

const paymentId = uuid(42);

function walletApi(statuses: PaymentStatus[]) {
  const answers = [...statuses];
  return mockFetch([
    {
      path: '/api/v1/wallet/balance',
      respond: () => jsonResponse({ data: { balance: 100000, currency: 'NGN' } }),
    },
    {
      path: '/api/v1/wallet/stats',
      respond: () =>
        jsonResponse({
          data: {
            currency: 'NGN',
            moneyIn: 100000,
            moneyOut: 0,
            thisMonthIn: 100000,
            thisMonthOut: 0,
          },
        }),
    },
    {
      path: '/api/v1/wallet/transactions',
      respond: () =>
        jsonResponse({
          data: [],
          meta: { page: 1, pageSize: 10, total: 0, totalPages: 0 },
        }),
    },
    {
      path: `/api/v1/payment/status/${paymentId}`,
      respond: () =>
        jsonResponse({
          data: {
            identifier: paymentId,
            status: answers.length > 1 ? answers.shift() : answers[0],
            amount: 100000,
            currencyCode: 'NGN',
          },
        }),
    },
  ]);
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith(`/api/v1${path}`)).length;

/** Lets the fetch promises and React settle without moving the clock much. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(10));

describe('WalletRoute back from the checkout (?payment=)', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    }),
  );
  afterEach(() => vi.useRealTimers());

  it('polls every 5 s while pending, then toasts "Payment successful!", refreshes the wallet and drops the parameter', async () => {
    const fetchMock = walletApi(['pending', 'pending', 'success']);
    const { router } = renderWithProviders(<WalletRoute />, {
      route: `/wallet?payment=${paymentId}&reference=ref-1`,
      path: '/wallet',
    });
    await flush();
    expect(screen.getByRole('dialog', { name: 'Confirming your payment' })).toBeTruthy();
    expect(calls(fetchMock, '/payment/status')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(calls(fetchMock, '/payment/status')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls(fetchMock, '/payment/status')).toBe(2);
    expect(notify.success).not.toHaveBeenCalled();
    const balanceCalls = calls(fetchMock, '/wallet/balance');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await flush();
    expect(calls(fetchMock, '/payment/status')).toBe(3);
    expect(notify.success).toHaveBeenCalledWith('Payment successful!');
    expect(notify.error).not.toHaveBeenCalled();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(fetchMock, '/wallet/balance')).toBeGreaterThan(balanceCalls);

    // Polling has stopped.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(calls(fetchMock, '/payment/status')).toBe(3);
  });

  it.each<PaymentStatus>(['failed', 'abandoned'])(
    'a "%s" payment toasts "Payment failed. Please try again." and leaves the pending state',
    async (status) => {
      const fetchMock = walletApi(['pending', status]);
      const { router } = renderWithProviders(<WalletRoute />, {
        route: `/wallet?payment=${paymentId}&reference=ref-1&page=2`,
        path: '/wallet',
      });
      await flush();
      expect(screen.getByRole('dialog')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await flush();
      expect(notify.error).toHaveBeenCalledWith('Payment failed. Please try again.');
      expect(notify.success).not.toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).toBeNull();
      // Only the payment parameters go; the list's own parameters stay.
      expect(router.state.location.search).toBe('?page=2');
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      expect(calls(fetchMock, '/payment/status')).toBe(2);
    },
  );

  it('keeps checking in the background when the pop-up is closed', async () => {
    walletApi(['pending']);
    renderWithProviders(<WalletRoute />, {
      route: `/wallet?payment=${paymentId}`,
      path: '/wallet',
    });
    await flush();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/We are still confirming your payment/)).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Show progress' }).click());
    await flush();
    expect(screen.getByRole('dialog', { name: 'Confirming your payment' })).toBeTruthy();
  });
});
