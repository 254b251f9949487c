import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { aUser, failure } from '../test/clients-fixture';
import { InvitationRoute } from './invitation-route';

const token = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const render = () =>
  renderWithProviders(<InvitationRoute />, { route: `/invitation/${token}`, path: '/invitation/:token' });

afterEach(() => useAuthStore.setState({ user: null, status: 'unknown', accessToken: null }));

describe('InvitationRoute (/invitation/:token)', () => {
  it('signed out: explains the invitation and offers sign-in (coming back here) and sign-up', () => {
    useAuthStore.getState().setAnonymous();
    mockFetch([]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'A therapist invited you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to accept' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/invitation/${token}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Create a client account' }).getAttribute('href')).toBe(
      `/register/client?redirect=${encodeURIComponent(`/invitation/${token}`)}`,
    );
  });

  it('signed in as a client: accepts and names the therapist', async () => {
    useAuthStore.getState().setSession('t', aUser('client'));
    const bodies: unknown[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/invitations/accept',
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({
            data: { providerIdentifier: uuid(20), providerName: 'Dana Doctor' },
            message: 'You are now connected with your therapist',
          });
        },
      },
    ]);
    const { user } = render();
    expect(screen.getByText(/You are signed in as client@example.com/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are now connected with your therapist' }),
    ).toBeTruthy();
    expect(screen.getByText('Your therapist: Dana Doctor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your appointments' }).getAttribute('href')).toBe('/appointments');
    expect(bodies).toEqual([{ token }]);
  });

  it("an invalid or expired invitation: the server's message", async () => {
    useAuthStore.getState().setSession('t', aUser('client'));
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/invitations/accept',
        respond: () => failure(400, 'This invitation is no longer valid'),
      },
    ]);
    const { user } = render();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This invitation is no longer valid');
  });

  const refusedWith = (status: number, message: string, code: string) => {
    useAuthStore.getState().setSession('t', aUser('client'));
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/invitations/accept',
        respond: () => jsonResponse({ message, code, requestId: 'req-1' }, status),
      },
    ]);
    return render();
  };

  it('sent to another address: says so with the address signed in, and accepts nothing', async () => {
    const { user } = refusedWith(403, 'This invitation was sent to another email address', 'FORBIDDEN');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation is for someone else' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This invitation was sent to another email address');
    expect(screen.getByText(/You are signed in as client@example.com. Sign in with the address/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('an address not verified yet: sends the client to verify it and back here', async () => {
    const { user } = refusedWith(
      403,
      'Please verify your email address first, then accept the invitation',
      'EMAIL_NOT_VERIFIED',
    );
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email address first' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Please verify your email address first, then accept the invitation',
    );
    expect(screen.getByRole('link', { name: 'Verify my email address' }).getAttribute('href')).toBe(
      `/verify-email/pending?redirect=${encodeURIComponent(`/invitation/${token}`)}`,
    );
  });

  it('both refusals in German', async () => {
    await i18n.changeLanguage('de');
    try {
      const other = refusedWith(403, 'Diese Einladung wurde an eine andere E-Mail-Adresse geschickt', 'FORBIDDEN');
      await other.user.click(screen.getByRole('button', { name: 'Einladung annehmen' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Diese Einladung ist für jemand anderen' }),
      ).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(
        'Diese Einladung wurde an eine andere E-Mail-Adresse geschickt',
      );
      other.unmount();
      const unverified = refusedWith(
        403,
        'Bitte bestätige zuerst deine E-Mail-Adresse und nimm dann die Einladung an',
        'EMAIL_NOT_VERIFIED',
      );
      await unverified.user.click(screen.getByRole('button', { name: 'Einladung annehmen' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Bestätige zuerst deine E-Mail-Adresse' }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'E-Mail-Adresse bestätigen' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('signed in as a provider: says the link is for clients, with no accept button', () => {
    useAuthStore.getState().setSession('t', aUser('provider'));
    mockFetch([]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'This invitation is for clients' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });
});
