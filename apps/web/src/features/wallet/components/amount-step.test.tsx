import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { AmountStep } from './amount-step';

function renderStep(currency: string, onProceed = vi.fn()) {
  mockFetch([
    {
      path: '/api/v1/wallet/balance',
      respond: () => jsonResponse({ data: { balance: 123456, currency } }),
    },
  ]);
  const view = renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <AmountStep initialText="" onProceed={onProceed} />
    </Dialog>,
  );
  return { ...view, onProceed };
}

describe('AmountStep', () => {
  it('shows the current balance and the currency symbol in front of the amount', async () => {
    renderStep('NGN');
    expect(await screen.findByText('₦1,234.56')).toBeTruthy();
    expect(screen.getByText('Current Balance')).toBeTruthy();
    expect(screen.getByTestId('currency-prefix').textContent).toBe('₦');
    expect(screen.getByLabelText('Amount (NGN)')).toBeTruthy();
  });

  it('keeps digits only and groups thousands with commas as the user types', async () => {
    const { user } = renderStep('NGN');
    const input = await screen.findByLabelText('Amount (NGN)');
    await user.type(input, '12a34b567');
    expect((input as HTMLInputElement).value).toBe('1,234,567');
    await user.type(input, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect((input as HTMLInputElement).value).toBe('123');
  });

  it('refuses less than the NGN minimum with the exact message', async () => {
    const { user, onProceed } = renderStep('NGN');
    await user.type(await screen.findByLabelText('Amount (NGN)'), '499');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum topup amount is 500 ₦');
    expect(screen.getByLabelText('Amount (NGN)').getAttribute('aria-invalid')).toBe('true');
    expect(onProceed).not.toHaveBeenCalled();
  });

  it('uses the minimum of the wallet currency (5 for USD and GBP)', async () => {
    const { user, onProceed } = renderStep('USD');
    const input = await screen.findByLabelText('Amount (USD)');
    await user.type(input, '4');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum topup amount is 5 $');
    // Fixing the amount clears the message as the user types.
    await user.type(input, '9');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(onProceed).toHaveBeenCalledWith({
      text: '49',
      minor: 4900,
      currency: 'USD',
    });
  });

  it('asks for an amount when the field is empty', async () => {
    const { user, onProceed } = renderStep('GBP');
    await screen.findByLabelText('Amount (GBP)');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the amount in digits');
    expect(onProceed).not.toHaveBeenCalled();
  });

  it('sends the typed amount times 100', async () => {
    const { user, onProceed } = renderStep('NGN');
    await user.type(await screen.findByLabelText('Amount (NGN)'), '2500');
    expect((screen.getByLabelText('Amount (NGN)') as HTMLInputElement).value).toBe('2,500');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(onProceed).toHaveBeenCalledWith({
      text: '2,500',
      minor: 250000,
      currency: 'NGN',
    });
  });

  it('shows "Failed to load" when the balance cannot be read, and no amount form', async () => {
    mockFetch([
      {
        path: '/api/v1/wallet/balance',
        respond: () => jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    renderWithProviders(
      <Dialog open onOpenChange={() => undefined}>
        <AmountStep initialText="" onProceed={vi.fn()} />
      </Dialog>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed' })).toHaveProperty('disabled', true);
  });

  it('shows the minimum message in German', async () => {
    await i18n.changeLanguage('de');
    try {
      const { user } = renderStep('NGN');
      await user.type(await screen.findByLabelText('Betrag (NGN)'), '499');
      await user.click(screen.getByRole('button', { name: 'Weiter' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Der Mindestbetrag für eine Aufladung ist 500 ₦');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
