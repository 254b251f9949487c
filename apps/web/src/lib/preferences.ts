import type { UserInfo } from '@therapy/contracts/auth';
import type { UserPreferencesInput } from '@therapy/contracts/user';
import { apiClient } from './api-client';
import { useAuthStore } from './auth-store';
import { setCountryCookie } from './country';
import { applyLocale } from './locale';
import { updateSessionUser } from './session-state';

/**
 * Applies language and/or country at once: cookies and page state always, and `PUT /user/preferences` when signed
 * in, so the choice follows the user to other devices and to server-sent mails.
 */
export async function savePreferences(input: UserPreferencesInput): Promise<void> {
  if (input.countryCode) setCountryCookie(input.countryCode);
  if (input.locale) await applyLocale(input.locale);
  if (useAuthStore.getState().status !== 'authenticated') return;
  const { data } = await apiClient.put<UserInfo | null>('/user/preferences', input);
  // The server answers with the updated user; keep our copy in step (the local input is the fallback).
  updateSessionUser(data && typeof data === 'object' && 'identifier' in data ? data : input);
}
