import Cookies from 'js-cookie';

/**
 * Cookie and localStorage helpers. Cookies carry preferences the server reads too (DESIGN.md §5), so they are
 * site-wide (path /), Lax and kept for a year; localStorage is wrapped because private modes may throw on access.
 */
const COOKIE_DAYS = 365;

/**
 * While the server renders a page (src/entry-server.tsx) there is no document: the request's cookies stand in, so
 * the first render in the browser reads the same values and hydration matches. Set and cleared around one
 * synchronous render, so concurrent requests never see each other's cookies.
 */
let serverCookies: Record<string, string> | null = null;
export function setServerCookies(cookies: Record<string, string> | null): void {
  serverCookies = cookies;
}

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return serverCookies?.[name];
  return Cookies.get(name);
}

export function setCookie(name: string, value: string, days = COOKIE_DAYS): void {
  Cookies.set(name, value, {
    expires: days,
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the value is a convenience copy, the session still works without it.
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

export function clearLocal(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Blocked storage has nothing to clear.
  }
}

/** localStorage keys of spec §3. */
export const localKeys = {
  userType: 'userType',
  userEmail: 'userEmail',
  /** Spec §3 "stateIdentifier (persisted in local storage)": the US state last chosen in the directory (its code). */
  directoryState: 'directoryState',
  /** Issue 48: the time a visitor pressed Continue on before signing in (see lib/booking-intent.ts). */
  bookingIntent: 'bookingIntent',
} as const;
