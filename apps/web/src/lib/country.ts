import { cookieNames } from '@therapy/contracts/constants';
import { getCookie, setCookie } from './storage';

const countryCodePattern = /^[A-Z]{2}$/;

function normalise(code: string | null | undefined): string | null {
  const upper = code?.trim().toUpperCase();
  return upper && countryCodePattern.test(upper) ? upper : null;
}

/** Only an explicit region counts: "de" alone says nothing about where the user is, "de-AT" does. */
export function countryFromBrowser(): string | null {
  if (typeof navigator === 'undefined') return null;
  return countryFromLanguages(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The first explicit region among language tags (the browser's, or a request's Accept-Language on the server). */
export function countryFromLanguages(tags: readonly string[]): string | null {
  for (const tag of tags) {
    try {
      const region = normalise(new Intl.Locale(tag).region);
      if (region) return region;
    } catch {
      // A malformed language tag: try the next one.
    }
  }
  return null;
}

/** The user's country: the explicit choice (cookie), else the account's country, else the browser's region. */
export function detectCountryCode(userCountryCode?: string | null): string | null {
  return normalise(getCookie(cookieNames.countryCode)) ?? normalise(userCountryCode) ?? countryFromBrowser();
}

export function chosenCountryCode(): string | null {
  return normalise(getCookie(cookieNames.countryCode));
}

export function setCountryCookie(code: string): void {
  const value = normalise(code);
  if (value) setCookie(cookieNames.countryCode, value);
}

const displayNamesCache = new Map<string, Intl.DisplayNames | null>();
const knownNames = new Map<string, string>();

/**
 * Names the server already looked up for this page (the country it expects the footer to show). Building the
 * browser's Intl.DisplayNames takes ~100 ms on a slow phone, a long task on every page load; a seeded name spares it.
 */
export function seedCountryNames(locale: string, names: Record<string, string>): void {
  for (const [code, name] of Object.entries(names)) knownNames.set(`${locale}|${code.toUpperCase()}`, name);
}

/** Country names come from the browser's CLDR data, so both locales are covered without shipping a name list. */
export function countryName(code: string, locale: string, fallback?: string): string {
  const known = knownNames.get(`${locale}|${code.toUpperCase()}`);
  if (known) return known;
  if (!displayNamesCache.has(locale)) {
    try {
      displayNamesCache.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      displayNamesCache.set(locale, null);
    }
  }
  try {
    return displayNamesCache.get(locale)?.of(code.toUpperCase()) ?? fallback ?? code;
  } catch {
    return fallback ?? code;
  }
}
