import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import type * as IntlWarmup from '@/lib/intl-warmup';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
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

function api(listed = true, summary: Record<string, unknown> = {}) {
  return mockFetch([
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
            modalities: [],
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

const render = () =>
  renderWithProviders(<TherapistRoute />, { route: `/therapists/${providerId}`, path: '/therapists/:providerId' });
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
  it('signed out: Continue goes to /login?redirect=<this page>', async () => {
    useAuthStore.getState().setAnonymous();
    api();
    const { user: u, router } = render();
    await pickSlot(u);
    expect(screen.queryByRole('combobox', { name: 'Modality' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/login?redirect=${encodeURIComponent(`/therapists/${providerId}`)}`,
    );
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
    api(true, {
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
    api(true, {
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
