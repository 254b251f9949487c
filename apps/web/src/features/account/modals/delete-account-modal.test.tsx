import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { DeleteAccountModal } from './delete-account-modal';

// ModalProps['delete-account'] is Record<string, never>, which JSX cannot meet together with onClose; the host passes it.
const Modal = DeleteAccountModal as unknown as (props: { onClose: () => void }) => ReactNode;

function renderModal(respond: () => Response) {
  const fetchMock = mockFetch([{ method: 'GET', path: '/api/v1/user/profile/delete-account', respond }]);
  renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <Modal onClose={vi.fn()} />
    </Dialog>,
  );
  return fetchMock;
}

const text = (node: HTMLElement) => node.textContent?.replace(/\s+/g, ' ');

describe('DeleteAccountModal: money in the account (decision 0016)', () => {
  it('shows the balance and what happens to it before the password', async () => {
    renderModal(() =>
      jsonResponse({ data: { balances: [{ amount: 9_000, currencyCode: 'USD' }], upcomingSessions: 0 } }),
    );
    const note = await screen.findByText(/will be refunded/);
    expect(text(note)).toBe(
      'Your balance of $90.00 will be refunded to the card or bank account it came from within 14 days.',
    );
    // Read before the password field.
    const password = screen.getByLabelText('Your password');
    expect(note.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names every currency, in German too', async () => {
    await i18n.changeLanguage('de');
    try {
      renderModal(() =>
        jsonResponse({
          data: {
            balances: [
              { amount: 9_000, currencyCode: 'USD' },
              { amount: 250_000, currencyCode: 'NGN' },
            ],
            upcomingSessions: 0,
          },
        }),
      );
      const note = await screen.findByText(/zurückerstattet/);
      expect(text(note)).toBe(
        'Dein Guthaben von 90,00 $ und 2.500,00 ₦ wird innerhalb von 14 Tagen auf die Karte oder das Bankkonto zurückerstattet, von dem es kam.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says nothing about money when there is none', async () => {
    renderModal(() => jsonResponse({ data: { balances: [], upcomingSessions: 0 } }));
    expect(await screen.findByLabelText('Your password')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText(/Checking your wallet balance/)).toBeNull());
    expect(screen.queryByText(/refunded/)).toBeNull();
  });

  it('tells what would happen when the balance cannot be read', async () => {
    renderModal(() => jsonResponse({ message: 'down', code: 'INTERNAL_ERROR', requestId: 'r' }, 500));
    expect(
      await screen.findByText(/We could not check your wallet balance\. Any balance left will be refunded/),
    ).toBeTruthy();
  });
});

describe('DeleteAccountModal: upcoming sessions', () => {
  it('asks to cancel them first, links to the appointments and offers no delete meanwhile', async () => {
    renderModal(() => jsonResponse({ data: { balances: [], upcomingSessions: 2 } }));
    expect(
      await screen.findByText('You have 2 upcoming sessions. Cancel them before you delete your account.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my appointments' }).getAttribute('href')).toBe('/appointments');
    expect(screen.queryByLabelText('Your password')).toBeNull();
    expect((screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
