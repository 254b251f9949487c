import { screen, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { mockFetch, renderWithProviders } from '@/test/render';
import { ClientImportSuccessModal } from './client-import-success-modal';
import { ImportClientsModal } from './import-clients-modal';

// Its props are `Record<string, never>` and `onClose` (the modal store's typing of a modal without props).
const Modal = ImportClientsModal as unknown as (props: { onClose: () => void }) => ReactNode;

const inDialog = (ui: ReactElement) => (
  <Dialog open onOpenChange={() => undefined}>
    {ui}
  </Dialog>
);

describe('ImportClientsModal (spec §2 "Import Clients")', () => {
  it('"Email Onboarding/Manual Entry" then "Proceed" goes to the email-manual page and closes', async () => {
    mockFetch([]);
    const onClose = vi.fn();
    const { user, router } = renderWithProviders(inDialog(<Modal onClose={onClose} />));
    const select = screen.getByLabelText('Import method');
    expect(screen.getByRole('option', { name: 'Email Onboarding/Manual Entry' })).toBeTruthy();
    expect((select as HTMLSelectElement).value).toBe('email');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/imported/email-manual'));
    expect(onClose).toHaveBeenCalled();
  });

  it('"Select CSV File" goes to the CSV page', async () => {
    mockFetch([]);
    const onClose = vi.fn();
    const { user, router } = renderWithProviders(inDialog(<Modal onClose={onClose} />));
    await user.selectOptions(screen.getByLabelText('Import method'), 'Select CSV File');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/imported/csv'));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ClientImportSuccessModal', () => {
  it.each([
    ['email', 'Mail Sent Successfully'],
    ['manual', 'Details Saved Successfully'],
  ] as const)('%s: "%s" and "Go To Dashboard" to the client list', async (kind, title) => {
    mockFetch([]);
    const onClose = vi.fn();
    const { user, router } = renderWithProviders(inDialog(<ClientImportSuccessModal kind={kind} onClose={onClose} />));
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go To Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/imported/'));
    expect(onClose).toHaveBeenCalled();
  });
});
