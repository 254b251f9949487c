import type { WaitlistEntry } from '@therapy/contracts/waitlist';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { WaitlistRoute } from './waitlist-route';

afterEach(() => useAuthStore.setState({ user: null, status: 'unknown', accessToken: null }));

const place = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  identifier: uuid(800),
  provider: { identifier: uuid(801), name: 'Dana Fischer' },
  therapyIdentifier: uuid(802),
  modalityIdentifier: uuid(803),
  fromDate: '2030-05-06',
  toDate: '2030-05-08',
  fromTime: '10:00',
  toTime: '12:00',
  timezone: 'UTC',
  status: 'waiting',
  createdAt: '2030-05-01T08:00:00.000Z',
  offer: null,
  lapsedOffer: null,
  ...over,
});
const show = (entries: WaitlistEntry[]) => {
  mockFetch([{ path: '/api/v1/waitlist', respond: () => jsonResponse({ data: entries }) }]);
  return renderWithProviders(<WaitlistRoute />, { route: '/waitlist', path: '/waitlist' });
};

describe('WaitlistRoute (issue 48): a time taken but not paid in time', () => {
  const lapsed = { startsAt: '2030-05-06T10:00:00.000Z', endsAt: '2030-05-06T11:00:00.000Z' };

  it('the place stays in the list as Waiting, says which time lapsed, never Booked, and can be left', async () => {
    show([place({ lapsedOffer: lapsed })]);
    expect(await screen.findByRole('heading', { name: 'Dana Fischer' })).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(screen.queryByText('Booked')).toBeNull();
    expect(screen.getByText(/The time held for you on .*May 6.* was not paid in time/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeTruthy();
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    try {
      show([place({ lapsedOffer: lapsed })]);
      expect(await screen.findByText('Wartet')).toBeTruthy();
      expect(
        screen.getByText(/Die für dich gehaltene Zeit am .*6\. Mai.* wurde nicht rechtzeitig bezahlt/),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a place without a lapsed time says nothing of it', async () => {
    show([place()]);
    expect(await screen.findByText('Waiting')).toBeTruthy();
    expect(screen.queryByText(/was not paid in time/)).toBeNull();
  });
});
