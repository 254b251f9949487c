import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingDetails } from '@therapy/contracts/bookings';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { useModalStore } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { bookingDetails, bookingId, user } from '../test/booking-fixture';
import { BookingDetailRoute } from './booking-detail-route';

vi.mock('@/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() } }));

afterEach(() => {
  useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
  useModalStore.getState().reset();
});

const route = `/appointments/${bookingId}`;
const render = () => renderWithProviders(<BookingDetailRoute />, { route, path: '/appointments/:bookingId' });
const asClient = (details = bookingDetails()) => {
  useAuthStore.getState().setSession('token', user('client'));
  return mockFetch([{ path: `/api/v1/booking/${bookingId}/details`, respond: () => jsonResponse({ data: details }) }]);
};
const { statusHistory: _h, history: _l, cancellation: _c, ...plain } = bookingDetails();

describe('BookingDetailRoute', () => {
  it("shows the participants, the time in the viewer's zone and the provider's, the link, price, history and Back To Bookings", async () => {
    asClient();
    render();
    expect(await screen.findByRole('heading', { name: 'Booking' })).toBeTruthy();
    expect(screen.getByText('Dana Fischer')).toBeTruthy();
    expect(screen.getByText('Sam Lee')).toBeTruthy();
    expect(screen.getByText(/Mon, Jun 10, 2030, 9:00\s*–\s*9:50\sAM \(UTC\)/)).toBeTruthy();
    expect(screen.getByText(/The therapist's time: .*11:00\s*–\s*11:50\sAM \(GMT\+2\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://meet.example.com/abc' })).toBeTruthy();
    expect(screen.getByText('€90.00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back To Bookings' }).getAttribute('href')).toBe('/appointments');
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('a pending booking offers Pay (to /payment/id); Cancel, Reschedule, Share and the note open their modals', async () => {
    asClient(bookingDetails({ status: 'pending', holdExpiresAt: '2030-06-01T08:30:00.000Z' }));
    const { user: u } = render();
    expect((await screen.findByRole('link', { name: 'Pay' })).getAttribute('href')).toBe(`/payment/${bookingId}`);
    await u.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(useModalStore.getState().modals[0]).toMatchObject({
      id: 'cancel-booking',
      props: { role: 'client', booking: { identifier: bookingId } },
    });
    await u.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(useModalStore.getState().modals[0]).toMatchObject({ id: 'reschedule-booking', props: { role: 'client' } });
    await u.click(screen.getByRole('button', { name: 'Share' }));
    expect(useModalStore.getState().modals[0]?.id).toBe('share-booking');
    await u.click(screen.getByRole('button', { name: 'Read the whole note' }));
    expect(useModalStore.getState().modals[0]?.id).toBe('booking-note');
  });

  it.each(['rejected', 'cancelled', 'expired'] as const)(
    'a %s booking shows neither its meeting link nor the reschedules left',
    async (status) => {
      asClient(bookingDetails({ status }));
      render();
      expect(await screen.findByRole('heading', { name: 'Booking' })).toBeTruthy();
      expect(screen.getByText('Dana Fischer')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'https://meet.example.com/abc' })).toBeNull();
      expect(screen.queryByText(/reschedules? left/)).toBeNull();
      expect(screen.queryByText('Meeting link')).toBeNull();
    },
  );

  it('an appointment paid outside the platform says so instead of a price of 0 (en and de)', async () => {
    asClient(bookingDetails({ paymentMethod: 'outside', price: { amount: 0, currencyCode: 'EUR' } }));
    render();
    expect(await screen.findByText('Paid outside the platform')).toBeTruthy();
    expect(screen.queryByText('€0.00')).toBeNull();
    try {
      await i18n.changeLanguage('de');
      expect(await screen.findByText('Außerhalb der Plattform bezahlt')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a confirmed booking shows the link and the reschedules left', async () => {
    asClient(bookingDetails({ status: 'confirmed' }));
    render();
    expect(await screen.findByRole('link', { name: 'https://meet.example.com/abc' })).toBeTruthy();
    expect(screen.getByText(/reschedules? left for you/)).toBeTruthy();
  });

  it('at 0 reschedules left for the viewer, Reschedule is disabled and "Rescheduling limit reached." shows', async () => {
    asClient(
      bookingDetails({
        rescheduleInfo: { status: 'applied', remainingClientReschedule: 0, remainingProviderReschedule: 3 },
      }),
    );
    render();
    const button = (await screen.findByRole('button', { name: 'Reschedule' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('No reschedules left for you')).toBeTruthy();
    const limit = screen.getByText('Rescheduling limit reached.');
    expect(button.getAttribute('aria-describedby')).toBe(limit.id);
  });

  const request = (requestedBy: 'client' | 'provider') => ({
    identifier: uuid(700),
    status: 'pending' as const,
    requestedBy,
    fromStartTime: '2030-06-10T09:00:00.000Z',
    fromEndTime: '2030-06-10T09:50:00.000Z',
    toStartTime: '2030-06-11T10:00:00.000Z',
    toEndTime: '2030-06-11T10:50:00.000Z',
    note: 'Travel',
    createdAt: '2030-06-09T09:00:00.000Z',
    decidedAt: null,
  });

  it("the other party's reschedule request can be answered ('answer-reschedule')", async () => {
    asClient(bookingDetails({ reschedules: [request('provider')] }));
    const { user: u } = render();
    expect(await screen.findByText(/New time asked for: Tue, Jun 11, 2030, 10:00/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Answer the request' }));
    expect(useModalStore.getState().modals[0]).toMatchObject({ id: 'answer-reschedule', props: { role: 'client' } });
    expect((screen.getByRole('button', { name: 'Reschedule' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the requester of a reschedule waits for the other party', async () => {
    asClient(bookingDetails({ reschedules: [request('client')] }));
    render();
    expect(await screen.findByText('Waiting for the other party to answer.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer the request' })).toBeNull();
  });

  it('the requester withdraws their request (POST /appointment/{id}/reschedule-withdraw) and hears the answer', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    const fetchMock = mockFetch([
      {
        path: `/api/v1/booking/${bookingId}/details`,
        respond: () => jsonResponse({ data: bookingDetails({ reschedules: [request('client')] }) }),
      },
      {
        method: 'POST',
        path: `/api/v1/appointment/${bookingId}/reschedule-withdraw`,
        respond: () =>
          jsonResponse({
            data: { ...plain, reschedules: [{ ...request('client'), status: 'withdrawn' }] },
            message: 'Your reschedule request has been withdrawn; the booking keeps its time',
          }),
      },
    ]);
    const { user: u } = render();
    await u.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Your reschedule request has been withdrawn; the booking keeps its time',
      ),
    );
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input).endsWith('/reschedule-withdraw') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it("the other party's request cannot be withdrawn by the viewer", async () => {
    asClient(bookingDetails({ reschedules: [request('provider')] }));
    render();
    expect(await screen.findByRole('button', { name: 'Answer the request' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });

  it('a client schedules an appointment without a time', async () => {
    asClient(bookingDetails({ status: 'pending', startTime: null, endTime: null, createdBy: 'provider' }));
    const { user: u } = render();
    await u.click(await screen.findByRole('button', { name: 'Schedule' }));
    expect(useModalStore.getState().modals[0]?.id).toBe('schedule-booking');
    expect(screen.queryByRole('link', { name: 'Pay' })).toBeNull();
  });

  it('a provider accepts a requested booking (POST /appointment/participant/{id}/acknowledge)', async () => {
    useAuthStore.getState().setSession('token', user('provider'));
    const fetchMock = mockFetch([
      {
        path: `/api/v1/appointment/${bookingId}`,
        respond: () => jsonResponse({ data: bookingDetails({ status: 'requested', previousStatus: null }) }),
      },
      {
        method: 'POST',
        path: `/api/v1/appointment/participant/${bookingId}/acknowledge`,
        respond: () => jsonResponse({ data: { ...plain, status: 'pending' } }),
      },
      {
        method: 'POST',
        path: `/api/v1/appointment/participant/${bookingId}/reject-booking`,
        respond: () => jsonResponse({ data: { ...plain, status: 'rejected' } }),
      },
    ]);
    const { user: u } = render();
    expect(await screen.findByRole('button', { name: 'Decline' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Booking accepted'));
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input).endsWith('/acknowledge') && init?.method === 'POST'),
    ).toBe(true);
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/reject-booking'))).toBe(false);
  });

  it("another user's booking (404) shows not found with the way back", async () => {
    useAuthStore.getState().setSession('token', user('client'));
    mockFetch([
      {
        path: `/api/v1/booking/${bookingId}/details`,
        respond: () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404),
      },
    ]);
    render();
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back To Bookings' })).toBeTruthy();
  });

  it('a load failure shows an error with a retry', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    mockFetch([
      {
        path: `/api/v1/booking/${bookingId}/details`,
        respond: () => jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    render();
    expect(await screen.findByText('The booking could not be loaded.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('BookingDetailRoute: the review of a completed session', () => {
  const participantId = uuid(720);
  const completed = () => bookingDetails({ status: 'completed', participantIdentifier: participantId });
  const review = {
    identifier: uuid(721),
    participantIdentifier: participantId,
    bookingIdentifier: bookingId,
    providerIdentifier: uuid(722),
    rating: 4.5,
    comment: 'Calm and clear.',
    isAnonymous: false,
    authorName: 'Sam L.',
    canEdit: true,
    createdAt: '2030-06-11T10:00:00.000Z',
    updatedAt: '2030-06-11T10:00:00.000Z',
  };
  const withReview = (role: 'client' | 'provider', data: unknown) => {
    useAuthStore.getState().setSession('token', user(role));
    mockFetch([
      {
        path: role === 'client' ? `/api/v1/booking/${bookingId}/details` : `/api/v1/appointment/${bookingId}`,
        respond: () => jsonResponse({ data: completed() }),
      },
      { path: `/api/v1/review/booking/${bookingId}`, respond: () => jsonResponse({ data }) },
    ]);
  };

  it('the client is invited to write one; the button opens the review modal', async () => {
    withReview('client', null);
    const { user: u } = render();
    await u.click(await screen.findByRole('button', { name: 'Write a review' }));
    expect(useModalStore.getState().modals[0]).toMatchObject({
      id: 'review',
      props: { review: null, booking: { identifier: bookingId, participantIdentifier: participantId } },
    });
  });

  it('a written review shows with "Edit review" once; after the edit the control is gone', async () => {
    withReview('client', review);
    const { user: u } = render();
    expect(await screen.findByText('4.5 of 5 stars')).toBeTruthy();
    expect(screen.getByText('Calm and clear.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Edit review' }));
    expect(useModalStore.getState().modals[0]).toMatchObject({ id: 'review', props: { review: { rating: 4.5 } } });
  });

  it('no edit control once the edit is spent; the provider reads the review and cannot write one', async () => {
    withReview('client', { ...review, canEdit: false });
    render();
    expect(await screen.findByText('4.5 of 5 stars')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit review' })).toBeNull();
  });

  it('the provider sees "not reviewed" without a write button', async () => {
    withReview('provider', null);
    render();
    expect(await screen.findByText('The client has not reviewed this session.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });
});

describe('BookingDetailRoute: the history tells every move (issue 48)', () => {
  const move = (
    action: 'moved' | 'requested' | 'accepted' | 'withdrawn' | 'closed',
    actor: 'client' | 'provider' | 'system',
    from: string,
    to: string,
    at: string,
    note: string | null = null,
  ) => ({
    kind: 'move' as const,
    action,
    actor,
    requestedBy: actor === 'system' ? ('provider' as const) : actor,
    fromStartTime: from,
    fromEndTime: new Date(Date.parse(from) + 50 * 60_000).toISOString(),
    toStartTime: to,
    toEndTime: new Date(Date.parse(to) + 50 * 60_000).toISOString(),
    note,
    at,
  });
  const twice = (): BookingDetails['history'] => [
    ...bookingDetails().history,
    move(
      'moved',
      'client',
      '2030-06-10T09:00:00.000Z',
      '2030-06-11T10:00:00.000Z',
      '2030-06-02T08:00:00.000Z',
      'Friday suits me better',
    ),
    move(
      'moved',
      'provider',
      '2030-06-11T10:00:00.000Z',
      '2030-06-12T14:00:00.000Z',
      '2030-06-03T08:00:00.000Z',
      'A clash in my diary',
    ),
  ];

  it('after two reschedules: both moves in order, from and to in the viewer zone, who moved it and the notes', async () => {
    asClient(bookingDetails({ history: twice() }));
    render();
    const history = within(await screen.findByRole('list', { name: 'History' }));
    const lines = history.getAllByRole('listitem');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.textContent).toContain('Awaiting payment');
    expect(lines[1]!.textContent).toContain('Confirmed');
    expect(lines[2]!.textContent).toContain('You moved the session');
    expect(lines[2]!.textContent).toMatch(/From\s*Mon, Jun 10, 2030, 9:00\s*–\s*9:50\sAM \(UTC\)/);
    expect(lines[2]!.textContent).toMatch(/To\s*Tue, Jun 11, 2030, 10:00\s*–\s*10:50\sAM \(UTC\)/);
    expect(lines[2]!.textContent).toContain('Note: Friday suits me better');
    expect(lines[3]!.textContent).toContain('Dana Fischer moved the session');
    expect(lines[3]!.textContent).toMatch(/To\s*Wed, Jun 12, 2030, 2:00\s*–\s*2:50\sPM \(UTC\)/);
    expect(lines[3]!.textContent).toContain('Note: A clash in my diary');
  });

  it('in German: the moves, who moved them and the times in German', async () => {
    await i18n.changeLanguage('de');
    try {
      asClient(bookingDetails({ history: twice() }));
      render();
      const history = within(await screen.findByRole('list', { name: 'Verlauf' }));
      const lines = history.getAllByRole('listitem');
      expect(lines[2]!.textContent).toContain('Du hast die Sitzung verschoben');
      expect(lines[2]!.textContent).toMatch(/Von\s*Mo\., 10\. Juni 2030/);
      expect(lines[3]!.textContent).toContain('Dana Fischer hat die Sitzung verschoben');
      expect(lines[3]!.textContent).toContain('Notiz: A clash in my diary');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a request, its withdrawal and a cancellation with its refund; the closed request last', async () => {
    asClient(
      bookingDetails({
        status: 'cancelled',
        history: [
          ...bookingDetails().history,
          move(
            'requested',
            'provider',
            '2030-06-10T09:00:00.000Z',
            '2030-06-11T10:00:00.000Z',
            '2030-06-02T08:00:00.000Z',
            'Travel',
          ),
          move(
            'withdrawn',
            'provider',
            '2030-06-10T09:00:00.000Z',
            '2030-06-11T10:00:00.000Z',
            '2030-06-02T09:00:00.000Z',
          ),
          {
            kind: 'status',
            status: 'cancelled',
            previousStatus: 'confirmed',
            actor: 'client',
            note: 'Feeling unwell',
            at: '2030-06-04T08:00:00.000Z',
            refundAmount: 9000,
          },
        ],
      }),
    );
    render();
    const lines = within(await screen.findByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Awaiting payment'),
      expect.stringContaining('Confirmed'),
      expect.stringContaining('Dana Fischer asked to move the session'),
      expect.stringContaining('Dana Fischer withdrew the request'),
      expect.stringMatching(/Cancelled.*By the client.*Refunded: €90\.00.*Feeling unwell/),
    ]);
  });

  it('a completed booking offers the client Book again, to the therapist with therapy and session type chosen; no count', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    mockFetch([
      {
        path: `/api/v1/booking/${bookingId}/details`,
        respond: () => jsonResponse({ data: bookingDetails({ status: 'completed' }) }),
      },
      { path: `/api/v1/review/booking/${bookingId}`, respond: () => jsonResponse({ data: null }) },
    ]);
    render();
    const again = await screen.findByRole('link', { name: 'Book again' });
    const href = new URL(again.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe(`/therapists/${bookingDetails().provider.identifier}`);
    expect(href.searchParams.get('therapy')).toBe(bookingDetails().therapyCategory.identifier);
    expect(href.searchParams.get('modality')).toBe(bookingDetails().modality.identifier);
    expect(screen.queryByText(/reschedules? left/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });

  it('a confirmed booking has no Book again', async () => {
    asClient();
    render();
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book again' })).toBeNull();
  });

  it('the provider of a completed booking has no Book again', async () => {
    useAuthStore.getState().setSession('token', user('provider'));
    mockFetch([
      {
        path: `/api/v1/appointment/${bookingId}`,
        respond: () => jsonResponse({ data: bookingDetails({ status: 'completed' }) }),
      },
      { path: `/api/v1/review/booking/${bookingId}`, respond: () => jsonResponse({ data: null }) },
    ]);
    render();
    expect(await screen.findByText('The client has not reviewed this session.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book again' })).toBeNull();
  });
});
