import type { z } from 'zod';
import type { Country, Language, State, userTimezone } from '@therapy/contracts/regions';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { regionsRepository, type CountryRow, type LanguageRow, type StateRow } from './regions.repository.ts';

type UserTimezone = z.infer<typeof userTimezone>;

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/**
 * Zones that lead a country's list, so that `suggested` (the first) is where most people live rather than the
 * alphabetically first zone (America/Adak for the US, Antarctica/Macquarie for Australia). The rest follow
 * alphabetically. Names are ICU's, the ones `Intl.supportedValuesOf('timeZone')` accepts.
 */
const leadingZones: Readonly<Record<string, readonly string[]>> = {
  US: [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
  ],
  DE: ['Europe/Berlin'],
  AR: ['America/Buenos_Aires'],
  AU: ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Adelaide', 'Australia/Perth'],
  BR: ['America/Sao_Paulo'],
  CA: ['America/Toronto', 'America/Vancouver', 'America/Edmonton', 'America/Winnipeg', 'America/Halifax'],
  CD: ['Africa/Kinshasa'],
  CL: ['America/Santiago'],
  EC: ['America/Guayaquil'],
  ES: ['Europe/Madrid'],
  GL: ['America/Godthab'],
  ID: ['Asia/Jakarta'],
  KZ: ['Asia/Almaty'],
  MX: ['America/Mexico_City'],
  NZ: ['Pacific/Auckland'],
  PT: ['Europe/Lisbon'],
  RU: ['Europe/Moscow'],
};

const supportedZones = new Set(Intl.supportedValuesOf('timeZone'));

/** The IANA zones of a country (ICU's region data), most populous first; empty for an unknown or uninhabited one. */
export function countryTimezones(countryCode: string): string[] {
  let zones: string[];
  try {
    // Intl Locale Info (V8 ships it; TypeScript's ES2023 lib does not declare it yet).
    const locale = new Intl.Locale(`und-${countryCode}`) as Intl.Locale & { getTimeZones?: () => string[] | undefined };
    zones = locale.getTimeZones?.() ?? [];
  } catch {
    return [];
  }
  const known = zones.filter((zone) => supportedZones.has(zone)).sort();
  const leading = (leadingZones[countryCode] ?? []).filter((zone) => known.includes(zone));
  return [...leading, ...known.filter((zone) => !leading.includes(zone))];
}

function toCountry(row: CountryRow, operating: ReadonlySet<string>): Country {
  return {
    identifier: row.identifier,
    code: row.code,
    name: row.name,
    currencyCode: row.currencyCode,
    isOperating: operating.has(row.code),
  };
}
const toState = (row: StateRow): State => ({ identifier: row.identifier, code: row.code, name: row.name });
const toLanguage = (row: LanguageRow): Language => ({
  identifier: row.identifier,
  code: row.code,
  name: row.name,
  isPrimary: row.isPrimary,
});

/** Countries, their states, languages and time zones: public reference data, no access check needed. */
export function createRegionsService(deps: AppDeps) {
  const { db, config } = deps;
  // Operating countries are configuration (OPERATING_COUNTRIES), not data: opening a country is a deploy setting.
  const operating = new Set(config.operatingCountries);

  const statesOf = async (country: CountryRow | undefined): Promise<State[]> => {
    if (!country) throw AppError.notFound();
    return (await regionsRepository.listStates(db, country.identifier)).sort(byName).map(toState);
  };

  return {
    async listCountries(opts: { all: boolean }): Promise<Country[]> {
      const rows = await regionsRepository.listCountries(db, opts.all ? undefined : [...operating]);
      return rows.sort(byName).map((row) => toCountry(row, operating));
    },

    async statesByCountryId(countryId: string): Promise<State[]> {
      return statesOf(await regionsRepository.findCountryById(db, countryId));
    },

    async statesByCountryCode(code: string): Promise<State[]> {
      return statesOf(await regionsRepository.findCountryByCode(db, code.toUpperCase()));
    },

    async listLanguages(opts: { primary: boolean }): Promise<Language[]> {
      return (await regionsRepository.listLanguages(db, opts.primary)).sort(byName).map(toLanguage);
    },

    /** Zones of the request's country; without a (known) country, every zone with UTC suggested. */
    userTimezone(countryCode: string | undefined): UserTimezone {
      const zones = countryCode ? countryTimezones(countryCode.toUpperCase()) : [];
      if (zones.length > 0) return { suggested: zones[0]!, timezones: zones };
      return { suggested: 'UTC', timezones: ['UTC', ...supportedZones] };
    },
  };
}
