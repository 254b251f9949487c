import type { ReferenceList } from '@therapy/contracts/reference';
import { referenceNamesDe } from '@therapy/contracts/reference-names-de';

export { referenceNamesDe };

/** The item's name in the page's language. */
export function referenceName(list: ReferenceList, code: string, englishName: string, locale: string): string {
  return locale.startsWith('de') ? (referenceNamesDe[list]?.[code] ?? englishName) : englishName;
}
