import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useModalStore } from '@/lib/modal-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { OverviewRoute } from './routes/overview-route';

const party = (n: number, firstName: string, lastName: string) => ({
  identifier: uuid(n),
  firstName,
  lastName,
  username: null,
  picture: null,
  timezone: 'UTC',
});
const booking = (n: number, status: string, start: string | null, extra: Record<string, unknown> = {}) => ({
  identifier: uuid(n),
  status,
  previousStatus: null,
  provider: party(900, 'Lena', 'Hoffmann'),
  client: party(901, 'Amara', 'Okafor'),
  therapyCategory: { identifier: uuid(902), code: 'individual', name: 'Individual therapy' },
  modality: { identifier: uuid(903), code: 'online', name: 'Online' },
  startTime: start,
  endTime: start && new Date(new Date(start).getTime() + 3_600_000).toISOString(),
  note: null,
  meetingLink: null,
  address: null,
  price: { amount: 8000, currencyCode: 'EUR' },
  paymentMethod: 'platform' as const,
  holdExpiresAt: null,
  seriesIdentifier: null,
  createdBy: 'client',
  rescheduleInfo: { status: null, remainingClientReschedule: 2, remainingProviderReschedule: 2 },
  reschedules: [],
  allowRescheduleCompletedBooking: false,
  feedbackProvided: false,
  participantIdentifier: uuid(n + 1000),
  createdAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});
const user = (userType: 'client' | 'provider') => ({
  identifier: uuid(userType === 'client' ? 901 : 900),
  email: 'u@example.com',
  userType,
  firstName: userType === 'client' ? 'Amara' : 'Lena',
  lastName: 'X',
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: 'NG',
  locale: 'en' as const,
  timezone: 'UTC',
  createdAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => {
  useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
  useModalStore.getState().close();
});

const render = () => renderWithProviders(<OverviewRoute />, { route: '/overview', path: '/overview' });

describe("the client's dashboard", () => {
  it('shows the next session with its link, the balance, the sessions to review and the therapists seen', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    const toReview = booking(2, 'completed', '2026-11-20T10:00:00.000Z');
    mockFetch([
      {
        path: '/api/v1/overview/client',
        respond: () =>
          jsonResponse({
            data: {
              nextSession: booking(1, 'confirmed', '2026-11-30T12:00:00.000Z', {
                meetingLink: 'http://localhost:3000/session/x',
              }),
              upcomingCount: 3,
              toReview: [toReview],
              toReviewCount: 1,
              therapists: [party(900, 'Lena', 'Hoffmann')],
            },
          }),
      },
      // Issue 48: every wallet held, the one used last first: a EUR wallet back at 0 after a refund is still held (it
      // has a history); an own wallet never used is not (a client of Nigeria who only ever paid in euros and dollars).
      {
        path: '/api/v1/wallet/balances',
        respond: () =>
          jsonResponse({
            data: [
              { balance: 0, currency: 'EUR', own: false, lastActivityAt: '2026-11-29T10:00:00.000Z' },
              { balance: 8000, currency: 'USD', own: false, lastActivityAt: '2026-11-20T10:00:00.000Z' },
              { balance: 0, currency: 'NGN', own: true, lastActivityAt: null },
            ],
          }),
      },
    ]);
    const { user: u } = render();
    const next = await screen.findByRole('region', { name: 'Your next session' });
    expect(
      (await within(next).findByRole('link', { name: /with Lena Hoffmann · Confirmed/ })).getAttribute('href'),
    ).toBe(`/appointments/${uuid(1)}`);
    expect(within(next).getByRole('link', { name: 'Join the session' }).getAttribute('href')).toBe(
      'http://localhost:3000/session/x',
    );
    expect(within(next).getByRole('link', { name: '2 more coming' }).getAttribute('href')).toBe('/appointments');
    const wallet = screen.getByRole('region', { name: 'Wallet balance' });
    const held = await within(wallet).findAllByRole('link', { name: /^[€$₦]/ });
    expect(held.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['€0.00 EUR', '/wallet?currency=EUR'],
      ['$80.00 USD', '/wallet?currency=USD'],
    ]);
    expect(within(wallet).queryByText(/₦/)).toBeNull();
    const review = screen.getByRole('region', { name: 'Sessions to review' });
    expect(within(review).getByText('1 completed session waits for your review.')).toBeTruthy();
    await u.click(within(review).getByRole('button', { name: 'Write a review' }));
    expect(useModalStore.getState().modals.at(-1)).toMatchObject({
      id: 'review',
      props: { booking: toReview, review: null },
    });
    const seen = screen.getByRole('region', { name: 'Therapists you have seen' });
    expect(within(seen).getByRole('link', { name: 'Lena Hoffmann' }).getAttribute('href')).toBe(
      `/therapists/${uuid(900)}/`,
    );
  });

  it('a new client: nothing upcoming, a way to find a therapist', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    mockFetch([
      {
        path: '/api/v1/overview/client',
        respond: () =>
          jsonResponse({
            data: { nextSession: null, upcomingCount: 0, toReview: [], toReviewCount: 0, therapists: [] },
          }),
      },
      {
        path: '/api/v1/wallet/balances',
        respond: () => jsonResponse({ data: [{ balance: 0, currency: 'NGN', own: true, lastActivityAt: null }] }),
      },
    ]);
    render();
    expect(await screen.findByText('You have no upcoming session.')).toBeTruthy();
    // Nothing held yet: the own wallet at 0.
    const wallet = screen.getByRole('region', { name: 'Wallet balance' });
    expect((await within(wallet).findByRole('link', { name: '₦0.00 NGN' })).getAttribute('href')).toBe(
      '/wallet?currency=NGN',
    );
    expect(screen.getByText('Nothing to review right now.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Find a therapist' })).toHaveLength(2);
  });

  it('a failed load says so and offers to try again', async () => {
    useAuthStore.getState().setSession('token', user('client'));
    mockFetch([
      {
        path: '/api/v1/overview/client',
        respond: () => jsonResponse({ message: 'Something went wrong', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
      {
        path: '/api/v1/wallet/balances',
        respond: () => jsonResponse({ data: [{ balance: 0, currency: 'NGN', own: true, lastActivityAt: null }] }),
      },
    ]);
    render();
    expect((await screen.findAllByText('This could not be loaded.')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});

describe("the provider's dashboard", () => {
  it("shows today's sessions in the provider's zone, the requests, this month's earnings and the latest reviews", async () => {
    useAuthStore.getState().setSession('token', user('provider'));
    mockFetch([
      {
        path: '/api/v1/overview/provider',
        respond: () =>
          jsonResponse({
            data: {
              timezone: 'Europe/Berlin',
              today: [booking(1, 'confirmed', '2026-11-26T09:00:00.000Z')],
              requests: [booking(2, 'requested', '2026-11-28T09:00:00.000Z')],
              requestsCount: 6,
              earningsThisMonth: [{ amount: 6400, currencyCode: 'EUR' }],
            },
          }),
      },
      {
        path: `/api/v1/review/provider/${uuid(900)}`,
        respond: () =>
          jsonResponse({
            data: {
              average: 4.5,
              count: 2,
              items: [
                {
                  identifier: uuid(7),
                  rating: 4.5,
                  comment: 'Kind and clear.',
                  authorName: null,
                  createdAt: '2026-11-20T10:00:00.000Z',
                },
              ],
            },
            meta: { page: 1, pageSize: 3, total: 2, totalPages: 1 },
          }),
      },
    ]);
    render();
    const today = await screen.findByRole('region', { name: "Today's sessions" });
    expect(
      await within(today).findByRole('link', { name: /10:00\sAM\s–\s11:00\sAM.*with Amara Okafor · Confirmed/ }),
    ).toBeTruthy();
    const requests = screen.getByRole('region', { name: 'Requests to acknowledge' });
    expect(within(requests).getByText('6 requests wait for your answer.')).toBeTruthy();
    expect(within(requests).getByRole('link', { name: 'See all requests' }).getAttribute('href')).toBe('/appointments');
    expect(within(screen.getByRole('region', { name: 'Earnings this month' })).getByText('€64.00')).toBeTruthy();
    const reviews = screen.getByRole('region', { name: 'Latest reviews' });
    expect(await within(reviews).findByText('Kind and clear.')).toBeTruthy();
    expect(within(reviews).getByText('4.5 out of 5 (2 reviews)')).toBeTruthy();
  });

  it('lists clients with an unseen risk answer under "Needs attention", linked to them, until marked seen', async () => {
    useAuthStore.getState().setSession('token', user('provider'));
    let risks = [
      {
        measureIdentifier: uuid(40),
        clientIdentifier: uuid(41),
        clientName: 'Amara Okafor',
        answeredAt: '2026-11-25T10:00:00.000Z',
      },
    ];
    const marked: string[] = [];
    mockFetch([
      {
        path: '/api/v1/overview/provider',
        respond: () =>
          jsonResponse({
            data: { timezone: 'Europe/Berlin', today: [], requests: [], requestsCount: 0, earningsThisMonth: [] },
          }),
      },
      {
        path: `/api/v1/review/provider/${uuid(900)}`,
        respond: () =>
          jsonResponse({
            data: { average: null, count: 0, items: [] },
            meta: { page: 1, pageSize: 3, total: 0, totalPages: 0 },
          }),
      },
      { path: '/api/v1/measures/risk-review', respond: () => jsonResponse({ data: risks }) },
      {
        method: 'POST',
        path: `/api/v1/measures/${uuid(40)}/risk-seen`,
        respond: () => {
          marked.push(uuid(40));
          risks = [];
          return jsonResponse({ message: 'The risk answer is marked as seen' });
        },
      },
    ]);
    render();
    const card = await screen.findByRole('region', { name: 'Needs attention' });
    const link = await within(card).findByRole('link', { name: 'Amara Okafor' });
    expect(link.getAttribute('href')).toBe(`/clients/${uuid(41)}`);
    expect(within(card).getByText('PHQ-9 answered Nov 25, 2026: item 9 above zero')).toBeTruthy();
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: 'Mark as seen: the answer of Amara Okafor' }));
    expect(await within(card).findByText('Nothing needs your attention.')).toBeTruthy();
    expect(marked).toEqual([uuid(40)]);
  });
});
