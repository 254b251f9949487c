import type { AuthSession } from '@therapy/contracts/auth';
import { jsonResponse } from './render';

/** Reference data the profile screens ask for, as the API serves it. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const referenceRoutes = [
  {
    path: '/api/v1/region/country',
    respond: () =>
      jsonResponse({
        data: [{ identifier: uuid(1), code: 'US', name: 'United States', currencyCode: 'USD', isOperating: true }],
      }),
  },
  {
    path: `/api/v1/region/country/${uuid(1)}/states`,
    respond: () => jsonResponse({ data: [{ identifier: uuid(2), code: 'CA', name: 'California' }] }),
  },
  {
    path: '/api/v1/region/languages',
    respond: () => jsonResponse({ data: [{ identifier: uuid(3), code: 'en', name: 'English', isPrimary: true }] }),
  },
  {
    path: '/api/v1/region/user-timezone',
    respond: () => jsonResponse({ data: { suggested: 'America/New_York', timezones: ['America/New_York'] } }),
  },
  ...[
    'therapy-category',
    'modality',
    'therapy-approach',
    'speciality',
    'discipline',
    'religion',
    'ethnicity',
    'gender',
    'age-group',
    'background',
    'trait',
    'communication',
  ].map((list, i) => ({
    path: `/api/v1/reference/${list}`,
    respond: () => jsonResponse({ data: [{ identifier: uuid(100 + i), code: `${list}-one`, name: `${list} one` }] }),
  })),
];

/** A signed-in user as the session holds it (the API client's and the live channel's tests). */
export const sessionUser = {
  identifier: '01890a5d-ac96-774b-bcce-b302099a8057',
  email: 'ada@example.com',
  userType: 'provider',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: 'DE',
  locale: 'en',
  timezone: null,
  createdAt: '2025-01-01T00:00:00Z',
} satisfies AuthSession['user'];
