import { cookieNames } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';
import { i18n } from './i18n';
import { localeOfPath } from './locale-path';
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

/**
 * Moves the page to its URL in another language (docs/decisions/0063): set by the router (app/router.tsx), which
 * waits for a navigation under way to end first. Unset (tests, before the router exists): the language changes in place.
 */
let relocate: ((locale: Locale) => void) | null = null;

export function setLocaleRelocation(handler: ((locale: Locale) => void) | null): void {
  relocate = handler;
}

/**
 * Switches the page language and remembers it in the cookies the server reads (DESIGN.md §5). The language is the
 * URL's (`/de/...`): when the page is in another one, the browser goes to the page's URL in the new language.
 * Server-side persistence for a signed-in user is `savePreferences` in preferences.ts, kept apart so this stays
 * network-free.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  setCookie(cookieNames.locale, locale);
  setCookie(cookieNames.language, locale);
  if (relocate && localeOfPath(window.location.pathname) !== locale) {
    relocate(locale);
    return;
  }
  await i18n.changeLanguage(locale);
  syncDocumentLanguage(locale);
}
