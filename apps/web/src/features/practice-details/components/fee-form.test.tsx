import { screen, waitFor } from '@testing-library/react';
import type { ProviderBookingFees } from '@therapy/contracts/practice-details';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { FeeForm } from './fee-form';

function routes() {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
  const answer = (path: string) => (init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body)) as { fee: number; isFree: boolean };
    sent.push({ path, body });
    const data: ProviderBookingFees = {
      currencyCode: 'EUR',
      general: { fee: body.fee, isFree: body.isFree, currencyCode: 'EUR' },
      therapies: [],
    };
    return jsonResponse({ data, message: 'Fee Successfully Saved' });
  };
  mockFetch([
    { method: 'POST', path: '/api/v1/provider/booking-fee/general', respond: answer('general') },
    { method: 'POST', path: '/api/v1/provider/booking-fee/therapy', respond: answer('therapy') },
  ]);
  return sent;
}

describe('FeeForm (spec §5 "Fee")', () => {
  it('refuses letters and other non-digits with the rule, and sends nothing', async () => {
    const sent = routes();
    const { user } = renderWithProviders(<FeeForm currencyCode="EUR" saved={null} />);
    for (const typed of ['60a', '-5', '60.50', '6 0']) {
      await user.clear(screen.getByLabelText('Fee'));
      await user.type(screen.getByLabelText('Fee'), typed);
      await user.click(screen.getByRole('button', { name: 'Save fee' }));
      expect(await screen.findByText('The fee must contain digits only')).toBeTruthy();
    }
    await user.clear(screen.getByLabelText('Fee'));
    await user.type(screen.getByLabelText('Fee'), '10000001');
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    expect(await screen.findByText('The fee is at most 10,000,000')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the typed amount times 100 with the currency symbol shown', async () => {
    const sent = routes();
    const { user } = renderWithProviders(<FeeForm currencyCode="EUR" saved={null} />);
    expect(screen.getByText('€')).toBeTruthy();
    expect(screen.getByText('Not set yet')).toBeTruthy();
    await user.type(screen.getByLabelText('Fee'), '60');
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    await waitFor(() => expect(sent).toEqual([{ path: 'general', body: { fee: 6000, isFree: false } }]));
  });

  it('"Mark as free" shows 0, locks the field and sends isFree', async () => {
    const sent = routes();
    const { user } = renderWithProviders(
      <FeeForm currencyCode="EUR" saved={{ fee: 6000, isFree: false, currencyCode: 'EUR' }} />,
    );
    const fee = screen.getByLabelText<HTMLInputElement>('Fee');
    expect(fee.value).toBe('60');
    await user.click(screen.getByRole('checkbox', { name: 'Mark as free' }));
    expect(fee.value).toBe('0');
    expect(fee.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    await waitFor(() => expect(sent).toEqual([{ path: 'general', body: { fee: 0, isFree: true } }]));
  });

  it("a therapy's form posts its category", async () => {
    const sent = routes();
    const { user } = renderWithProviders(
      <FeeForm currencyCode="EUR" saved={null} therapy={{ identifier: uuid(3), name: 'Couples therapy' }} />,
    );
    expect(screen.getByText('Uses the default fee')).toBeTruthy();
    await user.type(screen.getByLabelText('Fee for Couples therapy'), '80');
    await user.click(screen.getByRole('button', { name: 'Save fee for Couples therapy' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: 'therapy', body: { therapyCategoryIdentifier: uuid(3), fee: 8000, isFree: false } },
      ]),
    );
  });
});
