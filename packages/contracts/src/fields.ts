import {
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { z } from 'zod';
import { EMAIL_CODE_LENGTH, LOGIN_PASSWORD_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { m } from './messages/index.ts';

/**
 * Runs a check only on a value at least `min` characters long, so an empty field says only "... is required". We use
 * this instead of `abort: true`: an aborted field also stops the object's cross-field checks (`fieldsMatch`), and the
 * form would then show those only after every field is fixed.
 */
export const atLeast = (min: number) => ({
  when: (payload: { value: unknown }) => typeof payload.value === 'string' && [...payload.value].length >= min,
});

/** Field rules reused by several requests; each carries the spec's message. */
export const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** A password being chosen (DESIGN.md §6): 8-64 with a letter; commonness is checked on the server. */
export const newPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN, { error: m.passwordMin, ...atLeast(1) })
  .max(PASSWORD_MAX, m.passwordMax)
  .regex(/\p{L}/u, { error: m.passwordLetter, ...atLeast(1) });

/** The login form only requires a password, so no account is locked out by a form rule. */
export const loginPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .max(LOGIN_PASSWORD_MAX, m.passwordMax);

/** What a name rule may allow besides letters and their combining marks; none of these is a control or format character. */
const nameExtras = {
  digits: '\\p{N}',
  spaces: ' ',
  hyphens: '\\-',
  apostrophes: "'\u2019",
  periods: '.',
  commas: ',',
} as const;
export type NameExtra = keyof typeof nameExtras;

export interface NameRule {
  /** Lengths count characters (code points) after NFC and trimming, as PostgreSQL counts them. */
  min: number;
  max: number;
  /** What the field allows besides letters with their marks; a name always starts with a letter. */
  allowed: readonly NameExtra[];
  /** The field's message for a character it does not allow (and for any rule without a message of its own). */
  message: string;
  /** For a missing, non-string or too short value. */
  tooShort?: string;
  tooLong?: string;
}

/**
 * The one rule behind every person's name (spec §5 gives each field its characters). The text is normalised to NFC
 * first, so a decomposed "José" (e + U+0301) is checked, counted and stored composed; letters keep their combining
 * marks ("प्रिया" is letters and vowel signs); a control (Cc) or format (Cf: U+202E, zero-width) character never
 * passes, whatever the field allows.
 */
export function nameField(rule: NameRule) {
  const extras = rule.allowed.map((extra) => nameExtras[extra]).join('');
  const pattern = new RegExp(`^(?![^]*[\\p{Cc}\\p{Cf}])\\p{L}[\\p{L}\\p{M}${extras}]*$`, 'u');
  const length = (v: string) => [...v].length;
  const tooShort = rule.tooShort ?? rule.message;
  return z
    .string({ error: tooShort })
    .normalize('NFC')
    .trim()
    .refine((v) => length(v) >= rule.min, tooShort)
    .refine((v) => length(v) <= rule.max, rule.tooLong ?? rule.message)
    .regex(pattern, { error: rule.message, ...atLeast(Math.max(rule.min, 1)) });
}

/**
 * The one rule for a person's name (DESIGN.md §6, decision 0057), in every field that holds one: sign-up, client and
 * provider profile, manual client entry and CSV rows, the emergency contact. Letters with their marks, spaces,
 * hyphens, apostrophes (' and ’) and periods (initials: "J. R."), starting with a letter, 1 to 32 characters. The
 * spec's narrower per-field patterns refused "O'Brien", "Okonkwo-Brandt" and two-letter names such as "Li".
 */
export const PERSON_NAME_ALLOWED = [
  'spaces',
  'hyphens',
  'apostrophes',
  'periods',
] as const satisfies readonly NameExtra[];
export const personName = nameField({
  min: 1,
  max: NAME_MAX,
  allowed: PERSON_NAME_ALLOWED,
  message: m.namePattern,
  tooShort: m.nameRequired,
  tooLong: m.nameMax,
});

/** What a phone field may hold besides digits: a leading +, spaces and the usual separators. */
const PHONE_CHARACTERS = /^\+?[\d\s().\-/]*$/;
const PHONE_DIGITS_MIN = 10;
const PHONE_DIGITS_MAX = 13;
const digitCount = (v: string) => v.replace(/\D/g, '').length;
/** Counts and country checks only for a value of phone characters: "abc" says only which characters a number has. */
const writtenAsPhone = {
  when: (payload: { value: unknown }) => typeof payload.value === 'string' && PHONE_CHARACTERS.test(payload.value),
};

/**
 * A phone number as people write it: "+1 (212) 555-0142", "+49 170 5551234", "0170 5551234". Spec §5's "10 to 13
 * digits" (its messages, to the letter) counts the digits written; a number with a country code ("+...") must also be a
 * real number of that country. National input is checked against the user's country on the server, which stores every
 * number as E.164 (`toE164`, decision 0057).
 */
export const phoneNumber = z
  .string({ error: m.phoneMin })
  .trim()
  .regex(PHONE_CHARACTERS, m.phoneDigits)
  .refine((v) => digitCount(v) >= PHONE_DIGITS_MIN, { error: m.phoneMin, ...writtenAsPhone })
  .refine((v) => digitCount(v) <= PHONE_DIGITS_MAX, { error: m.phoneMax, ...writtenAsPhone })
  .refine((v) => !v.startsWith('+') || isValidPhoneNumber(v), { error: m.phoneInvalid, ...writtenAsPhone })
  // A number with its country code is stored as E.164 whoever receives it; national input waits for `normalisePhone`.
  // `overwrite`, not `transform`: a pipe would mark its issues as aborting, and `z.union([z.literal(''), phoneNumber])`
  // would then answer a generic "required" instead of the spec's message.
  .overwrite((v) => (v.startsWith('+') ? (toE164(v) ?? v) : v));

export type PhoneRegion = CountryCode;

/** The ISO 3166 code as libphonenumber knows it, or undefined (no country yet, or a code it has no plan for). */
export function phoneRegion(countryCode: string | null | undefined): PhoneRegion | undefined {
  const code = countryCode?.toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
}

/**
 * A number in E.164 ("+491705551234"), read in `region` when written without a country code; null when it is no
 * valid number there (or has no country code and no region is known).
 */
export function toE164(value: string, region?: PhoneRegion): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), region);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * What the server stores for a checked `phoneNumber`: E.164, reading national input in the user's country; national
 * input with no country known yet (a provider's sign-up) is kept as written until the profile names one. Null: the
 * number is no valid number of that country (the caller answers `m.phoneInvalid`).
 */
export function normalisePhone(value: string, region: PhoneRegion | undefined): string | null {
  if (!value.startsWith('+') && !region) return value;
  return toE164(value, region);
}

/**
 * A stored number as its country writes it with the country code ("+49 170 5551234", "+1 212 555 0142"); a value
 * that does not parse (kept raw by the backfill) is shown as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

export const emailCode = z.string({ error: m.codeLength }).trim().length(EMAIL_CODE_LENGTH, m.codeLength);

export const countryIdentifier = z
  .string({ error: m.countryRequired })
  .min(1, m.countryRequired)
  .pipe(z.uuid({ error: m.countryRequired }));

let zoneNames: ReadonlySet<string> | undefined;
/** Intl's canonical zones and "UTC" (not always among them), made once: the list is a new array of 418 names per call. */
const canonicalZones = (): ReadonlySet<string> =>
  (zoneNames ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']));

/** Other spellings looked up lately (each costs a new Intl.DateTimeFormat); bounded, as every case of a name is a new one. */
const SPELLINGS_KEPT = 1_000;
const spellings = new Map<string, string | null>();

/**
 * The canonical name of a zone written any way Intl accepts: an alias ("US/Eastern", "Asia/Kolkata"), another case
 * ("europe/berlin"). Undefined for anything else, also for what Intl accepts but is no canonical zone ("+01:00").
 */
export function canonicalTimezone(name: string): string | undefined {
  const zones = canonicalZones();
  if (zones.has(name)) return name;
  let found = spellings.get(name);
  if (found === undefined) {
    try {
      const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
      found = zones.has(resolved) ? resolved : null;
    } catch {
      found = null;
    }
    if (spellings.size >= SPELLINGS_KEPT) spellings.delete(spellings.keys().next().value!);
    spellings.set(name, found);
  }
  return found ?? undefined;
}

/** An IANA time zone the runtime knows, written as Intl's canonical list writes it (a stored zone). */
export const ianaTimezone = z
  .string({ error: m.timezoneInvalid })
  .min(1, m.timezoneInvalid)
  .max(64, m.timezoneInvalid)
  .refine((tz) => canonicalZones().has(tz), m.timezoneInvalid);

/**
 * A zone a viewer names (`?timezone=`), in any spelling Intl knows, given on as its canonical name: browsers report
 * aliases (Asia/Kolkata for Intl's Asia/Calcutta), and one zone must be one name to the caches behind it (issue 43).
 */
export const viewerTimezone = z
  .string({ error: m.timezoneInvalid })
  .min(1, m.timezoneInvalid)
  .max(64, m.timezoneInvalid)
  .refine((tz) => canonicalTimezone(tz) !== undefined, m.timezoneInvalid)
  .transform((tz) => canonicalTimezone(tz)!);

/**
 * A cross-field check ("Passwords must match") that runs even while other fields fail, as `.refine(...fieldsMatch())`.
 * zod skips an object's `.refine` once any field has an issue, so a form (and the server's `errors` list) showed the
 * mismatch only after every other field was fixed; `when` runs it whenever both fields hold strings.
 */
export function fieldsMatch<K extends string>(
  first: K,
  second: K,
  message: string,
  normalise: (value: string) => string = (value) => value,
) {
  const check = (value: Record<K, string>) => normalise(value[first]) === normalise(value[second]);
  const options = {
    path: [second],
    message,
    when: (payload: { value: unknown }) => {
      const value = payload.value as Record<string, unknown> | null;
      return (
        typeof value === 'object' &&
        value !== null &&
        typeof value[first] === 'string' &&
        typeof value[second] === 'string'
      );
    },
  };
  return [check, options] as const;
}
