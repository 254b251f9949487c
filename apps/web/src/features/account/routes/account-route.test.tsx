import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { UserInfo } from '@therapy/contracts/auth';
import { useAuthStore } from '@/lib/auth-store';
import { uuid } from '@/test/fixtures';
import { mockFetch, renderWithProviders } from '@/test/render';
import { AccountRoute } from './account-route';

const person = (userType: UserInfo['userType']): UserInfo => ({
  identifier: uuid(900),
  email: `${userType}@example.com`,
  userType,
  firstName: 'Siobhán',
  lastName: "O'Connor-Müller",
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: 'DE',
  locale: 'en',
  timezone: 'UTC',
  createdAt: '2030-01-01T00:00:00.000Z',
});

afterEach(() => useAuthStore.setState({ user: null, status: 'unknown', accessToken: null }));

const sectionNames = () =>
  within(screen.getByRole('navigation', { name: 'Account sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('AccountRoute: the sections each kind of account has', () => {
  it('an operator sees their profile and the common sections, none of a client or a practice', async () => {
    mockFetch([]);
    useAuthStore.getState().setSession('token', person('operator'));
    renderWithProviders(<AccountRoute />, { route: '/account', path: '/account' });
    expect(sectionNames()).toEqual([
      'Profile',
      'Email',
      'Password',
      "Where you're signed in",
      'Language and country',
      'Your data',
      'Delete account',
    ]);
    expect(await screen.findByText('Operator')).toBeTruthy();
    expect(screen.getByText("Siobhán O'Connor-Müller")).toBeTruthy();
  });

  it('a client still sees the client sections and the calendar', () => {
    mockFetch([]);
    useAuthStore.getState().setSession('token', person('client'));
    renderWithProviders(<AccountRoute />, { route: '/account', path: '/account' });
    const names = sectionNames();
    expect(names.slice(0, 3)).toEqual(['Personal details', 'Emergency contact', 'Therapist preferences']);
    expect(names).toContain('Calendar subscription');
  });
});

describe('AccountRoute: the email section links the mail settings (issue 49)', () => {
  it.each([
    ['en', 'Mail settings'],
    ['de', 'Mail-Einstellungen'],
  ])('%s: a link to /mail-preferences', async (language, name) => {
    await i18n.changeLanguage(language);
    try {
      mockFetch([]);
      useAuthStore.getState().setSession('token', person('client'));
      const { user, router } = renderWithProviders(<AccountRoute />, {
        route: '/account?section=email',
        path: '/account',
      });
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe('/mail-preferences');
      await user.click(link);
      expect(router.state.location.pathname).toBe('/mail-preferences');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
