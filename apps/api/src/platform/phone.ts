import { normalisePhone, phoneRegion } from '@therapy/contracts/fields';
import { AppError } from './errors.ts';

/**
 * The number to store for a checked phone field (decision 0057): E.164, national input read in the user's country
 * (ISO code as on `users.country_code`); a number that is no number of that country is a 400 under the field.
 */
export function storedPhone(value: string, countryCode: string | null | undefined): string;
export function storedPhone(value: string | null, countryCode: string | null | undefined): string | null;
export function storedPhone(value: string | null, countryCode: string | null | undefined): string | null {
  if (value === null) return null;
  const stored = normalisePhone(value, phoneRegion(countryCode));
  if (stored === null) throw AppError.rule('phoneInvalid');
  return stored;
}
