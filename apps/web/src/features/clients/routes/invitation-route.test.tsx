import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
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

  it('signed in as a provider: says the link is for clients, with no accept button', () => {
    useAuthStore.getState().setSession('t', aUser('provider'));
    mockFetch([]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'This invitation is for clients' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });
});
