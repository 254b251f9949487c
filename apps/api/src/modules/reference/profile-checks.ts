import type { ReferenceList } from '@therapy/contracts/reference';
import { m } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { isRefusal } from '../../platform/pg-errors.ts';
import { profileLookupsRepository as lookups } from './profile-lookups.repository.ts';

const optionInvalid = () => AppError.validation('optionInvalid', [m.optionInvalid]);

/** A foreign key refused an identifier the checks below let through (a list item removed meanwhile): the same 400. */
export function mapForeignKeyViolation(err: unknown): never {
  if (isRefusal(err, 'foreignKey')) throw optionInvalid();
  throw err;
}

/**
 * Checks shared by the client and provider profiles: every identifier a form submits must name an item of the list
 * the field is about (a religion in `religion`, not any reference item), and a state must be one of the country's.
 */
export const profileChecks = {
  /** The country's ISO code (users keep the code), or null for none; an unknown id is refused. */
  async countryCode(db: Executor, countryId: string | null): Promise<string | null> {
    if (countryId === null) return null;
    const country = await lookups.countryById(db, countryId);
    if (!country) throw optionInvalid();
    return country.code;
  },
  async stateInCountry(db: Executor, stateId: string | null, countryId: string | null): Promise<void> {
    if (stateId === null) return;
    const stateCountry = await lookups.stateCountryId(db, stateId);
    if (!stateCountry || stateCountry !== countryId)
      throw AppError.validation('stateNotInCountry', [m.stateNotInCountry]);
  },
  async inList(db: Executor, list: ReferenceList, ids: readonly (string | null)[]): Promise<void> {
    const given = [...new Set(ids.filter((id): id is string => id !== null))];
    if (given.length === 0) return;
    if ((await lookups.countInList(db, list, given)) !== given.length) throw optionInvalid();
  },
  async genderCode(db: Executor, code: string | null): Promise<void> {
    if (code !== null && !(await lookups.codeInList(db, 'gender', code))) throw optionInvalid();
  },
  async languages(db: Executor, ids: readonly string[]): Promise<void> {
    const given = [...new Set(ids)];
    if (given.length > 0 && (await lookups.countLanguages(db, given)) !== given.length) throw optionInvalid();
  },
  async countries(db: Executor, ids: readonly string[]): Promise<void> {
    const given = [...new Set(ids)];
    if (given.length > 0 && (await lookups.countCountries(db, given)) !== given.length) throw optionInvalid();
  },
};
