import { cookieNames, PAGE_INITIAL_PROPS_TIMEOUT_MS } from '@therapy/contracts/constants';
import { logout } from '@therapy/contracts/endpoints/auth';
import { getCookie } from './storage';
import { call, lastRefreshRefusedAsIdle, refreshSession } from './api-client';
import { useAuthStore } from './auth-store';
import { clearSession } from './session-state';

let restoring: Promise<void> | null = null;

/**
 * Restores a session on start-up from the refresh cookie. Spec §4 "Page load": give up after 5 s and carry on
 * signed out rather than keep the page waiting. Runs once per page load; later callers share the same answer.
 */
export function restoreSession(): Promise<void> {
  // Only a browser that signed in before (sign-in sets the userType cookie) can hold a refresh cookie; asking without
  // one would only log a 401. Social sign-in lands on /auth/complete, which refreshes explicitly.
  if (!restoring && !getCookie(cookieNames.userType)) {
    if (useAuthStore.getState().status === 'unknown') useAuthStore.getState().setAnonymous();
    restoring = Promise.resolve();
  }
  restoring ??= refreshSession({ timeoutMs: PAGE_INITIAL_PROPS_TIMEOUT_MS }).then((session) => {
    // A sign-in that finished meanwhile must not be undone by a late failure of the start-up refresh.
    // A session that ended while the browser was away (idle sign-out, decision 0036) says so on the login page.
    if (!session && useAuthStore.getState().status === 'unknown')
      useAuthStore.getState().setAnonymous(lastRefreshRefusedAsIdle() ? 'idle' : undefined);
  });
  return restoring;
}

/**
 * Sign out: tell the server (best effort, so an outage cannot trap the user in a session) and clear everything.
 * The caller navigates home; protected pages see `endedBy: 'signed-out'` and go home too instead of to login.
 */
export async function signOut(): Promise<void> {
  try {
    await call(logout, { recoverSession: false, timeoutMs: PAGE_INITIAL_PROPS_TIMEOUT_MS });
  } catch {
    // The local session is cleared regardless; the refresh cookie expires on its own.
  }
  clearSession('signed-out');
}
