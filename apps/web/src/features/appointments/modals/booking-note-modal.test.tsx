import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { renderWithProviders } from '@/test/render';
import { bookingDetails } from '../test/booking-fixture';
import { BookingNoteModal } from './booking-note-modal';

describe('BookingNoteModal', () => {
  it('shows the whole note and closes', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <Dialog open onOpenChange={() => undefined}>
        <BookingNoteModal booking={bookingDetails({ note: 'Line one\nLine two' })} onClose={onClose} />
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Appointment note' })).toBeTruthy();
    expect(screen.getByText(/Line one\s+Line two/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
