import type { BankAccountResponse, TopupOptionsResponse } from '@therapy/contracts/wallet';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { redirectTo } from '../components/redirect';
import { TopupModal } from './topup-modal';

vi.mock('../components/redirect', () => ({ redirectTo: vi.fn() }));

const account = {
  bankName: 'Sandbox Bank',
  accountNumber: '9012345678',
  accountName: 'Robin Client',
};

const ngnPaystack: TopupOptionsResponse = { currencyCode: 'NGN', cardGateway: 'paystack', bankTransfer: true };

function renderModal(
  routes: Parameters<typeof mockFetch>[0] = [],
  options: TopupOptionsResponse = ngnPaystack,
  props: { currencyCode?: string; amountMinor?: number; returnTo?: string } = {},
) {
  const fetchMock = mockFetch([
    {
      path: '/api/v1/wallet/balance',
      respond: () => jsonResponse({ data: { balance: 0, currency: options.currencyCode } }),
    },
    {
      path: '/api/v1/payment/options',
      respond: () => jsonResponse({ data: options }),
    },
    ...routes,
  ]);
  const onClose = vi.fn();
  const view = renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <TopupModal onClose={onClose} {...props} />
    </Dialog>,
  );
  return { ...view, fetchMock, onClose };
}

async function chooseAmount(user: ReturnType<typeof renderModal>['user'], amount: string, currency = 'NGN') {
  await user.type(await screen.findByLabelText(`Amount (${currency})`), amount);
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  await screen.findByRole('heading', { name: 'Choose how to pay' });
}

describe('TopupModal', () => {
  it("a booking's currency and lacking amount: that wallet's balance and options, the amount prefilled (rounded up), the currency and the way back posted", async () => {
    const bodies: unknown[] = [];
    const gbp: TopupOptionsResponse = { currencyCode: 'GBP', cardGateway: 'sandbox', bankTransfer: false };
    const { user, fetchMock } = renderModal(
      [
        {
          method: 'POST',
          path: '/api/v1/payment/wallet',
          respond: (init) => {
            bodies.push(JSON.parse(String(init?.body)));
            return jsonResponse(
              {
                data: {
                  metadata: { authorizationUrl: '/api/v1/payment/sandbox/checkout/ref-2' },
                  payment: {
                    identifier: uuid(8),
                    reference: 'ref-2',
                    method: 'card',
                    amount: 250100,
                    currencyCode: 'GBP',
                    status: 'pending',
                    createdAt: '2026-01-01T00:00:00Z',
                  },
                },
              },
              201,
            );
          },
        },
      ],
      gbp,
      { currencyCode: 'GBP', amountMinor: 250_050, returnTo: '/payment/00000000-0000-4000-8000-000000000777' },
    );
    const field = await screen.findByLabelText('Amount (GBP)');
    expect((field as HTMLInputElement).value).toBe('2,501');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await screen.findByRole('heading', { name: 'Choose how to pay' });
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((u) => u.endsWith('/api/v1/wallet/balance?currency=GBP'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/api/v1/payment/options?currency=GBP'))).toBe(true);
    await user.click(await screen.findByRole('button', { name: /sandbox/i }));
    // The checkout comes back to the booking's payment page it began on.
    await vi.waitFor(() =>
      expect(bodies).toEqual([
        { amount: 250_100, currencyCode: 'GBP', returnTo: '/payment/00000000-0000-4000-8000-000000000777' },
      ]),
    );
  });

  it('a lacking amount below the minimum prefills the minimum', async () => {
    renderModal([], ngnPaystack, { currencyCode: 'NGN', amountMinor: 1_000 });
    expect(((await screen.findByLabelText('Amount (NGN)')) as HTMLInputElement).value).toBe('500');
  });

  it('card: posts the amount times 100 with an Idempotency-Key and goes to the checkout', async () => {
    const requests: Array<{ body: unknown; key: string | null }> = [];
    const { user } = renderModal([
      {
        method: 'POST',
        path: '/api/v1/payment/wallet',
        respond: (init) => {
          requests.push({
            body: JSON.parse(String(init?.body)),
            key: new Headers(init?.headers).get('Idempotency-Key'),
          });
          return jsonResponse(
            {
              data: {
                metadata: {
                  authorizationUrl: '/api/v1/payment/sandbox/checkout/ref-1',
                },
                payment: {
                  identifier: uuid(9),
                  reference: 'ref-1',
                  method: 'card',
                  amount: 100000,
                  currencyCode: 'NGN',
                  status: 'pending',
                  createdAt: '2026-01-01T00:00:00Z',
                },
              },
            },
            201,
          );
        },
      },
    ]);
    await chooseAmount(user, '1000');
    expect(screen.getByText('You are topping up ₦1,000.00.')).toBeTruthy();
    // Focus follows the new step.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose how to pay' }));
    await user.click(await screen.findByRole('button', { name: 'Top Up Via Paystack' }));
    await vi.waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/api/v1/payment/sandbox/checkout/ref-1'));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toEqual({ amount: 100000 });
    expect(requests[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('back to the amount keeps what was typed', async () => {
    const { user } = renderModal();
    await chooseAmount(user, '2500');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByLabelText('Amount (NGN)')) as HTMLInputElement).value).toBe('2,500');
  });

  it('transfer: requests the account when none exists, shows it, then "Topup In Progress"', async () => {
    let posted = 0;
    const { user } = renderModal([
      {
        path: '/api/v1/virtual-accounts/account',
        respond: () =>
          jsonResponse({
            data: {
              account: null,
              status: 'none',
              canGenerate: true,
            } satisfies BankAccountResponse,
          }),
      },
      {
        method: 'POST',
        path: '/api/v1/virtual-accounts/generate',
        respond: () => {
          posted++;
          return jsonResponse({
            data: { account, status: 'assigned', canGenerate: true } satisfies BankAccountResponse,
          });
        },
      },
    ]);
    await chooseAmount(user, '2500');
    await user.click(screen.getByRole('button', { name: 'Transfer To Account' }));
    expect(
      await screen.findByText('Transfer to the account below and your wallet will be credited instantly.'),
    ).toBeTruthy();
    expect(posted).toBe(1);
    expect(screen.getByText('Sandbox Bank')).toBeTruthy();
    expect(screen.getByTestId('account-number').textContent).toBe('9012345678');
    expect(screen.getByText('Robin Client')).toBeTruthy();
    expect(screen.getByText('₦2,500.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I Have Made The Payment' }));
    expect(await screen.findByRole('heading', { name: 'Topup In Progress' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your Topup is currently processing and will complete when you finish making the transfer. A mail will be sent to notify you when the topup is complete.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeTruthy();
  });

  it('transfer: while the bank assigns the account the modal says so, and shows the account once it is there', async () => {
    let gets = 0;
    const { user } = renderModal([
      {
        path: '/api/v1/virtual-accounts/account',
        respond: () => {
          gets++;
          // The first answer: never requested; then (after the request) still pending once; then assigned.
          const data: BankAccountResponse =
            gets === 1
              ? { account: null, status: 'none', canGenerate: true }
              : gets === 2
                ? { account: null, status: 'pending', canGenerate: true }
                : { account, status: 'assigned', canGenerate: true };
          return jsonResponse({ data });
        },
      },
      {
        method: 'POST',
        path: '/api/v1/virtual-accounts/generate',
        respond: () =>
          jsonResponse({ data: { account: null, status: 'pending', canGenerate: true } satisfies BankAccountResponse }),
      },
    ]);
    await chooseAmount(user, '2500');
    await user.click(screen.getByRole('button', { name: 'Transfer To Account' }));
    expect(await screen.findByText('Your bank account is on its way')).toBeTruthy();
    expect(screen.queryByTestId('account-number')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I Have Made The Payment' })).toBeNull();
    expect((await screen.findByTestId('account-number', {}, { timeout: 10_000 })).textContent).toBe('9012345678');
    expect(gets).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('transfer: a failed assignment says so and offers to ask again', async () => {
    let posted = 0;
    const { user } = renderModal([
      {
        path: '/api/v1/virtual-accounts/account',
        respond: () =>
          jsonResponse({ data: { account: null, status: 'failed', canGenerate: true } satisfies BankAccountResponse }),
      },
      {
        method: 'POST',
        path: '/api/v1/virtual-accounts/generate',
        respond: () => {
          posted++;
          return jsonResponse({
            data: { account, status: 'assigned', canGenerate: true } satisfies BankAccountResponse,
          });
        },
      },
    ]);
    await chooseAmount(user, '2500');
    await user.click(screen.getByRole('button', { name: 'Transfer To Account' }));
    expect(await screen.findByText('Your bank account could not be set up')).toBeTruthy();
    expect(posted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('account-number')).textContent).toBe('9012345678');
    expect(posted).toBe(1);
  });

  it('transfer without a name on the profile: no account, "Update Profile"', async () => {
    const { user, fetchMock, onClose } = renderModal([
      {
        path: '/api/v1/virtual-accounts/account',
        respond: () =>
          jsonResponse({
            data: {
              account: null,
              status: 'none',
              canGenerate: false,
            } satisfies BankAccountResponse,
          }),
      },
    ]);
    await chooseAmount(user, '2500');
    await user.click(screen.getByRole('button', { name: 'Transfer To Account' }));
    expect(await screen.findByText(/A bank account has not been generated for you yet/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Update Profile' });
    expect(link.getAttribute('href')).toBe('/account');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    ['stripe', 'Top Up Via Stripe', "Pay by card on Stripe's secure checkout page."],
    ['sandbox', 'Top Up Via Sandbox', 'Pay by card on the sandbox checkout (test mode: no real money moves).'],
  ] as const)(
    'the card button names the gateway the server uses (%s); no transfer outside NGN, and the dialog says so',
    async (cardGateway, label, hint) => {
      const { user } = renderModal([], { currencyCode: 'GBP', cardGateway, bankTransfer: false });
      await chooseAmount(user, '25', 'GBP');
      const card = await screen.findByRole('button', { name: label });
      expect(card.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(card.getAttribute('aria-describedby')!)?.textContent).toBe(hint);
      expect(screen.queryByRole('button', { name: 'Transfer To Account' })).toBeNull();
      expect(
        screen.getByText(
          'Transfer To Account is not available for GBP wallets: a dedicated bank account exists only for NGN. Please pay by card.',
        ),
      ).toBeTruthy();
    },
  );

  it('no card gateway for the currency: no card button, the reason shown', async () => {
    const { user } = renderModal([], { currencyCode: 'EUR', cardGateway: null, bankTransfer: false });
    await chooseAmount(user, '25', 'EUR');
    expect((await screen.findByRole('alert')).textContent).toBe('Top-ups in EUR are not available at the moment.');
    expect(screen.queryByRole('button', { name: /Top Up Via|Pay by card/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer To Account' })).toBeNull();
  });

  it('says it in German too', async () => {
    await i18n.changeLanguage('de');
    try {
      const { user } = renderModal([], { currencyCode: 'GBP', cardGateway: 'stripe', bankTransfer: false });
      await user.type(await screen.findByLabelText('Betrag (GBP)'), '25');
      await user.click(screen.getByRole('button', { name: 'Weiter' }));
      expect(await screen.findByRole('button', { name: 'Über Stripe aufladen' })).toBeTruthy();
      expect(
        screen.getByText(
          'Die Überweisung auf ein Konto ist für Guthaben in GBP nicht möglich: ein eigenes Bankkonto gibt es nur für NGN. Bitte zahle mit Karte.',
        ),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
