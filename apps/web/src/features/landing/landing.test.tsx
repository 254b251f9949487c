import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { LandingRoute } from './routes/landing-route';

const config = (on: boolean) => ({
  path: '/api/v1/app-config',
  respond: () =>
    jsonResponse({
      data: {
        operatingCountries: ['US'],
        oidc: { google: false },
        flags: { therapist_listing_on_homepage: on },
        errorReportingDsn: null,
        idleSignOut: { client: 60, provider: 15, operator: 15 },
      },
    }),
});
const statesRoute = {
  path: '/api/v1/region/country/code/US/states',
  respond: () => jsonResponse({ data: [{ identifier: uuid(801), code: 'NY', name: 'New York' }] }),
};
const therapists = {
  path: '/api/v1/therapists',
  respond: () =>
    jsonResponse({
      data: [
        {
          identifier: uuid(851),
          firstName: 'Lena',
          lastName: 'Hoffmann',
          title: 'Dr',
          headline: 'Anxiety',
          photoUrl: null,
          therapies: [],
          modalities: [],
          specialities: [],
          fee: { amount: 6000, currencyCode: 'USD', isFree: false, varies: false },
          convertedFee: null,
          rating: { average: 4.5, count: 2 },
          nextFreeAt: null,
        },
      ],
      meta: { page: 1, pageSize: 6, total: 1, totalPages: 1, currency: 'USD' },
    }),
};

afterEach(() => localStorage.clear());

describe('the home page listing (flag therapist_listing_on_homepage)', () => {
  it('with the flag on: pick a state, see its best-rated therapists, and a link to all of them', async () => {
    const fetchMock = mockFetch([config(true), statesRoute, therapists]);
    const { user } = renderWithProviders(<LandingRoute />);
    const select = await screen.findByLabelText('Your US state');
    await screen.findByRole('option', { name: 'New York' });
    await user.selectOptions(select, 'NY');
    expect((await screen.findByRole('link', { name: 'Dr Lena Hoffmann' })).getAttribute('href')).toBe(
      `/therapists/${uuid(851)}/`,
    );
    // The lowest price she can be booked at, as the directory says it (issue 48).
    expect(screen.getByText('from $60.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all therapists in this state' }).getAttribute('href')).toBe(
      '/therapists?state=NY',
    );
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((u) => u.pathname === '/api/v1/therapists')!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ state: 'NY', sort: 'rating', pageSize: '6' });
    expect(localStorage.getItem('homeListingState')).toBe('NY');
  });

  it('with the flag off: no listing, and the state list is not fetched', async () => {
    const fetchMock = mockFetch([config(false), statesRoute, therapists]);
    renderWithProviders(<LandingRoute />);
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByLabelText('Your US state')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((u) => u.includes('/region/'))).toBe(false);
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((u) => u.includes('/app-config'))).toBe(true);
  });
});
