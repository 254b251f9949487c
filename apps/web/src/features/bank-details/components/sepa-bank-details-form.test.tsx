import { screen } from '@testing-library/react';
import type { BankDetailsState } from '@therapy/contracts/bank-details';
import { de, en } from '@therapy/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { SepaBankDetailsForm } from './sepa-bank-details-form';

const state: BankDetailsState = {
  countryCode: 'DE',
  currency: 'EUR',
  form: 'sepa',
  gatewayCheck: false,
  details: null,
};

/** A PUT that answers the saved state; the bodies it got are kept. */
function putRoute(bodies: Record<string, unknown>[]) {
  return {
    method: 'PUT',
    path: '/api/v1/provider/bank-details',
    respond: (init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      const details = {
        form: 'sepa' as const,
        accountName: String(body.accountName),
        bankCode: String(body.bic),
        bankName: (body.bankName as string | null) ?? null,
        accountNumberLast4: String(body.iban).replace(/\s/g, '').slice(-4),
        address: null,
        postalCode: null,
        accountType: null,
        accountOwnership: null,
        dateOfBirth: null,
        verifiedAccountName: null,
        currency: 'EUR',
        payoutRoute: 'bank-file' as const,
        updatedAt: new Date().toISOString(),
      };
      return jsonResponse({ data: { ...state, details }, message: en.bankDetailsSaved });
    },
  };
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save bank details' });

describe('SepaBankDetailsForm (EUR in a SEPA country: IBAN and BIC, decision 0051)', () => {
  it('asks for the holder, IBAN and BIC; the bank name is optional; an empty form sends nothing', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch([putRoute(bodies)]);
    const { user } = renderWithProviders(<SepaBankDetailsForm state={state} />);
    expect(field(/^IBAN/)).toBeTruthy();
    expect(field(/^BIC/)).toBeTruthy();
    expect(screen.getByText('Bank name').parentElement?.textContent).toContain('optional');
    expect(screen.queryByLabelText(/^Account number/)).toBeNull();
    await user.click(save());
    expect(await screen.findByText(en.bankAccountNamePattern)).toBeTruthy();
    expect(screen.getByText(en.ibanInvalid)).toBeTruthy();
    expect(screen.getByText(en.bicInvalid)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it.each([
    ['a wrong checksum', 'DE89 3704 0044 0532 0130 01', 'COBADEFFXXX', en.ibanInvalid],
    ['a Turkish IBAN (not SEPA)', 'TR33 0006 1005 1978 6457 8413 26', 'TGBATRISXXX', en.ibanNotSepa],
    ['a BIC of a French bank for a German IBAN', 'DE89 3704 0044 0532 0130 00', 'BNPAFRPPXXX', en.bicCountryMismatch],
    ['a malformed BIC', 'DE89 3704 0044 0532 0130 00', 'COBA1EFF', en.bicInvalid],
  ])('refuses %s with its message', async (_, iban, bic, text) => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch([putRoute(bodies)]);
    const { user } = renderWithProviders(<SepaBankDetailsForm state={state} />);
    await user.type(field(/Account holder name/), 'Lena Hoffmann');
    await user.type(field(/^IBAN/), iban);
    await user.type(field(/^BIC/), bic);
    await user.click(save());
    expect(await screen.findByText(text)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('sends a valid IBAN and BIC as typed (the server stores the electronic form), bank name null', async () => {
    const bodies: Record<string, unknown>[] = [];
    const onSaved = vi.fn();
    mockFetch([putRoute(bodies)]);
    const { user } = renderWithProviders(<SepaBankDetailsForm state={state} onSaved={onSaved} />);
    await user.type(field(/Account holder name/), 'Lena Hoffmann');
    await user.type(field(/^IBAN/), 'DE89 3704 0044 0532 0130 00');
    await user.type(field(/^BIC/), 'COBADEFFXXX');
    await user.click(save());
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      form: 'sepa',
      accountName: 'Lena Hoffmann',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      bankName: null,
    });
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('speaks German: labels IBAN and BIC, the rule in German', async () => {
    await i18n.changeLanguage('de');
    try {
      mockFetch([]);
      const { user } = renderWithProviders(<SepaBankDetailsForm state={state} />);
      await user.type(screen.getByLabelText(/^IBAN/), 'TR33 0006 1005 1978 6457 8413 26');
      await user.click(screen.getByRole('button', { name: 'Bankverbindung speichern' }));
      expect(await screen.findByText(de.ibanNotSepa)).toBeTruthy();
      expect(screen.getByLabelText(/^BIC/)).toBeTruthy();
      expect(screen.getByText(/Name der Bank/).parentElement?.textContent).toContain('optional');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
