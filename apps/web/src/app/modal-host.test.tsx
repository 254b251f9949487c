import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import { openModal, useModalStore } from '@/lib/modal-store';
import { mockFetch, renderWithProviders } from '@/test/render';
import { ModalHost } from './modal-host';

/**
 * Issue 48: closing a dialog with Escape left focus on the body. Focus goes back to what opened it, for the modals
 * the store opens (no Radix trigger) and for a dialog a component opens itself, and when one modal replaced another.
 */
afterEach(() => useModalStore.getState().reset());

function Page() {
  return (
    <>
      <button type="button" onClick={() => openModal('calendar-feed-reset')}>
        Reset my calendar address
      </button>
      <ModalHost />
    </>
  );
}

describe('focus after a dialog closes', () => {
  it('Escape on a modal of the store returns focus to the button that opened it', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(<Page />);
    const opener = screen.getByRole('button', { name: 'Reset my calendar address' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('in German too, and after one modal replaced another: back to the first opener', async () => {
    await i18n.changeLanguage('de');
    try {
      mockFetch([]);
      const { user } = renderWithProviders(<Page />);
      const opener = screen.getByRole('button', { name: 'Reset my calendar address' });
      await user.click(opener);
      await screen.findByRole('dialog');
      // A modal opened from inside the first (its button goes with it).
      openModal('calendar-feed-reset', {}, { size: 'md' });
      openModal('idle-warning');
      await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a dialog a component opens itself returns focus to its opener on Escape', async () => {
    function Own() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Show details
          </button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTitle>Details</DialogTitle>
            <DialogDescription>Some details.</DialogDescription>
          </Dialog>
        </>
      );
    }
    mockFetch([]);
    const { user } = renderWithProviders(<Own />);
    const opener = screen.getByRole('button', { name: 'Show details' });
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
