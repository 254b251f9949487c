import type { UserInfo } from '@therapy/contracts/auth';
import type { BankDetailsState } from '@therapy/contracts/bank-details';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { BankDetailsRoute } from './bank-details-route';

const user = (userType: 'client' | 'provider'): UserInfo => ({
  identifier: '01890a5d-ac96-774b-bcce-b302099a8001',
  email: 'robin@example.com',
  userType,
  firstName: 'Robin',
  lastName: 'Provider',
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: 'GB',
  locale: 'en',
  timezone: 'Europe/London',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const savedState: BankDetailsState = {
  countryCode: 'GB',
  currency: 'GBP',
  form: 'gb',
  gatewayCheck: false,
  details: {
    form: 'gb',
    accountName: 'Robin Provider',
    bankCode: '204514',
    bankName: 'Barclays Bank',
    accountNumberLast4: '4567',
    address: '10 Downing Street',
    postalCode: 'SW1A 2AA',
    accountType: 'checking',
    accountOwnership: 'personal',
    dateOfBirth: '1980-04-12',
    verifiedAccountName: null,
    currency: 'GBP',
    payoutRoute: 'bank-file',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
};

const render = (route = '/practice/bank-details') =>
  renderWithProviders(<BankDetailsRoute />, { path: '/practice/bank-details', route });

describe('BankDetailsRoute', () => {
  afterEach(() => useAuthStore.setState({ user: null }));

  it('a client is told the page is for providers, and no bank-details call is made', async () => {
    const fetchMock = mockFetch([]);
    useAuthStore.getState().setSession('token', user('client'));
    render();
    expect(await screen.findByRole('heading', { name: 'For providers only' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows saved details with only the last four digits; the change form opens on request without the number', async () => {
    mockFetch([{ path: '/api/v1/provider/bank-details', respond: () => jsonResponse({ data: savedState }) }]);
    useAuthStore.getState().setSession('token', user('provider'));
    const { user: u } = render();
    expect(await screen.findByTestId('masked-account-number')).toHaveProperty('textContent', '•••• 4567');
    expect(screen.getByRole('link', { name: 'Back to practice' }).getAttribute('href')).toBe('/practice');
    expect(screen.queryByRole('form')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Change bank details' }));
    expect((screen.getByLabelText(/^Account number/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Sort code/) as HTMLInputElement).value).toBe('204514');
    expect(screen.getByText('Saved: •••• 4567. Enter the full number to save changes.')).toBeTruthy();
  });

  it('a SEPA provider sees the saved IBAN as its last four and the BIC; the change form asks for IBAN and BIC', async () => {
    const sepaState: BankDetailsState = {
      countryCode: 'DE',
      currency: 'EUR',
      form: 'sepa',
      gatewayCheck: false,
      details: {
        ...savedState.details!,
        form: 'sepa',
        accountName: 'Lena Hoffmann',
        bankCode: 'COBADEFFXXX',
        bankName: null,
        accountNumberLast4: '3000',
        address: null,
        postalCode: null,
        accountType: null,
        accountOwnership: null,
        dateOfBirth: null,
        currency: 'EUR',
      },
    };
    mockFetch([{ path: '/api/v1/provider/bank-details', respond: () => jsonResponse({ data: sepaState }) }]);
    useAuthStore.getState().setSession('token', user('provider'));
    const { user: u } = render();
    const masked = await screen.findByTestId('masked-account-number');
    expect(masked.textContent).toBe('•••• 3000');
    expect(masked.previousElementSibling?.textContent).toBe('IBAN');
    expect(screen.getByText('COBADEFFXXX').previousElementSibling?.textContent).toBe('BIC');
    expect(screen.getByText('Payouts go to this account by bank transfer.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Change bank details' }));
    expect((screen.getByLabelText(/^IBAN/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^BIC/) as HTMLInputElement).value).toBe('COBADEFFXXX');
    expect(screen.getByText('Saved: •••• 3000. Enter the full IBAN to save changes.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Sort code|^Routing number/)).toBeNull();
  });

  it('money out with ?currency= (issue 48): the page names those payouts, and says so when the account is in another currency', async () => {
    mockFetch([{ path: '/api/v1/provider/bank-details', respond: () => jsonResponse({ data: savedState }) }]);
    useAuthStore.getState().setSession('token', user('provider'));
    const first = render('/practice/bank-details?currency=EUR');
    const euro = await screen.findByRole('region', { name: 'Payouts in Euro (EUR)' });
    expect(euro.textContent).toContain(
      "Your bank details are for payouts in GBP, your country's currency, so the form below is for GBP. Earnings in EUR cannot be paid to this account",
    );
    expect(await screen.findByTestId('masked-account-number')).toBeTruthy();
    first.unmount();

    render('/practice/bank-details?currency=GBP');
    const pound = await screen.findByRole('region', { name: 'Payouts in British Pound (GBP)' });
    expect(pound.textContent).toContain('The account below is where your earnings in GBP are paid.');
  });

  it('without ?currency= (or with one the platform does not know) no payout currency is named', async () => {
    mockFetch([{ path: '/api/v1/provider/bank-details', respond: () => jsonResponse({ data: savedState }) }]);
    useAuthStore.getState().setSession('token', user('provider'));
    render('/practice/bank-details?currency=XYZ');
    expect(await screen.findByTestId('masked-account-number')).toBeTruthy();
    expect(screen.queryByTestId('payout-currency')).toBeNull();
  });

  it('says when the details cannot be loaded and offers a retry', async () => {
    mockFetch([
      {
        path: '/api/v1/provider/bank-details',
        respond: () => jsonResponse({ message: 'Internal error', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    useAuthStore.getState().setSession('token', user('provider'));
    render();
    expect(await screen.findByText('Your bank details could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
