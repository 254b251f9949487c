import type { PayoutBatchHistory, PayoutHistoryBatch, PayoutOverviewEntry } from '@therapy/contracts/payouts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { PayoutsRoute } from './payouts-route';
import { operator } from '../test-operator';

const entry = (overrides: Partial<PayoutOverviewEntry>): PayoutOverviewEntry => ({
  currencyCode: 'EUR',
  route: 'bank-file',
  providers: 0,
  total: 0,
  withoutBankDetails: 0,
  ...overrides,
});

const overview = (eurDue: boolean): PayoutOverviewEntry[] => [
  entry({ currencyCode: 'GBP' }),
  eurDue ? entry({ currencyCode: 'EUR', providers: 2, total: 62_345, withoutBankDetails: 1 }) : entry({}),
  entry({ currencyCode: 'NGN', route: 'gateway', providers: 3, total: 900_000 }),
];

const batch = (overrides: Partial<PayoutHistoryBatch> = {}): PayoutHistoryBatch => ({
  identifier: uuid(10),
  currencyCode: 'EUR',
  itemCount: 2,
  total: 62_345,
  paidAt: null,
  createdAt: '2026-12-01T09:30:00.000Z',
  items: [
    {
      identifier: uuid(11),
      reference: 'bf-0000000010-0001',
      providerId: uuid(2),
      providerName: 'Anna Berg',
      accountName: 'Anna Berg',
      amount: 12_345,
      currencyCode: 'EUR',
      status: 'started',
    },
    {
      identifier: uuid(12),
      reference: 'bf-0000000010-0002',
      providerId: uuid(3),
      providerName: null,
      accountName: 'Petit SARL',
      amount: 50_000,
      currencyCode: 'EUR',
      status: 'started',
    },
  ],
  ...overrides,
});

const history = (items: PayoutHistoryBatch[]): PayoutBatchHistory => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});

const renderPage = () =>
  renderWithProviders(<PayoutsRoute />, { route: '/operator/payouts', path: '/operator/payouts' });

afterEach(() => useAuthStore.setState({ user: null }));

describe('PayoutsRoute', () => {
  it('shows per currency what is due and by which route, and says when nothing is due or no batch exists', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([
      { path: '/api/v1/operator/payouts/overview', respond: () => jsonResponse({ data: overview(true) }) },
      { path: '/api/v1/operator/payout-batches', respond: () => jsonResponse({ data: history([]) }) },
    ]);
    renderPage();
    const bankFile = await screen.findByRole('region', { name: 'By bank file' });
    const eur = within(bankFile).getByRole('region', { name: 'Euro (EUR)' });
    expect(within(eur).getByText('€623.45')).toBeTruthy();
    expect(within(eur).getByText('for 2 providers')).toBeTruthy();
    expect(within(eur).getByText('1 provider has earnings but no bank account for this currency yet.')).toBeTruthy();
    expect(within(eur).getByRole('button', { name: 'Create batch' })).toBeTruthy();

    const gbp = within(bankFile).getByRole('region', { name: 'British Pound (GBP)' });
    expect(within(gbp).getByText('Nothing is due')).toBeTruthy();
    expect(within(gbp).queryByRole('button')).toBeNull();

    // The gateway's currencies are the weekly run's: what it will pay, and no action.
    const weekly = screen.getByRole('region', { name: 'By the weekly run' });
    expect(within(weekly).getByText(/pays these automatically each week/)).toBeTruthy();
    const ngn = within(weekly).getByRole('region', { name: 'Nigerian Naira (NGN)' });
    expect(within(ngn).getByText('₦9,000.00')).toBeTruthy();
    expect(within(ngn).getByText('for 3 providers')).toBeTruthy();
    expect(within(weekly).queryByRole('button')).toBeNull();

    expect(await screen.findByText('No batches yet')).toBeTruthy();
  });

  it('creates a batch after a confirmation; the new batch appears in the history and takes the focus', async () => {
    useAuthStore.getState().setSession('token', operator);
    let made = false;
    const fetchMock = mockFetch([
      { path: '/api/v1/operator/payouts/overview', respond: () => jsonResponse({ data: overview(!made) }) },
      {
        path: '/api/v1/operator/payout-batches',
        respond: () => jsonResponse({ data: history(made ? [batch()] : []) }),
      },
      {
        method: 'POST',
        path: '/api/v1/operator/payout-batches',
        respond: () => {
          made = true;
          const { items, ...rest } = batch();
          return jsonResponse({ data: { ...rest, items: items.map(({ providerName: _, ...i }) => i) } }, 201);
        },
      },
    ]);
    const { user } = renderPage();
    const eur = await screen.findByRole('region', { name: 'Euro (EUR)' });
    await user.click(within(eur).getByRole('button', { name: 'Create batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a EUR batch?' });
    expect(dialog.textContent).toContain('The earnings of 2 providers, €623.45 in all, move into the batch');
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // The focus is back where the operator was.
    await expect.poll(() => document.activeElement).toBe(within(eur).getByRole('button', { name: 'Create batch' }));

    await user.click(within(eur).getByRole('button', { name: 'Create batch' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Create a EUR batch?' })).getByRole('button', {
        name: 'Create batch',
      }),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ currency: 'EUR' });
    const heading = await screen.findByRole('heading', { name: 'EUR batch of Dec 1, 2026, 9:30 AM' });
    expect(within(screen.getByRole('region', { name: 'Euro (EUR)' })).getByText('Nothing is due')).toBeTruthy();
    await expect.poll(() => document.activeElement).toBe(heading);
  });

  it('lists a batch with its items, marks it sent and an item returned, each after a confirmation', async () => {
    useAuthStore.getState().setSession('token', operator);
    let current = batch();
    const fetchMock = mockFetch([
      { path: '/api/v1/operator/payouts/overview', respond: () => jsonResponse({ data: overview(false) }) },
      { path: '/api/v1/operator/payout-batches', respond: () => jsonResponse({ data: history([current]) }) },
      {
        method: 'POST',
        path: `/api/v1/operator/payout-batches/${uuid(10)}/paid`,
        respond: () => {
          current = {
            ...current,
            paidAt: '2026-12-02T10:00:00.000Z',
            items: current.items.map((i) => ({ ...i, status: 'paid' as const })),
          };
          const { items, ...rest } = current;
          return jsonResponse({ data: { ...rest, items: items.map(({ providerName: _, ...i }) => i) } });
        },
      },
      {
        method: 'POST',
        path: `/api/v1/operator/payouts/${uuid(12)}/returned`,
        respond: () => {
          current = {
            ...current,
            items: current.items.map((i) => (i.identifier === uuid(12) ? { ...i, status: 'returned' as const } : i)),
          };
          const { providerName: _, ...item } = current.items[1]!;
          return jsonResponse({ data: item });
        },
      },
    ]);
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'EUR batch of Dec 1, 2026, 9:30 AM' });
    expect(within(card).getByText('2 payouts, €623.45 in all')).toBeTruthy();
    expect(within(card).getAllByText('Not sent yet')).toHaveLength(1);
    const items = within(card).getByRole('list', { name: 'Payouts in this batch' });
    expect(within(items).getByText('Anna Berg')).toBeTruthy();
    // Without the provider's own name, the account holder's stands for it.
    expect(within(items).getByText('Petit SARL')).toBeTruthy();
    expect(within(items).getByText('Account: Petit SARL')).toBeTruthy();
    expect(within(items).getByText('Reference bf-0000000010-0002')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Mark as sent' }));
    const sent = await screen.findByRole('dialog', { name: 'Mark this batch as sent?' });
    expect(sent.textContent).toContain('Its 2 payouts, €623.45 in all, are then marked paid');
    await user.click(within(sent).getByRole('button', { name: 'Mark as sent' }));
    expect(await within(card).findByText('Sent Dec 2, 2026, 10:00 AM')).toBeTruthy();
    // Its button is gone: the batch's heading holds the focus.
    await expect.poll(() => document.activeElement?.textContent).toBe('EUR batch of Dec 1, 2026, 9:30 AM');
    expect(within(card).queryByRole('button', { name: 'Mark as sent' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Mark returned: Petit SARL, €500.00' }));
    const back = await screen.findByRole('dialog', { name: 'Mark this payout returned?' });
    expect(back.textContent).toContain("€500.00 for Petit SARL then goes back to the provider's earnings");
    await user.click(within(back).getByRole('button', { name: 'Mark returned' }));
    expect(await within(items).findByText('Returned')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Petit SARL/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Mark returned: Anna Berg, €123.45' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2);
  });

  it('downloads the file with the bearer header and saves it; shows a refusal in words', async () => {
    useAuthStore.setState({ accessToken: 'token-1' });
    useAuthStore.getState().setSession('token-1', operator);
    const created = vi.fn(() => 'blob:file');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let refuse = false;
    const fetchMock = mockFetch([
      { path: '/api/v1/operator/payouts/overview', respond: () => jsonResponse({ data: overview(false) }) },
      { path: '/api/v1/operator/payout-batches', respond: () => jsonResponse({ data: history([batch()]) }) },
      {
        path: `/api/v1/operator/payout-batches/${uuid(10)}/file`,
        respond: () =>
          refuse
            ? jsonResponse(
                {
                  message: "The platform's bank account for payout files is not configured",
                  code: 'VALIDATION_ERROR',
                  requestId: 'r1',
                },
                400,
              )
            : new Response('<Document/>', { status: 200, headers: { 'content-type': 'application/xml' } }),
      },
    ]);
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: /EUR batch/ });
    await user.click(within(card).getByRole('button', { name: 'Download file' }));
    await expect.poll(() => created.mock.calls.length).toBe(1);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/file'))!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe(`payouts-${uuid(10)}.xml`);

    refuse = true;
    await user.click(within(card).getByRole('button', { name: 'Download file' }));
    expect((await within(card).findByRole('alert')).textContent).toContain(
      "The platform's bank account for payout files is not configured",
    );
    click.mockRestore();
  });

  it('shows an error with a retry, and a provider gets a refusal and no operator call', async () => {
    useAuthStore.getState().setSession('token', operator);
    let fail = true;
    mockFetch([
      {
        path: '/api/v1/operator/payouts/overview',
        respond: () =>
          fail
            ? jsonResponse({ message: 'Down', code: 'INTERNAL_ERROR', requestId: 'r1' }, 500)
            : jsonResponse({ data: overview(false) }),
      },
      { path: '/api/v1/operator/payout-batches', respond: () => jsonResponse({ data: history([]) }) },
    ]);
    const { user, unmount } = renderPage();
    expect(await screen.findByText('What is due could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Euro (EUR)' })).toBeTruthy();
    unmount();

    useAuthStore.getState().setSession('token', { ...operator, userType: 'provider' });
    const fetchMock = mockFetch([]);
    renderPage();
    expect(screen.getByText('For the review team only')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
