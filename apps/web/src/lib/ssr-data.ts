import type { DehydratedState } from '@tanstack/react-query';
import type { Locale } from '@therapy/contracts/messages';

/**
 * What the server-rendered page hands to the browser (a JSON script element, never executed, so the CSP holds):
 * the locale it rendered in and the queries it prefetched, so the first browser render matches the HTML.
 */
export interface SsrData {
  locale: Locale;
  queries: DehydratedState;
  /** The name of the country the page expects to show (lib/country.ts seedCountryNames), in `locale`. */
  countryNames?: Record<string, string>;
}

export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/** `<` is escaped so no string in the data can close the script element. */
export function serializeSsrData(data: SsrData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function readSsrData(): SsrData | null {
  const element = document.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrData;
  } catch {
    return null;
  }
}
