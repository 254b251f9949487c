import { cookieNames } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';
import { i18n } from './i18n';
import { localeOfPath, localizedUrl } from './locale-path';
import { pageLocation } from './page-location';
import { currentPageTitle } from './page-title';
import { setCookie } from './storage';

/**
 * Keeps <html lang> and the document title in step with i18next (screen readers pick the voice from lang). The title
 * stays the page's own (lib/page-title.ts), now in the new language; before the app has set one (at start-up, over a
 * server-rendered page) the server's title stays.
 */
export function syncDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
  const title = currentPageTitle(locale);
  if (title) document.title = title;
}

/** Resolves once the app's router has no navigation under way; set by the router (app/router.tsx). */
let navigationSettled: () => Promise<void> = () => Promise.resolve();

export function setNavigationSettled(wait: () => Promise<void>): void {
  navigationSettled = wait;
}

/**
 * Switches the page language and remembers it in the cookies the server reads (DESIGN.md §5). German has URLs of its
 * own (`/de/...`, docs/decisions/0063): when the page's URL is in the other language, the browser loads the same page
 * at its URL in the new one, after a navigation under way (a sign-in's) has ended, so it lands where that one went.
 * Server-side persistence for a signed-in user is `savePreferences` in preferences.ts, kept apart so this stays
 * network-free.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  setCookie(cookieNames.locale, locale);
  setCookie(cookieNames.language, locale);
  if (localeOfPath(window.location.pathname) !== locale) {
    // The navigation a sign-in starts comes right after the session is applied: one task later it is under way.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await navigationSettled();
    const { pathname, search, hash } = window.location;
    if (localeOfPath(pathname) !== locale) pageLocation.load(localizedUrl(`${pathname}${search}${hash}`, locale));
    return;
  }
  await i18n.changeLanguage(locale);
  syncDocumentLanguage(locale);
}
