import type { BookingDetails } from '@therapy/contracts/bookings';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import type * as IntlWarmup from '@/lib/intl-warmup';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders, type MockRoute } from '@/test/render';
import { TherapistRoute } from './therapist-route';

vi.mock('@/lib/intl-warmup', async (original) => ({
  ...(await original<typeof IntlWarmup>()),
  useIntlReady: () => true,
}));

const providerId = uuid(501);
const day = '2026-06-12';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
});

const profile = {
  identifier: providerId,
  firstName: 'Dana',
  lastName: 'Fischer',
  title: null,
  headline: null,
  photoUrl: null,
  therapies: [{ identifier: uuid(510), code: 'anxiety', name: 'Anxiety' }],
  modalities: [],
  specialities: [{ identifier: uuid(512), code: 'grief', name: 'Grief and loss' }],
  fee: { amount: 9000, currencyCode: 'USD', isFree: false, varies: false },
  prices: [
    {
      therapy: { identifier: uuid(510), code: 'anxiety', name: 'Anxiety' },
      fee: { amount: 9000, currencyCode: 'USD', isFree: false },
    },
  ],
  rating: { average: 4.5, count: 2 },
  nextFreeAt: null,
  bio: 'Calm, practical sessions for adults.',
  licenceStates: [{ identifier: uuid(513), code: 'NY', name: 'New York' }],
  languages: [{ identifier: uuid(514), code: 'es', name: 'Spanish' }],
  workHistory: [] as unknown[],
  education: [] as unknown[],
  officeAddress: null as string | null,
};

const summaryModalities: Array<{ identifier: string; code: string; name: string }> = [];

function api(listed = true, extra: MockRoute[] = [], summary: Record<string, unknown> = {}) {
  return mockFetch([
    ...extra,
    {
      path: `/api/v1/therapists/${providerId}`,
      respond: () =>
        listed
          ? jsonResponse({ data: profile })
          : jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404),
    },
    {
      path: `/api/v1/review/provider/${providerId}`,
      respond: () =>
        jsonResponse({
          data: { average: null, count: 0, items: [] },
          meta: { page: 1, pageSize: 5, total: 0, totalPages: 0 },
        }),
    },
    {
      path: `/api/v1/providers/${providerId}`,
      respond: () =>
        jsonResponse({
          data: {
            identifier: providerId,
            firstName: 'Dana',
            lastName: 'Fischer',
            title: null,
            headline: null,
            photoUrl: null,
            therapies: [{ identifier: uuid(510), code: 'anxiety', name: 'Anxiety' }],
            modalities: summaryModalities,
            ...summary,
          },
        }),
    },
    {
      path: `/api/v1/providers-availability/${providerId}/timeslot/2026-06`,
      respond: () =>
        jsonResponse({
          data: {
            timezone: 'UTC',
            providerTimezone: 'UTC',
            calendarSetupType: 'GENERAL',
            firstDate: '2026-06-10',
            lastDate: '2026-08-09',
            items: [
              {
                date: { date: day, isAvailable: true },
                timeSlot: [
                  { identifier: 'signed-slot', startTime: `${day}T09:00:00.000Z`, endTime: `${day}T09:50:00.000Z` },
                ],
              },
            ],
          },
        }),
    },
    {
      path: '/api/v1/reference/modality',
      respond: () => jsonResponse({ data: [{ identifier: uuid(511), code: 'online', name: 'Online' }] }),
    },
  ]);
}

const render = (search = '') =>
  renderWithProviders(<TherapistRoute />, {
    route: `/therapists/${providerId}${search}`,
    path: '/therapists/:providerId',
  });
async function pickSlot(u: ReturnType<typeof render>['user']) {
  const list = await screen.findByRole('list', { name: /^Free times on / });
  await u.click(within(list).getAllByRole('button')[0]!);
}

describe('TherapistRoute profile', () => {
  it('shows the rating, fee, licence states, specialities and bio of a listed therapist', async () => {
    useAuthStore.getState().setAnonymous();
    api();
    render();
    const about = await screen.findByRole('region', { name: 'About' });
    expect(within(about).getByText('4.5 out of 5 (2 reviews)').getAttribute('href')).toBe('#reviews');
    expect(within(about).getByText('$90.00')).toBeTruthy();
    expect(within(about).getByText('New York')).toBeTruthy();
    expect(within(about).getByText('Spanish')).toBeTruthy();
    expect(within(about).getByText('Grief and loss')).toBeTruthy();
    expect(within(about).getByText('Calm, practical sessions for adults.')).toBeTruthy();
  });

  it('shows the session formats, office address, education and work history (issue 47)', async () => {
    useAuthStore.getState().setAnonymous();
    Object.assign(profile, {
      modalities: [
        { identifier: uuid(515), code: 'online', name: 'Online' },
        { identifier: uuid(516), code: 'in-person', name: 'In person' },
      ],
      officeAddress: '12 Main Street, Brooklyn',
      education: [{ title: 'MSc Clinical Psychology' }],
      workHistory: [
        {
          companyName: 'Harbor Clinic',
          jobTitle: 'Family Therapist',
          startDate: '2015-03',
          endDate: null,
          currentlyWorksHere: true,
          description: 'Couples and family sessions.',
        },
      ],
    });
    try {
      api();
      render();
      const about = await screen.findByRole('region', { name: 'About' });
      expect(within(about).getByText('Session formats')).toBeTruthy();
      expect(within(about).getByText('Online, In person')).toBeTruthy();
      expect(within(about).getByText('12 Main Street, Brooklyn')).toBeTruthy();
      expect(within(about).getByRole('heading', { name: 'Education' })).toBeTruthy();
      expect(within(about).getByText('MSc Clinical Psychology')).toBeTruthy();
      expect(within(about).getByText('Family Therapist, Harbor Clinic')).toBeTruthy();
      expect(within(about).getByText('March 2015 – today')).toBeTruthy();
      expect(within(about).getByText('Couples and family sessions.')).toBeTruthy();
    } finally {
      Object.assign(profile, { modalities: [], officeAddress: null, education: [], workHistory: [] });
    }
  });

  it('shows the fee of each therapy where there are several (issue 48)', async () => {
    useAuthStore.getState().setAnonymous();
    const one = { therapies: profile.therapies, prices: profile.prices, fee: profile.fee };
    const couples = { identifier: uuid(517), code: 'couples', name: 'Couples therapy' };
    Object.assign(profile, {
      therapies: [...one.therapies, couples],
      prices: [...one.prices, { therapy: couples, fee: { amount: 12000, currencyCode: 'USD', isFree: false } }],
      fee: { ...one.fee, varies: true },
    });
    try {
      api();
      render();
      const about = await screen.findByRole('region', { name: 'About' });
      const fees = within(about).getByTestId('profile-prices');
      expect(
        within(fees)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Anxiety: $90.00', 'Couples therapy: $120.00']);
    } finally {
      Object.assign(profile, one);
    }
  });

  it('a therapist who is not listed has the page without the section', async () => {
    useAuthStore.getState().setAnonymous();
    api(false);
    render();
    await screen.findByRole('heading', { level: 1, name: 'Dana Fischer' });
    await screen.findByRole('list', { name: /^Free times on / });
    expect(screen.queryByRole('region', { name: 'About' })).toBeNull();
  });
});

describe('TherapistRoute booking', () => {
  it('signed out: Continue goes to /login with this page, the chosen time, therapy and session type (issue 48)', async () => {
    useAuthStore.getState().setAnonymous();
    summaryModalities.push({ identifier: uuid(511), code: 'online', name: 'Online' });
    try {
      api();
      const { user: u, router } = render();
      await pickSlot(u);
      expect(await screen.findByText('Sign in to book this time.')).toBeTruthy();
      // The note waits until they are signed in: it would not survive the way through sign-up.
      expect(screen.queryByRole('textbox', { name: /Note for the therapist/ })).toBeNull();
      await u.selectOptions(await screen.findByRole('combobox', { name: 'Modality' }), 'Online');
      await u.click(screen.getByRole('button', { name: 'Continue' }));
      const back = `/therapists/${providerId}?slot=signed-slot&therapy=${uuid(510)}&modality=${uuid(511)}`;
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/login?redirect=${encodeURIComponent(back)}`,
      );
      expect(JSON.parse(localStorage.getItem('bookingIntent')!)).toMatchObject({
        providerId,
        slot: 'signed-slot',
      });
    } finally {
      summaryModalities.length = 0;
      localStorage.clear();
    }
  });

  it('signed out: Continue without a session type still keeps the time', async () => {
    useAuthStore.getState().setAnonymous();
    api();
    const { user: u, router } = render();
    await pickSlot(u);
    await u.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent(`/therapists/${providerId}?slot=signed-slot&therapy=${uuid(510)}`)}`,
    );
    localStorage.clear();
  });

  it('back signed in with the time this browser pressed Continue on: the choice is filled in and its hold made', async () => {
    useAuthStore.getState().setSession('token', clientUser());
    summaryModalities.push({ identifier: uuid(511), code: 'online', name: 'Online' });
    const link = slotToken(`${day}T09:00:00.000Z`);
    localStorage.setItem('bookingIntent', JSON.stringify({ providerId, slot: link, at: Date.now() }));
    let sent: unknown = null;
    try {
      api(true, [
        {
          method: 'POST',
          path: '/api/v1/booking',
          respond: (init) => {
            sent = JSON.parse(String(init?.body));
            return jsonResponse({ data: bookingFixture() }, 201);
          },
        },
      ]);
      const { router } = render(`?slot=${link}&therapy=${uuid(510)}&modality=${uuid(511)}`);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/payment/${uuid(900)}`));
      // The calendar's identifier of that time (it may be issued anew), with the kept therapy and session type.
      expect(sent).toEqual({
        modalityIdentifier: uuid(511),
        therapyIdentifier: uuid(510),
        timeslotIdentifier: 'signed-slot',
        note: null,
      });
      expect(localStorage.getItem('bookingIntent')).toBeNull();
    } finally {
      summaryModalities.length = 0;
      localStorage.clear();
    }
  });

  it('the same link without that intent (sent by someone, opened elsewhere) selects the time but books nothing', async () => {
    useAuthStore.getState().setSession('token', clientUser());
    summaryModalities.push({ identifier: uuid(511), code: 'online', name: 'Online' });
    const link = slotToken(`${day}T09:00:00.000Z`);
    try {
      const fetchMock = api();
      render(`?slot=${link}&therapy=${uuid(510)}&modality=${uuid(511)}`);
      await vi.waitFor(() =>
        expect(screen.getByTestId('booking-time').textContent).toMatch(/Friday, June 12, 2026, 9:00\sAM/),
      );
      await vi.waitFor(() =>
        expect((screen.getByRole('combobox', { name: 'Modality' }) as HTMLSelectElement).value).toBe(uuid(511)),
      );
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    } finally {
      summaryModalities.length = 0;
    }
  });

  it('a provider sees the calendar but no booking form', async () => {
    useAuthStore.getState().setSession('token', { ...clientUser(), userType: 'provider' });
    api();
    const { user: u } = render();
    await pickSlot(u);
    expect(screen.getByText('Therapists cannot book sessions. Clients book you from this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('a client gets the form with the picked time and the only therapy chosen', async () => {
    useAuthStore.getState().setSession('token', clientUser());
    api();
    const { user: u } = render();
    await pickSlot(u);
    // The form loads lazily (its schemas stay out of the page's first chunk).
    expect((await screen.findByTestId('booking-time')).textContent).toMatch(/Friday, June 12, 2026, 9:00\sAM/);
    expect((screen.getByRole('combobox', { name: 'Therapy' }) as HTMLSelectElement).value).toBe(uuid(510));
    // The form's price comes from the page's own answer (GET /therapists/{id}), before Continue (issue 48).
    expect(screen.getByTestId('booking-price').textContent).toBe('Fee per session$90.00');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

describe('TherapistRoute: Book again (issue 48)', () => {
  it('?therapy=&modality= preselect the therapy and session type of the booking the client books again', async () => {
    useAuthStore.getState().setSession('token', clientUser());
    api(true, [], {
      therapies: [
        { identifier: uuid(510), code: 'anxiety', name: 'Anxiety' },
        { identifier: uuid(515), code: 'couples', name: 'Couples therapy' },
      ],
      modalities: [
        { identifier: uuid(511), code: 'online', name: 'Online' },
        { identifier: uuid(516), code: 'in-person', name: 'In person' },
      ],
    });
    const { user: u } = renderWithProviders(<TherapistRoute />, {
      route: `/therapists/${providerId}?therapy=${uuid(515)}&modality=${uuid(516)}`,
      path: '/therapists/:providerId',
    });
    await pickSlot(u);
    await screen.findByTestId('booking-time');
    expect((screen.getByRole('combobox', { name: 'Therapy' }) as HTMLSelectElement).value).toBe(uuid(515));
    expect((screen.getByRole('combobox', { name: 'Modality' }) as HTMLSelectElement).value).toBe(uuid(516));
  });

  it('an identifier the therapist no longer offers is not chosen', async () => {
    useAuthStore.getState().setSession('token', clientUser());
    // Two session types, so the only-one rule (preselect it) does not choose one either.
    api(true, [], {
      modalities: [
        { identifier: uuid(511), code: 'online', name: 'Online' },
        { identifier: uuid(512), code: 'in-person', name: 'In person' },
      ],
    });
    const { user: u } = renderWithProviders(<TherapistRoute />, {
      route: `/therapists/${providerId}?therapy=${uuid(599)}&modality=${uuid(598)}`,
      path: '/therapists/:providerId',
    });
    await pickSlot(u);
    await screen.findByTestId('booking-time');
    expect((screen.getByRole('combobox', { name: 'Therapy' }) as HTMLSelectElement).value).toBe(uuid(510));
    expect((screen.getByRole('combobox', { name: 'Modality' }) as HTMLSelectElement).value).toBe('');
  });
});

describe('TherapistRoute told early (issue 48)', () => {
  const states = [
    { identifier: uuid(600), code: 'CA', name: 'California' },
    { identifier: uuid(513), code: 'NY', name: 'New York' },
  ];
  const statesRoute: MockRoute = {
    path: '/api/v1/region/country/code/US/states',
    respond: () => jsonResponse({ data: states }),
  };
  const profileIn = (stateIdentifier: string): MockRoute => ({
    path: '/api/v1/client',
    respond: () =>
      jsonResponse({
        data: {
          identifier: uuid(502),
          firstName: 'Sam',
          lastName: 'Lee',
          userName: null,
          email: 'c@example.com',
          photoUrl: null,
          avatarIdentifier: null,
          countryIdentifier: uuid(601),
          stateIdentifier,
          zipCode: null,
          dob: null,
          religionIdentifier: null,
          ethnicityIdentifier: null,
          gender: null,
          timezone: null,
          phoneNumber: null,
        },
      }),
  });

  it("a client whose saved state is not one of the therapist's hears so at the top and before the form, without a waitlist", async () => {
    useAuthStore.getState().setSession('token', clientUser());
    api(true, [statesRoute, profileIn(uuid(600))]);
    const { user: u } = render();
    const alert = await screen.findByText(
      'Dana Fischer is not licensed in California, the state in your profile, so you cannot book a session with them.',
    );
    expect(alert.closest('[role="status"]')!.textContent).toContain('Not licensed in California');
    expect(screen.getByRole('link', { name: 'Find therapists licensed in California' }).getAttribute('href')).toBe(
      '/therapists?state=CA',
    );
    await pickSlot(u);
    expect(screen.getByText('Booking is not possible: this therapist is not licensed in California.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });

  it('a client in a state the therapist is licensed in sees no such alert, and the form and the waitlist', async () => {
    useAuthStore.getState().setSession('token', clientUser());
    api(true, [statesRoute, profileIn(uuid(513))]);
    const { user: u } = render();
    await pickSlot(u);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
    expect(screen.queryByText(/is not licensed in/)).toBeNull();
  });

  it('a visitor who chose another state in the directory hears so too, in German', async () => {
    const { i18n } = await import('@/lib/i18n');
    useAuthStore.getState().setAnonymous();
    localStorage.setItem('directoryState', 'CA');
    await i18n.changeLanguage('de');
    try {
      api(true, [statesRoute]);
      const { user: u } = render();
      expect(
        await screen.findByText(
          'Dana Fischer hat keine Zulassung in California, dem Bundesstaat, den du im Verzeichnis gewählt hast: Klient*innen aus California können hier nicht buchen.',
        ),
      ).toBeTruthy();
      const list = await screen.findByRole('list', { name: /^Freie Zeiten am / });
      await u.click(within(list).getAllByRole('button')[0]!);
      expect(screen.getByText('Buchen ist nicht möglich: keine Zulassung in California.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Weiter' })).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
      localStorage.clear();
    }
  });
});

/** A slot identifier as the server issues them (version 1: the start in minutes at byte 17), for `?slot=` links. */
function slotToken(startIso: string): string {
  const bytes = new Uint8Array(24);
  bytes[0] = 1;
  const minutes = Date.parse(startIso) / 60_000;
  bytes[17] = (minutes >>> 24) & 255;
  bytes[18] = (minutes >>> 16) & 255;
  bytes[19] = (minutes >>> 8) & 255;
  bytes[20] = minutes & 255;
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function bookingFixture(status: BookingDetails['status'] = 'pending', id = uuid(900)) {
  return {
    identifier: id,
    status,
    previousStatus: null,
    provider: {
      identifier: providerId,
      firstName: 'Dana',
      lastName: 'Fischer',
      username: null,
      picture: null,
      timezone: 'UTC',
    },
    client: {
      identifier: uuid(502),
      firstName: 'Sam',
      lastName: 'Lee',
      username: null,
      picture: null,
      timezone: 'UTC',
    },
    therapyCategory: { identifier: uuid(510), code: 'anxiety', name: 'Anxiety' },
    modality: { identifier: uuid(511), code: 'online', name: 'Online' },
    startTime: '2026-06-12T09:00:00.000Z',
    endTime: '2026-06-12T09:50:00.000Z',
    note: null,
    meetingLink: null,
    address: null,
    price: { amount: 9000, currencyCode: 'EUR' },
    paymentMethod: 'platform' as const,
    holdExpiresAt: status === 'pending' ? '2030-06-01T08:30:00.000Z' : null,
    seriesIdentifier: null,
    createdBy: 'client' as const,
    rescheduleInfo: { status: null, remainingClientReschedule: 2, remainingProviderReschedule: 3 },
    reschedules: [],
    allowRescheduleCompletedBooking: false,
    feedbackProvided: false,
    participantIdentifier: null,
    createdAt: '2030-06-01T08:00:00.000Z',
  };
}

function clientUser() {
  return {
    identifier: uuid(502),
    email: 'c@example.com',
    userType: 'client' as const,
    firstName: 'Sam',
    lastName: 'Lee',
    isSocial: false,
    emailVerified: true,
    accountActive: true,
    countryCode: 'DE',
    locale: 'en' as const,
    timezone: 'UTC',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}
