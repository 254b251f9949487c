import type { UserInfo } from '@therapy/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { RegisterClientForm } from './components/register-client-form';
import { LoginRoute } from './routes/login-route';
import { RegisterChoiceRoute } from './routes/register-choice-route';
import { VerifyEmailRoute } from './routes/verify-email-route';

/** Issue 48 "Nothing lost on the way in": the therapist's page with the chosen time goes along every step. */
const back = '/therapists/0190a0b2-0000-7000-8000-000000000001?slot=abc&modality=m&therapy=t';
const enc = encodeURIComponent(back);

const user: UserInfo = {
  identifier: '01890a5d-ac96-774b-bcce-b302099a8001',
  email: 'ada@example.com',
  userType: 'client',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isSocial: false,
  emailVerified: false,
  accountActive: true,
  countryCode: 'GB',
  locale: 'en',
  timezone: 'Europe/London',
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
  Cookies.remove('X-CountryCode', { path: '/' });
});

describe('sign-in and sign-up keep the way back', () => {
  it('the login page says the time is kept, and "Create an account" carries the redirect', async () => {
    useAuthStore.getState().setAnonymous();
    renderWithProviders(<LoginRoute />, { path: '/login', route: `/login?redirect=${enc}` });
    expect(
      await screen.findByText('Sign in or create an account to book the time you chose: we keep it for you.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/register?redirect=${enc}`,
    );
  });

  it('another site as the redirect is not carried on', async () => {
    useAuthStore.getState().setAnonymous();
    renderWithProviders(<LoginRoute />, {
      path: '/login',
      route: `/login?redirect=${encodeURIComponent('//evil.example/therapists?slot=x')}`,
    });
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe('/register');
    expect(screen.queryByText(/we keep it for you/)).toBeNull();
  });

  it('the sign-up choice hands the redirect to the client sign-up and back to sign-in', async () => {
    renderWithProviders(<RegisterChoiceRoute />, { path: '/register', route: `/register?redirect=${enc}` });
    expect((await screen.findByRole('link', { name: /I am looking for a therapist/ })).getAttribute('href')).toBe(
      `/register/client?redirect=${enc}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login?redirect=${enc}`);
    expect(screen.getByRole('link', { name: /I am a therapist/ }).getAttribute('href')).toBe('/register/provider');
  });
});

describe('the client sign-up', () => {
  const countries = [
    {
      identifier: '01890a5d-ac96-774b-bcce-b302099a8101',
      code: 'DE',
      name: 'Germany',
      currencyCode: 'EUR',
      isOperating: true,
    },
    {
      identifier: '01890a5d-ac96-774b-bcce-b302099a8102',
      code: 'GB',
      name: 'United Kingdom',
      currencyCode: 'GBP',
      isOperating: true,
    },
  ];

  function api() {
    return mockFetch([
      { path: '/api/v1/region/country', respond: () => jsonResponse({ data: countries }) },
      {
        method: 'POST',
        path: '/api/v1/user/register',
        respond: () => jsonResponse({ message: 'Account created. Check your email to verify it' }, 201),
      },
      {
        method: 'POST',
        path: '/api/v1/user/login',
        respond: () => jsonResponse({ data: { accessToken: 'a', expiresIn: 900, user } }),
      },
    ]);
  }

  it("starts on the footer's location (the chosen country) and sends the redirect with the sign-up", async () => {
    Cookies.set('X-CountryCode', 'GB', { path: '/' });
    const fetchMock = api();
    const { user: u, router } = renderWithProviders(<RegisterClientForm redirect={back} />);
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe(countries[1]!.identifier));

    await u.type(screen.getByLabelText('First name'), 'Ada');
    await u.type(screen.getByLabelText('Last name'), 'Lovelace');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Confirm email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'calm-river-42');
    await u.type(screen.getByLabelText('Confirm password'), 'calm-river-42');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/verify-email/pending?redirect=${enc}`,
      ),
    );
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/register'))!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({
      countryIdentifier: countries[1]!.identifier,
      redirect: back,
    });
  });

  it('a person who picks another country keeps it', async () => {
    Cookies.set('X-CountryCode', 'GB', { path: '/' });
    api();
    const { user: u } = renderWithProviders(<RegisterClientForm />);
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe(countries[1]!.identifier));
    await u.selectOptions(country, countries[0]!.identifier);
    expect(country.value).toBe(countries[0]!.identifier);
  });
});

describe('the verification link leads back', () => {
  const verified = () =>
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/user/register/verify',
        respond: () => jsonResponse({ message: 'Your email is verified' }),
      },
    ]);

  it('signed in: "Continue where you left off" goes to the page the link carries', async () => {
    useAuthStore.getState().setSession('token', user);
    verified();
    renderWithProviders(<VerifyEmailRoute />, {
      path: '/verify-email',
      route: `/verify-email?token=t1&redirect=${enc}`,
    });
    const link = await screen.findByRole('link', { name: 'Continue where you left off' });
    expect(link.getAttribute('href')).toBe(back);
  });

  it('signed out (the link opened elsewhere): signing in leads back there', async () => {
    useAuthStore.getState().setAnonymous();
    verified();
    renderWithProviders(<VerifyEmailRoute />, {
      path: '/verify-email',
      route: `/verify-email?token=t2&redirect=${enc}`,
    });
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe(`/login?redirect=${enc}`);
  });

  it('a link whose redirect leaves the site goes to the dashboard', async () => {
    useAuthStore.getState().setSession('token', user);
    verified();
    renderWithProviders(<VerifyEmailRoute />, {
      path: '/verify-email',
      route: `/verify-email?token=t3&redirect=${encodeURIComponent('https://evil.example/')}`,
    });
    expect((await screen.findByRole('link', { name: 'Go to your dashboard' })).getAttribute('href')).toBe('/overview');
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    try {
      useAuthStore.getState().setSession('token', user);
      verified();
      renderWithProviders(<VerifyEmailRoute />, {
        path: '/verify-email',
        route: `/verify-email?token=t4&redirect=${enc}`,
      });
      expect((await screen.findByRole('link', { name: 'Weiter, wo du aufgehört hast' })).getAttribute('href')).toBe(
        back,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
