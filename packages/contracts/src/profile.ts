import { z } from 'zod';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIN_PX } from './constants.ts';
import { atLeast, ianaTimezone, personName, phoneNumber } from './fields.ts';
import { m } from './messages/index.ts';

/** The one name rule (decision 0057; spec §5 "Client profile" said 3-32 letters, hyphens, spaces); null is empty. */
const clientName = personName.nullable();
/** Spec §5 "Client profile": userName is 3-32 of letters, digits, _, -, @, required. */
export const userName = z
  .string({ error: m.userNameRequired })
  .trim()
  .min(1, m.userNameRequired)
  .regex(/^[\p{L}\p{N}_@-]{3,32}$/u, { error: m.userNamePattern, ...atLeast(1) });
/** Spec §5: zipCode is 5-10 alphanumeric. */
const zipCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{5,10}$/, m.zipCodePattern);

const MIN_AGE_YEARS = 16;
/** YYYY-MM-DD, a real calendar day from 1900 on, and at least 16 years ago (no one younger books therapy alone). */
export const dateOfBirth = z
  .string({ error: m.dobInvalid })
  .regex(/^(19|20)\d\d-\d\d-\d\d$/, m.dobInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, m.dobInvalid)
  .refine((v) => {
    const limit = new Date();
    limit.setUTCFullYear(limit.getUTCFullYear() - MIN_AGE_YEARS);
    return new Date(`${v}T00:00:00Z`) <= limit;
  }, m.dobTooYoung);

const option = z.uuid({ error: m.optionInvalid });
const optionList = (atLeastOne?: string) =>
  z
    .array(option, { error: m.optionInvalid })
    .max(30, m.tooManyItems)
    .refine((v) => new Set(v).size === v.length, m.optionInvalid)
    .refine((v) => !atLeastOne || v.length > 0, atLeastOne ?? m.optionInvalid);
/** Gender is a code of the `gender` reference list (e.g. "female"), as the spec names the field without Identifier. */
const genderCode = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, m.optionInvalid)
  .max(64, m.optionInvalid);

// ---------------------------------------------------------------- client

export const clientProfileInput = z.strictObject({
  firstName: clientName,
  lastName: clientName,
  userName,
  countryIdentifier: option.nullable(),
  stateIdentifier: option.nullable(),
  zipCode: zipCode.nullable(),
  dob: dateOfBirth.nullable(),
  religionIdentifier: option.nullable(),
  ethnicityIdentifier: option.nullable(),
  gender: genderCode.nullable(),
  timezone: ianaTimezone.nullable(),
  /**
   * Not asked at sign-up, but Paystack needs it for a dedicated transfer account. Same rule as sign-up (10-13 digits);
   * null clears it, absent leaves it as it is (older clients do not send it).
   */
  phoneNumber: phoneNumber.nullable().optional(),
});
export type ClientProfileInput = z.infer<typeof clientProfileInput>;

export const clientProfile = z.object({
  identifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string().nullable(),
  email: z.string(),
  /** A short-lived signed URL of the uploaded picture, or the avatar's public path, or null. */
  photoUrl: z.string().nullable(),
  avatarIdentifier: z.uuid().nullable(),
  countryIdentifier: z.uuid().nullable(),
  stateIdentifier: z.uuid().nullable(),
  zipCode: z.string().nullable(),
  dob: z.string().nullable(),
  religionIdentifier: z.uuid().nullable(),
  ethnicityIdentifier: z.uuid().nullable(),
  gender: z.string().nullable(),
  timezone: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type ClientProfile = z.infer<typeof clientProfile>;

/**
 * Spec §5 "Emergency contact" (name 3-32 letters, hyphens, spaces; contact 3-32 digits): the one name rule and the one
 * phone rule instead (decision 0057), so "Seán O'Brien, +353 85 123 4567" is a contact.
 */
export const emergencyContactInput = z.strictObject({
  name: personName,
  phoneNumber,
});
export const emergencyContact = z.object({ identifier: z.uuid(), name: z.string(), phoneNumber: z.string() });
export type EmergencyContact = z.infer<typeof emergencyContact>;

/** The twelve client preference lists of spec §3; each is a set of identifiers from its list. */
export const preferenceLists = {
  modality: 'modality',
  gender: 'gender',
  therapy: 'therapy-category',
  ageGroup: 'age-group',
  language: 'language',
  therapyApproach: 'therapy-approach',
  religion: 'religion',
  background: 'background',
  trait: 'trait',
  specialities: 'speciality',
  country: 'country',
  communication: 'communication',
} as const;
export type PreferenceKey = keyof typeof preferenceLists;
export const clientPreferencesInput = z.strictObject(
  Object.fromEntries(Object.keys(preferenceLists).map((k) => [k, optionList().optional()])) as Record<
    PreferenceKey,
    z.ZodOptional<ReturnType<typeof optionList>>
  >,
);
export type ClientPreferencesInput = z.infer<typeof clientPreferencesInput>;
export const clientPreferences = z.object(
  Object.fromEntries(Object.keys(preferenceLists).map((k) => [k, z.array(z.uuid())])) as Record<
    PreferenceKey,
    z.ZodArray<z.ZodUUID>
  >,
);
export type ClientPreferences = z.infer<typeof clientPreferences>;

// ---------------------------------------------------------------- avatars and pictures

export const avatar = z.object({ identifier: z.uuid(), photoUrl: z.string() });
export type Avatar = z.infer<typeof avatar>;
export const avatarParams = z.strictObject({ avatarIdentifier: z.uuid({ error: m.avatarRequired }) });
export const photoResponse = z.object({ photoUrl: z.string().nullable() });

/** What the browser can check before upload (spec §5 "Profile image"); the server checks the bytes again. */
export const profileImageRules = {
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  minPixels: PROFILE_IMAGE_MIN_PX,
  accept: ['image/jpeg', 'image/png', 'image/webp'],
  zoom: { min: 1, max: 3, step: 0.1 },
} as const;

// ---------------------------------------------------------------- provider

/** Spec §5 "Provider profile" says only 3-32: the one name rule (decision 0057), as at sign-up. */
const providerName = personName;

/** Letters with marks, digits, spaces and the punctuation of a sentence-like headline. */
const HEADLINE_PATTERN = /^[\p{L}\p{M}\p{N} ()\-,.&/'’:+]*$/u;
export const HEADLINE_MIN = 3;
/** Spec §5 says 3-32: too short for "Trauma-informed therapist for adults" (decision 0057). */
export const HEADLINE_MAX = 80;

const providerInfoShape = {
  firstName: providerName,
  lastName: providerName,
  phoneNumber: phoneNumber.nullable(),
  headline: z
    .string({ error: m.headlinePattern })
    .trim()
    .refine((v) => [...v].length >= HEADLINE_MIN && [...v].length <= HEADLINE_MAX, m.headlinePattern)
    .regex(HEADLINE_PATTERN, m.headlinePattern)
    .nullable(),
  title: z
    .string()
    .trim()
    .regex(/^[\p{L}]{2,32}$/u, m.titlePattern)
    .nullable(),
  officeAddress: z.string().trim().min(3, m.officeAddressMin).max(200, m.officeAddressMin).nullable(),
  bio: z.string().trim().max(2000, m.bioMax).nullable(),
  zipCode: zipCode.nullable(),
  countryIdentifier: z.uuid({ error: m.countryRequired }),
  stateIdentifier: z.uuid({ error: m.stateRequired }),
  dob: dateOfBirth.nullable(),
  religionIdentifier: option.nullable(),
  ethnicityIdentifier: z.uuid({ error: m.ethnicityRequired }),
  gender: z.string({ error: m.genderRequired }).min(1, m.genderRequired).pipe(genderCode),
  disciplineIdentifier: option.nullable(),
  therapies: optionList(),
  modalities: optionList(),
  specialities: optionList(),
  /** The languages the provider holds sessions in (issue 16: the directory's language filter); left as they are when omitted. */
  languages: optionList().optional(),
};

/** POST /provider/update/info (spec §5 "Provider profile"). */
export const providerInfoInput = z.strictObject(providerInfoShape);
export type ProviderInfoInput = z.infer<typeof providerInfoInput>;

/** POST /provider/setup: the first-time set-up form asks more (spec §5 "Provider setup"). */
export const providerSetupInput = z.strictObject({
  ...providerInfoShape,
  officeAddress: z
    .string({ error: m.officeAddressSetup })
    .trim()
    .min(5, m.officeAddressSetup)
    .max(200, m.officeAddressSetup)
    .regex(/\p{L}/u, m.officeAddressSetup),
  therapies: optionList(m.therapyAtLeastOne),
  modalities: optionList(m.modalityAtLeastOne),
  specialities: optionList(m.specialityAtLeastOne),
});
export type ProviderSetupInput = z.infer<typeof providerSetupInput>;

export const providerProfile = z.object({
  identifier: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  headline: z.string().nullable(),
  title: z.string().nullable(),
  officeAddress: z.string().nullable(),
  bio: z.string().nullable(),
  zipCode: z.string().nullable(),
  countryIdentifier: z.uuid().nullable(),
  stateIdentifier: z.uuid().nullable(),
  dob: z.string().nullable(),
  religionIdentifier: z.uuid().nullable(),
  ethnicityIdentifier: z.uuid().nullable(),
  gender: z.string().nullable(),
  disciplineIdentifier: z.uuid().nullable(),
  therapies: z.array(z.uuid()),
  modalities: z.array(z.uuid()),
  specialities: z.array(z.uuid()),
  languages: z.array(z.uuid()),
  photoUrl: z.string().nullable(),
  setupComplete: z.boolean(),
});
export type ProviderProfile = z.infer<typeof providerProfile>;

/** Spec §3 "Provider type state" (kept in local storage by the web app). */
export const providerTypeState = z.object({
  providerType: z.string().nullable(),
  therapyCategoryIdentifier: z.uuid().nullable(),
  allowInvite: z.boolean(),
  modalityIdentifier: z.uuid().nullable(),
});
export type ProviderTypeState = z.infer<typeof providerTypeState>;

// ---------------------------------------------------------------- public provider page

/** GET /providers/{providerId}: what anyone may see of a provider (the directory issue adds more). */
export const providerSummary = z.object({
  identifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  title: z.string().nullable(),
  headline: z.string().nullable(),
  photoUrl: z.string().nullable(),
  therapies: z.array(z.object({ identifier: z.uuid(), code: z.string(), name: z.string() })),
  /** The session types the provider offers (online, in person): the booking form lists only these. */
  modalities: z.array(z.object({ identifier: z.uuid(), code: z.string(), name: z.string() })),
});
export type ProviderSummary = z.infer<typeof providerSummary>;
