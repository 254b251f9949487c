import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { slotStartOf } from '@/components/slot-picker/slot-picker-model';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { aBooking, bookingId, failure, providerId } from '../test/booking-fixture';
import { calendarRoute } from '../test/calendar-fixture';
import { DeclineBookingModal } from './decline-booking-modal';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T12:00:00Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

function renderDecline(write?: () => Response) {
  const bodies: unknown[] = [];
  const calendar = calendarRoute(providerId);
  mockFetch([
    { path: calendar.path, respond: calendar.respond },
    {
      method: 'POST',
      path: `/api/v1/appointment/participant/${bookingId}/reject-booking`,
      respond: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return write ? write() : jsonResponse({ data: aBooking({ status: 'rejected' }), message: 'Booking rejected' });
      },
    },
  ]);
  const view = renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <DeclineBookingModal booking={aBooking({ status: 'requested' })} onClose={() => undefined} />
    </Dialog>,
  );
  return { ...view, bodies, day: calendar.day };
}

async function pickFirstSlot(user: ReturnType<typeof renderDecline>['user'], day: string) {
  const button = await vi.waitFor(() => {
    const b = document.querySelector(`[data-day="${day}"] button`) as HTMLButtonElement | null;
    if (!b || b.disabled) throw new Error('day not ready');
    return b;
  });
  await user.click(button);
  const times = await screen.findAllByRole('button', { pressed: false });
  await user.click(times[0]!);
}

describe('DeclineBookingModal (issue 47)', () => {
  it('requires a reason ("Please tell the client why you decline"), sends nothing without one', async () => {
    const { user, bodies } = renderDecline();
    await user.click(await screen.findByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText('Please tell the client why you decline')).toBeTruthy();
    await user.type(screen.getByLabelText(/Why do you decline\?/), 'x'.repeat(401));
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText('The reason is at most 400 characters')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('declines with the reason and a suggested time; the same time is not added twice', async () => {
    const { user, bodies, day } = renderDecline();
    await user.type(await screen.findByLabelText(/Why do you decline\?/), 'Away that week');
    expect(screen.getByText('No other times suggested.')).toBeTruthy();
    await pickFirstSlot(user, day);
    await user.click(screen.getByRole('button', { name: 'Add this time' }));
    const chosen = screen.getByRole('list', { name: 'Suggested times' });
    expect(chosen.querySelectorAll('li')).toHaveLength(1);
    // The same time twice: the button refuses it.
    expect((screen.getByRole('button', { name: 'Add this time' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByRole('heading', { name: 'Request declined' })).toBeTruthy();
    expect(bodies).toEqual([{ reason: 'Away that week', suggestedTimeslots: ['slot-9'] }]);
  });

  it("shows the server's refusal (a suggested time taken meanwhile) in German", async () => {
    await i18n.changeLanguage('de');
    const { user } = renderDecline(() => failure(409, 'CONFLICT', 'Eine vorgeschlagene Zeit ist nicht mehr frei'));
    await user.type(await screen.findByLabelText(/Warum lehnst du ab\?/), 'Urlaub');
    await user.click(screen.getByRole('button', { name: 'Anfrage ablehnen' }));
    expect(await screen.findByText('Eine vorgeschlagene Zeit ist nicht mehr frei')).toBeTruthy();
  });
});

describe('slotStartOf', () => {
  it("reads a timeslot identifier's start (both layouts); anything else is null", () => {
    const make = (version: 1 | 2, minutes: number) => {
      const bytes = [version, ...Array<number>(version === 1 ? 16 : 32).fill(7)];
      bytes.push((minutes >>> 24) & 255, (minutes >>> 16) & 255, (minutes >>> 8) & 255, minutes & 255, 0, 50);
      bytes.push(...Array<number>(16).fill(1));
      return btoa(String.fromCharCode(...bytes))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
    };
    const start = Date.UTC(2027, 2, 5, 14) / 60_000;
    expect(slotStartOf(make(1, start))?.toISOString()).toBe('2027-03-05T14:00:00.000Z');
    expect(slotStartOf(make(2, start))?.toISOString()).toBe('2027-03-05T14:00:00.000Z');
    expect(slotStartOf('slot-9')).toBeNull();
    expect(slotStartOf('%%%')).toBeNull();
  });
});
