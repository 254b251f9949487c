import { cookieNames } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';
import { i18n } from './i18n';
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
 * Switches the page language and remembers it in the cookies the server reads (DESIGN.md §5). Server-side
 * persistence for a signed-in user is `savePreferences` in preferences.ts, kept apart so this stays network-free.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  setCookie(cookieNames.locale, locale);
  setCookie(cookieNames.language, locale);
  await i18n.changeLanguage(locale);
  syncDocumentLanguage(locale);
}
