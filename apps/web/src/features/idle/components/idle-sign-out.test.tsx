import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '@/app/modal-host';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { idleKeys } from '@/lib/idle-watch';
import { useModalStore } from '@/lib/modal-store';
import { clearSession } from '@/lib/session-state';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { IdleSignOut } from './idle-sign-out';

const MINUTE = 60_000;
const appConfig = {
  path: '/api/v1/app-config',
  respond: () =>
    jsonResponse({
      data: {
        operatingCountries: ['US'],
        oidc: { google: false },
        flags: {},
        errorReportingDsn: null,
        idleSignOut: { client: 60, provider: 15, operator: 15 },
      },
    }),
};
const session = { accessToken: 'token-2', expiresIn: 900, user: sessionUser };

function setup() {
  const calls: string[] = [];
  const fetchMock = mockFetch([
    appConfig,
    {
      method: 'POST',
      path: '/api/v1/user/activity',
      respond: () => (calls.push('activity'), jsonResponse({ data: { lastActiveAt: new Date().toISOString() } })),
    },
    {
      method: 'POST',
      path: '/api/v1/user/token/refresh',
      respond: () => (calls.push('refresh'), jsonResponse({ data: session })),
    },
    {
      method: 'POST',
      path: '/api/v1/user/logout',
      respond: () => (calls.push('logout'), jsonResponse({ message: 'You have been signed out' })),
    },
  ]);
  const view = renderWithProviders(
    <>
      <IdleSignOut />
      <ModalHost />
    </>,
    { route: '/appointments?tab=upcoming', path: '/appointments' },
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...view, user, calls, fetchMock };
}

/** Moves the fake clock and lets React and the lazily loaded modal catch up. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let expiredTo: string[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), shouldAdvanceTime: true });
  useAuthStore.getState().setSession('token-1', sessionUser);
  // The page the provider was on (the API client reads the browser's address, as in the app).
  window.history.replaceState(null, '', '/appointments?tab=upcoming');
  expiredTo = [];
  setSessionExpiredHandler((path) => expiredTo.push(path));
});
afterEach(() => {
  vi.useRealTimers();
  useAuthStore.getState().setAnonymous();
  useModalStore.getState().reset();
  window.history.replaceState(null, '', '/');
});

describe('IdleSignOut (a provider: 15 minutes)', () => {
  it('warns a minute before with a countdown, and signs out at the end to the login page with the reason', async () => {
    const { calls } = setup();
    await wait(14 * MINUTE - 1_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(1_000);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toBeTruthy();
    // The description says it once for screen readers; the count the eyes see ticks.
    expect(
      within(dialog).getAllByText('You will be signed out in 60 seconds because you have been inactive.').length,
    ).toBeGreaterThan(0);
    await wait(10_000);
    expect(
      within(dialog).getByText('You will be signed out in 50 seconds because you have been inactive.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(
      'You will be signed out in 60 seconds because you have been inactive.',
    );
    await wait(5_000);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'You will be signed out in 45 seconds because you have been inactive.',
    );
    await wait(45_000);
    expect(calls).toContain('logout');
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', endedBy: 'idle' });
    expect(expiredTo).toEqual([`/login?redirect=${encodeURIComponent('/appointments?tab=upcoming')}&reason=idle`]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Stay signed in" reports activity, refreshes the session and closes the warning; the next one comes 14 minutes later', async () => {
    const { calls, user } = setup();
    await wait(14 * MINUTE);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    calls.length = 0;
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await wait(0);
    expect(calls).toEqual(['activity', 'refresh']);
    expect(useAuthStore.getState().accessToken).toBe('token-2');
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(13 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(MINUTE);
    expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeTruthy();
    expect(calls).not.toContain('logout');
  });

  it('activity in another tab withdraws the warning here', async () => {
    setup();
    await wait(14 * MINUTE + 20_000);
    await screen.findByRole('dialog', { name: 'Are you still there?' });
    await act(async () => {
      const value = String(Date.now());
      localStorage.setItem(idleKeys.activity, value);
      window.dispatchEvent(
        new StorageEvent('storage', { key: idleKeys.activity, newValue: value, storageArea: localStorage }),
      );
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await wait(MINUTE);
    expect(useAuthStore.getState().status).toBe('authenticated');
  });

  it('"Sign out" in the warning signs out (home, not the login notice) and tells the other tabs', async () => {
    const { calls, user } = setup();
    await wait(14 * MINUTE);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await wait(0);
    expect(calls).toContain('logout');
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', endedBy: 'signed-out' });
    expect(expiredTo).toEqual([]);
    expect(JSON.parse(localStorage.getItem(idleKeys.ended)!)).toMatchObject({ reason: 'signed-out' });
  });

  it('a sign-out elsewhere in this tab (the header) is announced to the other tabs', async () => {
    setup();
    await wait(MINUTE);
    expect(localStorage.getItem(idleKeys.ended)).toBeNull();
    await act(async () => clearSession('signed-out'));
    expect(JSON.parse(localStorage.getItem(idleKeys.ended)!)).toMatchObject({ reason: 'signed-out' });
  });

  it('another tab that signs out signs this one out too', async () => {
    const { calls } = setup();
    await wait(MINUTE);
    await act(async () => {
      const value = JSON.stringify({ reason: 'signed-out', at: Date.now() });
      window.dispatchEvent(
        new StorageEvent('storage', { key: idleKeys.ended, newValue: value, storageArea: localStorage }),
      );
    });
    await wait(0);
    expect(calls).toContain('logout');
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', endedBy: 'signed-out' });
  });

  it('Escape closes the warning and counts as staying', async () => {
    const { calls, user } = setup();
    await wait(14 * MINUTE);
    await screen.findByRole('dialog', { name: 'Are you still there?' });
    calls.length = 0;
    await user.keyboard('{Escape}');
    await wait(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual(['activity', 'refresh']);
    await wait(2 * MINUTE);
    expect(useAuthStore.getState().status).toBe('authenticated');
  });
});
