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
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
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

/** Country names come from the browser's CLDR data, so both locales are covered without shipping a name list. */
export function countryName(code: string, locale: string, fallback?: string): string {
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
