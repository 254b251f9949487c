import { screen, within } from '@testing-library/react';
import type { BankDetailsState } from '@therapy/contracts/bank-details';
import { en } from '@therapy/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { BankDetailsForm } from './bank-details-form';

const state = (form: BankDetailsState['form'], extra: Partial<BankDetailsState> = {}): BankDetailsState => ({
  countryCode: form === 'gb' ? 'GB' : form === 'addressed' ? 'US' : 'DE',
  currency: form === 'gb' ? 'GBP' : form === 'addressed' ? 'USD' : 'EUR',
  form,
  gatewayCheck: false,
  details: null,
  ...extra,
});

const saved = (s: BankDetailsState, body: Record<string, unknown>): BankDetailsState => ({
  ...s,
  details: {
    form: s.form,
    accountName: String(body.accountName),
    bankCode: String(body.bankCode),
    bankName: String(body.bankName),
    accountNumberLast4: String(body.accountNumber).slice(-4),
    address: (body.address as string | null) ?? null,
    postalCode: (body.postalCode as string | null) ?? null,
    accountType: (body.accountType as 'checking' | 'savings' | null) ?? null,
    accountOwnership: (body.accountOwnership as 'business' | 'personal' | null) ?? null,
    dateOfBirth: (body.dateOfBirth as string | null) ?? null,
    verifiedAccountName: null,
    currency: s.currency,
    payoutRoute: 'none',
    updatedAt: new Date().toISOString(),
  },
});

/** A PUT that answers the saved state; the bodies it got are kept. */
function putRoute(s: BankDetailsState, bodies: Record<string, unknown>[]) {
  return {
    method: 'PUT',
    path: '/api/v1/provider/bank-details',
    respond: (init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      return jsonResponse({ data: saved(s, body), message: en.bankDetailsSaved });
    },
  };
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save bank details' });

describe('BankDetailsForm, GB (spec §5: address 5-100, postal code 3-10, type, ownership and date of birth required)', () => {
  it('shows every rule with its message and sends nothing', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch([putRoute(state('gb'), bodies)]);
    const { user } = renderWithProviders(<BankDetailsForm state={state('gb')} bankCodeLabel="Sort code" />);
    await user.click(save());
    for (const text of [
      en.bankAccountNamePattern,
      en.bankSortCodeGb,
      en.bankNameMin,
      en.bankAccountNumberGb,
      en.bankAddressLength,
      en.bankPostalCodeLength,
      en.bankAccountTypeRequired,
      en.bankAccountOwnershipRequired,
      en.bankDateOfBirthRequired,
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(bodies).toHaveLength(0);
  });

  it('refuses a name with digits, a 4-character address, an 11-character postal code, a 5-digit sort code and a 9-digit account number', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch([putRoute(state('gb'), bodies)]);
    const { user } = renderWithProviders(<BankDetailsForm state={state('gb')} bankCodeLabel="Sort code" />);
    await user.type(field(/Account holder name/), 'Jane 007');
    await user.type(field(/^Sort code/), '20-45-1');
    await user.type(field(/^Account number/), '123456789');
    await user.type(field(/^Address/), 'Flat');
    await user.type(field(/^Postal code/), 'SW1A 2AA 12');
    await user.click(save());
    expect(await screen.findByText(en.bankAccountNamePattern)).toBeTruthy();
    expect(screen.getByText(en.bankSortCodeGb)).toBeTruthy();
    expect(screen.getByText(en.bankAccountNumberGb)).toBeTruthy();
    expect(screen.getByText('6 digits, with or without dashes (20-45-14).')).toBeTruthy();
    expect(screen.getByText(en.bankAddressLength)).toBeTruthy();
    expect(screen.getByText(en.bankPostalCodeLength)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('sends valid GB details with the form name', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch([putRoute(state('gb'), bodies)]);
    const { user } = renderWithProviders(<BankDetailsForm state={state('gb')} bankCodeLabel="Sort code" />);
    await user.type(field(/Account holder name/), "Jane O'Neil-Smith, Jr.");
    await user.type(field(/^Bank name/), 'Barclays');
    await user.type(field(/^Sort code/), '20-45-14');
    await user.type(field(/^Account number/), '41234567');
    await user.selectOptions(field(/^Account type/), 'checking');
    await user.selectOptions(field(/^Account ownership/), 'personal');
    await user.type(field(/^Address/), '10 Downing Street');
    await user.type(field(/^Postal code/), 'SW1A 2AA');
    await user.type(field(/^Date of birth/), '1980-04-12');
    await user.click(save());
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies).toEqual([
      {
        form: 'gb',
        accountName: "Jane O'Neil-Smith, Jr.",
        bankName: 'Barclays',
        bankCode: '204514',
        accountNumber: '41234567',
        accountType: 'checking',
        accountOwnership: 'personal',
        address: '10 Downing Street',
        postalCode: 'SW1A 2AA',
        dateOfBirth: '1980-04-12',
      },
    ]);
  });
});

describe('BankDetailsForm, first form outside GB', () => {
  it('leaves type, ownership, address, postal code and date of birth optional (sent as null)', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch([putRoute(state('standard'), bodies)]);
    const { user } = renderWithProviders(<BankDetailsForm state={state('standard')} bankCodeLabel="Bank code" />);
    expect(screen.getByText('Account type').parentElement?.textContent).toContain('optional');
    await user.type(field(/Account holder name/), 'Lena Hoffmann');
    await user.type(field(/^Bank name/), 'Postbank');
    await user.type(field(/^Bank code/), '10010010');
    await user.type(field(/^Account number/), '9876543210');
    await user.click(save());
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      form: 'standard',
      accountType: null,
      accountOwnership: null,
      address: null,
      postalCode: null,
      dateOfBirth: null,
    });
  });

  it('refuses 2 and 33 digits, letters in the account number and a bank name of 2', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(<BankDetailsForm state={state('standard')} bankCodeLabel="Bank code" />);
    await user.type(field(/^Bank code/), '12');
    await user.type(field(/^Account number/), '12345A');
    await user.type(field(/^Bank name/), 'AB');
    await user.click(save());
    expect(await screen.findByText(en.bankSortCodePattern)).toBeTruthy();
    expect(screen.getByText(en.bankAccountNumberPattern)).toBeTruthy();
    expect(screen.getByText(en.bankNameMin)).toBeTruthy();
    await user.clear(field(/^Bank code/));
    await user.type(field(/^Bank code/), '1'.repeat(33));
    expect(await screen.findByText(en.bankSortCodePattern)).toBeTruthy();
  });
});

describe('BankDetailsForm, the second form (US)', () => {
  it('allows only letters, spaces and hyphens in the name and requires type, ownership, postal code and address', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(<BankDetailsForm state={state('addressed')} bankCodeLabel="Routing number" />);
    await user.type(field(/Account holder name/), 'Lee, Mary');
    await user.click(save());
    expect(await screen.findByText(en.bankAccountNameAddressedPattern)).toBeTruthy();
    expect(screen.getByText(en.bankAddressLength)).toBeTruthy();
    expect(screen.getByText(en.bankPostalCodeLength)).toBeTruthy();
    expect(screen.getByText(en.bankAccountTypeRequired)).toBeTruthy();
    expect(screen.getByText(en.bankAccountOwnershipRequired)).toBeTruthy();
    expect(screen.queryByText(en.bankDateOfBirthRequired)).toBeNull();
  });

  it('asks for a 9-digit ABA routing number with a valid check digit and an account number of 4 to 17 digits', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch([putRoute(state('addressed'), bodies)]);
    const { user } = renderWithProviders(<BankDetailsForm state={state('addressed')} bankCodeLabel="Routing number" />);
    expect(screen.getByText('The 9-digit ABA number at the bottom left of your cheques.')).toBeTruthy();
    await user.type(field(/Account holder name/), 'Mary-Ann Lee');
    await user.type(field(/^Bank name/), 'Chase Bank');
    await user.type(field(/^Routing number/), '021000022');
    await user.type(field(/^Account number/), '123');
    await user.selectOptions(field(/^Account type/), 'savings');
    await user.selectOptions(field(/^Account ownership/), 'personal');
    await user.type(field(/^Address/), '1 Main Street, Springfield');
    await user.type(field(/^Postal code/), '62701');
    await user.click(save());
    expect(await screen.findByText(en.bankRoutingNumberInvalid)).toBeTruthy();
    expect(screen.getByText(en.bankAccountNumberUs)).toBeTruthy();
    expect(bodies).toHaveLength(0);
    await user.clear(field(/^Routing number/));
    await user.type(field(/^Routing number/), '021000021');
    await user.clear(field(/^Account number/));
    await user.type(field(/^Account number/), '000123456789');
    await user.click(save());
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ form: 'addressed', bankCode: '021000021', accountNumber: '000123456789' });
  });
});

describe('BankDetailsForm with the gateway check (NGN)', () => {
  const ng: BankDetailsState = {
    countryCode: 'NG',
    currency: 'NGN',
    form: 'standard',
    gatewayCheck: true,
    details: null,
  };

  it('picks the bank from the gateway list, shows the holder name the bank has, and puts a mismatch on the name field', async () => {
    const bodies: unknown[] = [];
    mockFetch([
      {
        path: '/api/v1/provider/bank-details/banks',
        respond: () =>
          jsonResponse({
            data: [
              { name: 'Access Bank', code: '044' },
              { name: 'First Bank', code: '011' },
            ],
          }),
      },
      {
        method: 'POST',
        path: '/api/v1/provider/bank-details/account-check',
        respond: () => jsonResponse({ data: { accountName: 'ADA OBI' } }),
      },
      {
        method: 'PUT',
        path: '/api/v1/provider/bank-details',
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse(
            {
              message: en.bankAccountNameMismatch,
              code: 'VALIDATION_ERROR',
              errors: [en.bankAccountNameMismatch],
              requestId: 'r1',
            },
            400,
          );
        },
      },
    ]);
    const { user } = renderWithProviders(<BankDetailsForm state={ng} bankCodeLabel="Bank code" />);
    await screen.findByRole('option', { name: 'Access Bank' });
    await user.type(field(/Account holder name/), 'Theo Provider');
    await user.selectOptions(field(/^Bank$/), '044');
    await user.type(field(/^Account number/), '0123456789');
    await user.click(screen.getByRole('button', { name: 'Check account holder' }));
    expect(await screen.findByText('Your bank has this account as: ADA OBI')).toBeTruthy();
    await user.click(save());
    const nameField = field(/Account holder name/);
    await screen.findAllByText(en.bankAccountNameMismatch);
    expect(nameField.getAttribute('aria-invalid')).toBe('true');
    expect(bodies[0]).toMatchObject({ bankCode: '044', bankName: 'Access Bank', accountNumber: '0123456789' });
    expect(within(screen.getByRole('form')).getAllByRole('alert').length).toBeGreaterThan(0);
  });
});
