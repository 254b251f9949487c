import type { ReactNode } from 'react';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { useModalStore } from '@/lib/modal-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { StatePickerModal } from './modals/state-picker-modal';
import { DirectoryRoute } from './routes/directory-route';

afterEach(() => useModalStore.getState().reset());

const states = [
  { identifier: uuid(801), code: 'NY', name: 'New York' },
  { identifier: uuid(802), code: 'NJ', name: 'New Jersey' },
  { identifier: uuid(803), code: 'CA', name: 'California' },
];
const statesRoute = { path: '/api/v1/region/country/code/US/states', respond: () => jsonResponse({ data: states }) };
const reference = (list: string, items: Array<[string, string]>) => ({
  path: `/api/v1/reference/${list}`,
  respond: () =>
    jsonResponse({
      data: items.map(([code, name], i) => ({ identifier: uuid(900 + i + list.length * 10), code, name })),
    }),
});
const lists = [
  reference('therapy-category', [
    ['individual', 'Individual therapy'],
    ['couples', 'Couples therapy'],
  ]),
  reference('modality', [['online', 'Online']]),
  reference('gender', [['female', 'Female']]),
  reference('speciality', [['grief', 'Grief and loss']]),
  reference('religion', [['buddhism', 'Buddhism']]),
  reference('ethnicity', [['asian', 'Asian']]),
  {
    path: '/api/v1/region/languages',
    respond: () =>
      jsonResponse({
        data: [
          { identifier: uuid(980), code: 'es', name: 'Spanish', isPrimary: true },
          { identifier: uuid(981), code: 'en', name: 'English', isPrimary: true },
          { identifier: uuid(982), code: 'kw', name: 'Cornish', isPrimary: false },
        ],
      }),
  },
];
const entry = (n: number, lastName: string) => ({
  identifier: uuid(850 + n),
  firstName: 'Lena',
  lastName,
  title: 'Dr',
  headline: 'Anxiety and depression',
  photoUrl: null,
  therapies: [{ identifier: uuid(870), code: 'individual', name: 'Individual therapy' }],
  modalities: [],
  specialities: [],
  fee: { amount: 6000, currencyCode: 'USD', isFree: false, varies: false },
  convertedFee: null,
  rating: { average: 4.5, count: 2 },
  nextFreeAt: '2026-11-27T09:00:00.000Z',
});
const Picker = StatePickerModal as unknown as (props: { onClose: () => void; initialState?: string }) => ReactNode;

describe('StatePickerModal (spec §2 "US state picker")', () => {
  it("starts on the state saved in a client's profile (issue 48), and goes there with Find Therapist", async () => {
    useAuthStore.getState().setSession('token', {
      identifier: uuid(700),
      email: 'c@example.com',
      userType: 'client',
      firstName: 'Sam',
      lastName: 'Lee',
      isSocial: false,
      emailVerified: true,
      accountActive: true,
      countryCode: 'US',
      locale: 'en',
      timezone: 'America/Los_Angeles',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    localStorage.setItem('directoryState', 'NY');
    try {
      mockFetch([
        statesRoute,
        {
          path: '/api/v1/client',
          respond: () =>
            jsonResponse({
              data: {
                identifier: uuid(700),
                firstName: 'Sam',
                lastName: 'Lee',
                userName: null,
                email: 'c@example.com',
                photoUrl: null,
                avatarIdentifier: null,
                countryIdentifier: uuid(701),
                stateIdentifier: uuid(803),
                zipCode: null,
                dob: null,
                religionIdentifier: null,
                ethnicityIdentifier: null,
                gender: null,
                timezone: null,
                phoneNumber: null,
              },
            }),
        },
      ]);
      const { user, router } = renderWithProviders(
        <Dialog open onOpenChange={() => undefined}>
          <Picker onClose={() => undefined} />
        </Dialog>,
      );
      const california = await screen.findByRole('radio', { name: /California/ });
      await vi.waitFor(() => expect((california as HTMLInputElement).checked).toBe(true));
      await user.click(screen.getByRole('button', { name: 'Find Therapist' }));
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/therapists?state=CA');
    } finally {
      localStorage.clear();
      useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
    }
  });

  it('a visitor starts on the state chosen last time', async () => {
    useAuthStore.getState().setAnonymous();
    localStorage.setItem('directoryState', 'NJ');
    try {
      mockFetch([statesRoute]);
      renderWithProviders(
        <Dialog open onOpenChange={() => undefined}>
          <Picker onClose={() => undefined} />
        </Dialog>,
      );
      const jersey = await screen.findByRole('radio', { name: /New Jersey/ });
      await vi.waitFor(() => expect((jersey as HTMLInputElement).checked).toBe(true));
    } finally {
      localStorage.clear();
      useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
    }
  });

  it('proceeds only with a state; the list filters as you type; "Find Therapist" opens the directory of that state', async () => {
    mockFetch([statesRoute]);
    const onClose = vi.fn();
    const { user, router } = renderWithProviders(
      <Dialog open onOpenChange={() => undefined}>
        <Picker onClose={onClose} />
      </Dialog>,
    );
    expect(await screen.findByRole('heading', { name: 'Find the right therapist for you' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Find Therapist' }));
    expect(await screen.findByText('Please choose a US state')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.type(screen.getByRole('searchbox', { name: 'Search states' }), 'new');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: /New Jersey/ }));
    await user.click(screen.getByRole('button', { name: 'Find Therapist' }));
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname + router.state.location.search).toBe('/therapists?state=NJ');
  });
});

describe('DirectoryRoute', () => {
  it('lists the therapists of the state in the URL, with rating and fee, each a link to their page', async () => {
    const fetchMock = mockFetch([
      statesRoute,
      ...lists,
      {
        path: '/api/v1/therapists',
        respond: () =>
          jsonResponse({
            data: [entry(1, 'Hoffmann')],
            meta: { page: 1, pageSize: 12, total: 1, totalPages: 1, currency: 'USD' },
          }),
      },
    ]);
    renderWithProviders(<DirectoryRoute />, { route: '/therapists?state=NY&therapy=individual', path: '/therapists' });
    expect(await screen.findByRole('heading', { name: 'Therapists in New York' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Dr Lena Hoffmann' })).getAttribute('href')).toBe(
      `/therapists/${uuid(851)}/`,
    );
    expect(screen.getByText('4.5 (2 reviews)')).toBeTruthy();
    // The lowest price a client can book (issue 48).
    expect(screen.getByText('from $60.00 per session')).toBeTruthy();
    expect(screen.getByText(/^Next free: Nov 27, 2026/)).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/api/v1/therapists'))!;
    expect(new URL(asked, 'http://localhost').searchParams.get('therapy')).toBe('individual');
  });

  it('the card says "from" the lowest bookable price with its currency, in en and de; "free" only when every therapy is', async () => {
    const free = { ...entry(2, 'Allfree'), fee: { amount: 0, currencyCode: 'USD', isFree: true, varies: false } };
    const some = { ...entry(3, 'Somefree'), fee: { amount: 0, currencyCode: 'USD', isFree: true, varies: true } };
    const euro = { ...entry(4, 'Euro'), fee: { amount: 8000, currencyCode: 'EUR', isFree: false, varies: true } };
    mockFetch([
      statesRoute,
      ...lists,
      {
        path: '/api/v1/therapists',
        respond: () =>
          jsonResponse({
            data: [free, some, euro],
            meta: { page: 1, pageSize: 12, total: 3, totalPages: 1, currency: 'USD' },
          }),
      },
    ]);
    const { unmount } = renderWithProviders(<DirectoryRoute />, {
      route: '/therapists?state=NY',
      path: '/therapists',
    });
    expect(await screen.findByText('Free session')).toBeTruthy();
    expect(screen.getByText('from $0.00 per session')).toBeTruthy();
    expect(screen.getByText('from €80.00 per session')).toBeTruthy();
    unmount();
    await i18n.changeLanguage('de');
    try {
      renderWithProviders(<DirectoryRoute />, { route: '/therapists?state=NY', path: '/therapists' });
      expect(await screen.findByText('Kostenlose Sitzung')).toBeTruthy();
      expect(screen.getByText('ab 80,00 € pro Sitzung')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("remembers the page's state for the picker and the therapists' pages (issue 48)", async () => {
    localStorage.removeItem('directoryState');
    mockFetch([
      statesRoute,
      ...lists,
      {
        path: '/api/v1/therapists',
        respond: () =>
          jsonResponse({ data: [], meta: { page: 1, pageSize: 12, total: 0, totalPages: 0, currency: 'USD' } }),
      },
    ]);
    renderWithProviders(<DirectoryRoute />, { route: '/therapists?state=ca', path: '/therapists' });
    await vi.waitFor(() => expect(localStorage.getItem('directoryState')).toBe('CA'));
    localStorage.clear();
  });

  it('a filter changes the URL (and so the search); an empty result says so', async () => {
    mockFetch([
      statesRoute,
      ...lists,
      {
        path: '/api/v1/therapists',
        respond: () =>
          jsonResponse({ data: [], meta: { page: 1, pageSize: 12, total: 0, totalPages: 0, currency: 'USD' } }),
      },
    ]);
    const { user, router } = renderWithProviders(<DirectoryRoute />, {
      route: '/therapists?state=NY&page=2',
      path: '/therapists',
    });
    expect(await screen.findByText('No therapist matches these filters')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByRole('option', { name: 'Couples therapy' }).length).toBe(1));
    await user.selectOptions(screen.getByLabelText('Therapy'), 'couples');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('therapy')).toBe('couples');
    expect(search.get('state')).toBe('NY');
    expect(search.get('page')).toBeNull();
  });

  it('speciality, religion, ethnicity and a price range are filters in the URL; the range cannot be chosen empty', async () => {
    const fetchMock = mockFetch([
      statesRoute,
      ...lists,
      {
        path: '/api/v1/therapists',
        respond: () =>
          jsonResponse({
            data: [entry(1, 'Hoffmann')],
            meta: { page: 1, pageSize: 12, total: 1, totalPages: 1, currency: 'USD' },
          }),
      },
    ]);
    const { user, router } = renderWithProviders(<DirectoryRoute />, {
      route: '/therapists?state=NY',
      path: '/therapists',
    });
    await vi.waitFor(() => expect(screen.getAllByRole('option', { name: 'Buddhism' }).length).toBe(1));
    // The common languages only (not every ISO language).
    await vi.waitFor(() => expect(screen.getAllByRole('option', { name: 'Spanish' }).length).toBe(1));
    expect(screen.queryByRole('option', { name: 'Cornish' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Language'), 'es');
    await user.selectOptions(screen.getByLabelText('Speciality'), 'grief');
    await user.selectOptions(screen.getByLabelText("Therapist's religion"), 'buddhism');
    await user.selectOptions(screen.getByLabelText("Therapist's ethnicity"), 'asian');
    await user.selectOptions(screen.getByLabelText('Maximum'), '10000');
    // A minimum above the maximum is not offered.
    expect(screen.getByLabelText('Minimum').querySelectorAll('option[value="15000"]')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Minimum'), '7500');
    await user.click(screen.getByRole('checkbox', { name: 'Free in the next 7 days' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'soonest');
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      state: 'NY',
      language: 'es',
      speciality: 'grief',
      religion: 'buddhism',
      ethnicity: 'asian',
      priceMax: '10000',
      priceMin: '7500',
      available: 'week',
      sort: 'soonest',
    });
    await vi.waitFor(() => {
      const asked = fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((u) => u.pathname === '/api/v1/therapists')
        .at(-1)!;
      expect(asked.searchParams.get('priceMin')).toBe('7500');
      expect(asked.searchParams.get('religion')).toBe('buddhism');
    });
    expect(screen.getByRole('button', { name: 'Filters (7 on)' })).toBeTruthy();
  });

  it('shows the error with a retry when the search fails; without a state it opens the picker', async () => {
    mockFetch([
      statesRoute,
      ...lists,
      {
        path: '/api/v1/therapists',
        respond: () =>
          jsonResponse({ message: 'Please choose a US state', code: 'VALIDATION_ERROR', requestId: 'r' }, 400),
      },
    ]);
    renderWithProviders(<DirectoryRoute />, { route: '/therapists?state=ZZ', path: '/therapists' });
    expect(await screen.findByText('Please choose a US state')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('without a state: the picker opens, and the page explains why', async () => {
    mockFetch([statesRoute, ...lists]);
    renderWithProviders(<DirectoryRoute />, { route: '/therapists', path: '/therapists' });
    expect(await screen.findByRole('button', { name: 'Choose your state' })).toBeTruthy();
    expect(useModalStore.getState().modals[0]?.id).toBe('state-picker');
  });
});

describe("the directory in the visitor's currency, and Back (issue 48)", () => {
  afterEach(() => useAuthStore.setState({ user: null, status: 'unknown', accessToken: null }));
  const therapists = (data: unknown[], currency = 'USD') => ({
    path: '/api/v1/therapists',
    respond: () => jsonResponse({ data, meta: { page: 1, pageSize: 12, total: data.length, totalPages: 1, currency } }),
  });
  const inEuros = {
    ...entry(2, 'Hoffmann'),
    fee: { amount: 6000, currencyCode: 'EUR', isFree: false, varies: false },
    convertedFee: { amount: 6522, currencyCode: 'USD' },
  };

  it('names the currency of every price option and shows a fee in euros with its dollar estimate', async () => {
    mockFetch([statesRoute, ...lists, therapists([inEuros, entry(3, 'Okafor')])]);
    renderWithProviders(<DirectoryRoute />, { route: '/therapists?state=NY', path: '/therapists' });
    expect(await screen.findByText('from €60.00 per session')).toBeTruthy();
    expect(screen.getByText('≈ $65.22')).toBeTruthy();
    // A fee already in dollars has no estimate beside it.
    expect(screen.getAllByText(/^≈/)).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Price per session (USD)' })).toBeTruthy();
    const minimum = [...screen.getByLabelText('Minimum').querySelectorAll('option')].map((o) => o.textContent);
    expect(minimum).toEqual([
      'Any',
      'From $50.00',
      'From $75.00',
      'From $100.00',
      'From $150.00',
      'From $200.00',
      'From $300.00',
    ]);
    expect(screen.getByRole('option', { name: 'Up to $100.00' })).toBeTruthy();
  });

  it('in German: the options in euros for a visitor whose URL asks for them', async () => {
    await i18n.changeLanguage('de');
    try {
      const fetchMock = mockFetch([statesRoute, ...lists, therapists([entry(3, 'Okafor')], 'EUR')]);
      renderWithProviders(<DirectoryRoute />, { route: '/therapists?state=NY&currency=EUR', path: '/therapists' });
      expect(await screen.findByRole('group', { name: 'Preis pro Sitzung (EUR)' })).toBeTruthy();
      expect(screen.getByRole('option', { name: /^Ab 100,00\s€$/ })).toBeTruthy();
      expect(screen.getByRole('option', { name: /^Bis 150,00\s€$/ })).toBeTruthy();
      const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/api/v1/therapists'))!;
      expect(new URL(asked, 'http://localhost').searchParams.get('currency')).toBe('EUR');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("a signed-in user's own wallet currency is the one asked for", async () => {
    useAuthStore.getState().setSession('token', {
      identifier: uuid(991),
      email: 'p@example.com',
      userType: 'provider',
      firstName: 'Lena',
      lastName: 'Berg',
      isSocial: false,
      emailVerified: true,
      accountActive: true,
      countryCode: 'DE',
      locale: 'en',
      timezone: 'Europe/Berlin',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const fetchMock = mockFetch([
      statesRoute,
      ...lists,
      { path: '/api/v1/wallet/balance', respond: () => jsonResponse({ data: { balance: 0, currency: 'EUR' } }) },
      therapists([entry(3, 'Okafor')], 'EUR'),
    ]);
    renderWithProviders(<DirectoryRoute />, { route: '/therapists?state=NY&currency=GBP', path: '/therapists' });
    expect(await screen.findByRole('group', { name: 'Price per session (EUR)' })).toBeTruthy();
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((u) => u.pathname === '/api/v1/therapists');
    // It waited for the wallet: no search went out in the URL's pounds.
    expect(asked.map((u) => u.searchParams.get('currency'))).toEqual(['EUR']);
  });

  it('each filter change is a step in the history: Back restores the filters before it', async () => {
    mockFetch([statesRoute, ...lists, therapists([entry(3, 'Okafor')])]);
    const { user, router } = renderWithProviders(<DirectoryRoute />, {
      route: '/therapists?state=NY',
      path: '/therapists',
    });
    await vi.waitFor(() => expect(screen.getAllByRole('option', { name: 'Couples therapy' }).length).toBe(1));
    await user.selectOptions(screen.getByLabelText('Therapy'), 'couples');
    await user.selectOptions(screen.getByLabelText('Maximum'), '10000');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or topic' }), 'grief{Enter}');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      state: 'NY',
      therapy: 'couples',
      priceMax: '10000',
      q: 'grief',
    });
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?state=NY&therapy=couples&priceMax=10000');
    expect((screen.getByRole('searchbox', { name: 'Search by name or topic' }) as HTMLInputElement).value).toBe('');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?state=NY&therapy=couples');
    expect((screen.getByLabelText('Maximum') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Therapy') as HTMLSelectElement).value).toBe('couples');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?state=NY');
    expect((screen.getByLabelText('Therapy') as HTMLSelectElement).value).toBe('');
  });
});

describe('a client arriving with saved preferences', () => {
  afterEach(() => {
    sessionStorage.clear();
    useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
  });
  const prefs = (over: Record<string, string[]>) => ({
    modality: [],
    gender: [],
    therapy: [],
    ageGroup: [],
    language: [],
    therapyApproach: [],
    religion: [],
    background: [],
    trait: [],
    specialities: [],
    country: [],
    communication: [],
    ...over,
  });

  it('gets them as filters once (lists with one preferred item), and clearing keeps them cleared', async () => {
    useAuthStore.getState().setSession('token', {
      identifier: uuid(990),
      email: 'c@example.com',
      userType: 'client',
      firstName: 'Sam',
      lastName: 'Lee',
      isSocial: false,
      emailVerified: true,
      accountActive: true,
      countryCode: 'US',
      locale: 'en',
      timezone: 'UTC',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    // Two therapies preferred: either suits, so the therapy filter stays "Any"; one gender and one speciality fill in.
    const body = prefs({
      therapy: [uuid(900 + 0 + 160), uuid(900 + 1 + 160)],
      gender: [uuid(900 + 60)],
      specialities: [uuid(900 + 100)],
      language: [uuid(980)],
    });
    mockFetch([
      statesRoute,
      ...lists,
      { path: '/api/v1/client/preferences', respond: () => jsonResponse({ data: body }) },
      { path: '/api/v1/wallet/balance', respond: () => jsonResponse({ data: { balance: 0, currency: 'USD' } }) },
      {
        path: '/api/v1/therapists',
        respond: () =>
          jsonResponse({
            data: [entry(1, 'Hoffmann')],
            meta: { page: 1, pageSize: 12, total: 1, totalPages: 1, currency: 'USD' },
          }),
      },
    ]);
    const { user, router } = renderWithProviders(<DirectoryRoute />, {
      route: '/therapists?state=NY',
      path: '/therapists',
    });
    expect(
      await screen.findByText('The filters start from your saved preferences. Change them or clear them at any time.'),
    ).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      state: 'NY',
      language: 'es',
      gender: 'female',
      speciality: 'grief',
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?state=NY'));
    expect(screen.queryByText(/saved preferences/)).toBeNull();
  });
});
