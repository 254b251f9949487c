import { updateUserPreferences } from '@therapy/contracts/endpoints/account';
import type { UserPreferencesInput } from '@therapy/contracts/user';
import { call } from './api-client';
import { useAuthStore } from './auth-store';
import { setCountryCookie } from './country';
import { applyLocale } from './locale';
import { updateSessionUser } from './session-state';

/**
 * Applies language and/or country at once: cookies and page state always, and `PUT /user/preferences` when signed
 * in, so the choice follows the user to other devices and to server-sent mails. A new language may load the page at
 * its other URL (lib/locale.ts), so the account is updated first: leaving the page must not cut that request off.
 */
export async function savePreferences(input: UserPreferencesInput): Promise<void> {
  if (input.countryCode) setCountryCookie(input.countryCode);
  if (useAuthStore.getState().status === 'authenticated') {
    const { data } = await call(updateUserPreferences, { body: input });
    // The server answers with the updated user; keep our copy in step (the local input is the fallback).
    updateSessionUser(data && typeof data === 'object' && 'identifier' in data ? data : input);
  }
  if (input.locale) await applyLocale(input.locale);
}
