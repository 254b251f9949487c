import { z } from 'zod';
import { EMAIL_CODE_LENGTH, LOGIN_PASSWORD_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { m } from './messages.ts';

/** Field rules reused by several requests; each carries the spec's message. */
export const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired, abort: true })
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** A password being chosen (DESIGN.md §6): 8-64 with a letter; commonness is checked on the server. */
export const newPassword = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .min(PASSWORD_MIN, m.passwordMin)
  .max(PASSWORD_MAX, m.passwordMax)
  .regex(/\p{L}/u, m.passwordLetter);

/** The login form only requires a password, so no account is locked out by a form rule. */
export const loginPassword = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .max(LOGIN_PASSWORD_MAX, m.passwordMax);

/** Spec §5: letters and digits, starting with a letter. */
export const personName = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired, abort: true })
  .max(NAME_MAX, m.nameMax)
  .regex(/^\p{L}[\p{L}\p{N}]*$/u, m.namePattern);

/** Spec §5: 10 to 13 digits at sign-up. */
export const phoneNumber = z
  .string({ error: m.phoneMin })
  .trim()
  .regex(/^\d*$/, m.phoneDigits)
  .min(10, m.phoneMin)
  .max(13, m.phoneMax);

export const emailCode = z
  .string({ error: m.codeLength })
  .trim()
  .length(EMAIL_CODE_LENGTH, m.codeLength);

export const countryIdentifier = z.string({ error: m.countryRequired }).min(1, m.countryRequired).pipe(z.uuid({ error: m.countryRequired }));

/** An IANA time zone the runtime knows (Intl's canonical list; "UTC" is not always in it). */
export const ianaTimezone = z
  .string({ error: m.timezoneInvalid })
  .min(1, m.timezoneInvalid)
  .max(64, m.timezoneInvalid)
  .refine((tz) => tz === 'UTC' || Intl.supportedValuesOf('timeZone').includes(tz), m.timezoneInvalid);
