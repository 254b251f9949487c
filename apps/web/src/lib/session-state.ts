import type { AuthSession, UserInfo } from '@therapy/contracts/auth';
import { cookieNames } from '@therapy/contracts/constants';
import type { SessionEnd } from './auth-store';
import { useAuthStore } from './auth-store';
import { isLocale } from './i18n';
import { applyLocale } from './locale';
import { useModalStore } from './modal-store';
import { queryClient } from './query-client';
import { clearLocal, getCookie, localKeys, removeCookie, setCookie, writeLocal } from './storage';

/** Spec §3: userType lives in localStorage and a cookie, accountActive in a cookie, the email in localStorage. */
function persistUserHints(user: UserInfo): void {
  writeLocal(localKeys.userType, user.userType);
  writeLocal(localKeys.userEmail, user.email);
  setCookie(cookieNames.userType, user.userType);
  setCookie(cookieNames.accountActive, String(user.accountActive));
}

export function applySession(session: AuthSession): void {
  useAuthStore.getState().setSession(session.accessToken, session.user);
  persistUserHints(session.user);
  // The account's language wins only when this browser has no explicit choice yet, so a switch made before
  // signing in is not undone by the sign-in.
  if (!getCookie(cookieNames.locale) && isLocale(session.user.locale)) void applyLocale(session.user.locale);
}

export function updateSessionUser(patch: Partial<UserInfo>): void {
  useAuthStore.getState().updateUser(patch);
  const user = useAuthStore.getState().user;
  if (user) persistUserHints(user);
}

/** Spec §4 "Logout": auth, the userType and accountActive cookies, localStorage, modals and cached server data. */
export function clearSession(endedBy: SessionEnd = 'signed-out'): void {
  useAuthStore.getState().setAnonymous(endedBy);
  removeCookie(cookieNames.userType);
  removeCookie(cookieNames.accountActive);
  clearLocal();
  useModalStore.getState().reset();
  queryClient.clear();
}
