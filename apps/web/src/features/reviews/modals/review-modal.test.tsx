import type { Booking } from '@therapy/contracts/bookings';
import type { Review } from '@therapy/contracts/reviews';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { uuid } from '@/test/fixtures';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { ReviewModal } from './review-modal';

const participantId = uuid(701);
const bookingId = uuid(702);
const providerId = uuid(703);
const party = (identifier: string, firstName: string) => ({
  identifier,
  firstName,
  lastName: 'Lee',
  username: null,
  picture: null,
  timezone: 'UTC',
});
const booking = {
  identifier: bookingId,
  participantIdentifier: participantId,
  status: 'completed',
  provider: party(providerId, 'Dana'),
  client: party(uuid(704), 'Sam'),
} as unknown as Booking;
const aReview = (overrides: Partial<Review> = {}): Review => ({
  identifier: uuid(705),
  participantIdentifier: participantId,
  bookingIdentifier: bookingId,
  providerIdentifier: providerId,
  rating: 4,
  comment: 'Kind and clear.',
  isAnonymous: true,
  authorName: null,
  canEdit: true,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
  ...overrides,
});
const inDialog = (ui: React.ReactElement) => (
  <Dialog open onOpenChange={() => undefined}>
    {ui}
  </Dialog>
);

describe('ReviewModal: writing', () => {
  it('requires a rating and checks the comment like the server, then posts, thanks and closes after 2 s', async () => {
    const bodies: unknown[] = [];
    mockFetch([
      {
        method: 'POST',
        path: `/api/v1/review/${participantId}`,
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse(
            {
              data: aReview({ rating: 3.5, isAnonymous: false, authorName: 'Sam L.' }),
              message: 'Thank you for your review',
            },
            201,
          );
        },
      },
    ]);
    const onClose = vi.fn();
    const { user } = renderWithProviders(inDialog(<ReviewModal booking={booking} review={null} onClose={onClose} />));
    expect(await screen.findByRole('heading', { name: 'Review your session' })).toBeTruthy();
    expect(screen.getByText('Your review can only be edited once')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Please choose a rating from 0.5 to 5 stars, in half stars')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '3.5 stars' }));
    await user.type(screen.getByLabelText(/Your review/), 'Good');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Your comment must be at least 5 characters')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.type(screen.getByLabelText(/Your review/), ' session');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your review' })).toBeTruthy();
    expect(bodies).toEqual([{ rating: 3.5, comment: 'Good session', isAnonymous: false }]);
    expect(onClose).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3500 });
  });

  it('the stars are a radio group: arrow keys move by half a star', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(inDialog(<ReviewModal booking={booking} review={null} onClose={vi.fn()} />));
    const first = await screen.findByRole('radio', { name: '0.5 stars' });
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: '2.5 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(first).toBeTruthy();
  });
});

describe('ReviewModal: the one edit', () => {
  it('says it is the only edit, shows anonymity without sending it, sends rating and comment with "Update Review"', async () => {
    const bodies: unknown[] = [];
    mockFetch([
      {
        method: 'PUT',
        path: `/api/v1/review/${participantId}`,
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ data: aReview({ rating: 5, canEdit: false }), message: 'Review Updated Successfully' });
        },
      },
    ]);
    const { user } = renderWithProviders(
      inDialog(<ReviewModal booking={booking} review={aReview()} onClose={vi.fn()} />),
    );
    expect(await screen.findByRole('heading', { name: 'Edit Review' })).toBeTruthy();
    expect(screen.getByText('Your review can only be edited once')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    const anonymous = screen.getByLabelText('Post my review anonymously') as HTMLInputElement;
    expect(anonymous.checked).toBe(true);
    expect(anonymous.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Update Review' }));
    expect(await screen.findByRole('heading', { name: 'Review Updated Successfully' })).toBeTruthy();
    expect(bodies).toEqual([{ rating: 5, comment: 'Kind and clear.' }]);
  });

  it("shows the server's refusal (a second edit) and stays open; in German too", async () => {
    await i18n.changeLanguage('de');
    try {
      mockFetch([
        {
          method: 'PUT',
          path: `/api/v1/review/${participantId}`,
          respond: () =>
            jsonResponse(
              {
                message: 'Deine Bewertung kann nur einmal bearbeitet werden',
                code: 'VALIDATION_ERROR',
                errors: ['Deine Bewertung kann nur einmal bearbeitet werden'],
                requestId: 'r',
              },
              400,
            ),
        },
      ]);
      const onClose = vi.fn();
      const { user } = renderWithProviders(
        inDialog(<ReviewModal booking={booking} review={aReview()} onClose={onClose} />),
      );
      await user.click(await screen.findByRole('button', { name: 'Bewertung aktualisieren' }));
      expect(await screen.findByRole('alert')).toBeTruthy();
      expect(screen.getAllByText('Deine Bewertung kann nur einmal bearbeitet werden').length).toBeGreaterThan(1);
      expect(onClose).not.toHaveBeenCalled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
