import { saveCookieConsent } from '@therapy/contracts/endpoints/consent';
import { call } from './api-client';
import { useAuthStore } from './auth-store';
import { type Consent, readConsent } from './consent';

/**
 * The API sends conversion events only while the signed-in user's device allows analytics (decision 0067), so the
 * cookie's choice is told to the account whenever it is made while signed in, and whenever a session starts on a
 * device that already made one. A failure is silent: without the account knowing, nothing is sent, the safe side.
 */
export async function tellAccount(consent: Consent): Promise<void> {
  if (useAuthStore.getState().status !== 'authenticated') return;
  try {
    await call(saveCookieConsent, { body: { consent } });
  } catch {
    // Nothing to show: the account keeps its last choice, and no event leaves without one that allows analytics.
  }
}

/** Tells each new session this device's choice (a session started by sign-in, sign-up or the start-up refresh). */
export function startConsentSync(): () => void {
  return useAuthStore.subscribe((state, previous) => {
    if (state.status !== 'authenticated' || previous.user?.identifier === state.user?.identifier) return;
    const consent = readConsent();
    if (consent !== null) void tellAccount(consent);
  });
}
