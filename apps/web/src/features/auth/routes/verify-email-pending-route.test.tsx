import type { UserInfo } from '@therapy/contracts/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { VerifyEmailPendingRoute } from './verify-email-pending-route';

const user = (emailVerified: boolean): UserInfo => ({
  identifier: '01890a5d-ac96-774b-bcce-b302099a8001',
  email: 'ada@example.com',
  userType: 'client',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isSocial: false,
  emailVerified,
  accountActive: true,
  countryCode: 'DE',
  locale: 'en',
  timezone: 'Europe/Berlin',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('VerifyEmailPendingRoute', () => {
  afterEach(() => useAuthStore.setState({ user: null }));

  it('offers to resend the link while the address is unverified', async () => {
    await loadNamespaces('auth');
    useAuthStore.getState().setSession('token', user(false));
    renderWithProviders(<VerifyEmailPendingRoute />, { path: '/verify-email/pending', route: '/verify-email/pending' });
    expect(await screen.findByRole('button', { name: 'Resend email' })).toBeTruthy();
  });

  it('sends a verified user on to the overview instead of offering "Resend email"', async () => {
    await loadNamespaces('auth');
    useAuthStore.getState().setSession('token', user(true));
    const { router } = renderWithProviders(<VerifyEmailPendingRoute />, {
      path: '/verify-email/pending',
      route: '/verify-email/pending',
    });
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/overview');
    expect(screen.queryByRole('button', { name: 'Resend email' })).toBeNull();
  });

  it('goes on to the page the person signed up from (an invitation), never to another site', async () => {
    await loadNamespaces('auth');
    useAuthStore.getState().setSession('token', user(false));
    const { router } = renderWithProviders(<VerifyEmailPendingRoute />, {
      path: '/verify-email/pending',
      route: '/verify-email/pending?redirect=%2Finvitation%2Fabc',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Do later' }));
    expect(router.state.location.pathname).toBe('/invitation/abc');
  });

  it('ignores a redirect to another site', async () => {
    await loadNamespaces('auth');
    useAuthStore.getState().setSession('token', user(true));
    const { router } = renderWithProviders(<VerifyEmailPendingRoute />, {
      path: '/verify-email/pending',
      route: '/verify-email/pending?redirect=%2F%2Fevil.example%2Fx',
    });
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/overview');
  });
});
