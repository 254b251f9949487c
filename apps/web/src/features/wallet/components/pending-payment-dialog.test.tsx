import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingPaymentDialog } from './pending-payment-dialog';

const frame = () => screen.getByTestId('pending-illustration').getAttribute('data-frame');

describe('PendingPaymentDialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('cycles four illustrations every 350 ms', () => {
    render(<PendingPaymentDialog open onOpenChange={() => undefined} refreshHref="/wallet?payment=x" />);
    expect(screen.getByRole('dialog', { name: 'Confirming your payment' })).toBeTruthy();
    const seen = [frame()];
    for (let i = 0; i < 4; i++) {
      act(() => vi.advanceTimersByTime(349));
      expect(frame()).toBe(seen[seen.length - 1]);
      act(() => vi.advanceTimersByTime(1));
      seen.push(frame());
    }
    expect(seen).toEqual(['card', 'transfer', 'bank', 'wallet', 'card']);
  });

  it('says "This is taking longer than expected." with a refresh link after 15 s, not before', () => {
    render(<PendingPaymentDialog open onOpenChange={() => undefined} refreshHref="/wallet?payment=x" />);
    act(() => vi.advanceTimersByTime(14_999));
    expect(screen.queryByText(/This is taking longer than expected\./)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Refresh' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(/This is taking longer than expected\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refresh' }).getAttribute('href')).toBe('/wallet?payment=x');
  });

  it('stops its timers when closed', () => {
    const clearInterval = vi.spyOn(window, 'clearInterval');
    const clearTimeout = vi.spyOn(window, 'clearTimeout');
    const { rerender } = render(<PendingPaymentDialog open onOpenChange={() => undefined} refreshHref="/wallet" />);
    rerender(<PendingPaymentDialog open={false} onOpenChange={() => undefined} refreshHref="/wallet" />);
    expect(clearInterval).toHaveBeenCalled();
    expect(clearTimeout).toHaveBeenCalled();
    expect(screen.queryByTestId('pending-illustration')).toBeNull();
  });
});
