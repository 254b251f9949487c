import { z } from 'zod';
import { FEE_MAX_MINOR, WORK_COMPANY_MAX, WORK_DESCRIPTION_MAX, WORK_TITLE_MAX } from './constants.ts';
import { m } from './messages/index.ts';

/**
 * A provider's practice details (issue 14): work history, booking fees and licence states. Spec §3, §5, §7; the limits
 * the spec leaves open are in docs/decisions/0023-practice-details.md.
 */

/** "YYYY-MM" from 1900-01 to 2099-12 with a four-digit year (spec §5, §9): 1899-12, 2100-01 and 99-01 are refused. */
export const MONTH_PATTERN = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
export const monthString = z.string({ error: m.monthInvalid }).regex(MONTH_PATTERN, m.monthInvalid);

const isMonth = (v: unknown): v is string => typeof v === 'string' && MONTH_PATTERN.test(v);
/** Runs the cross-field month checks whenever the fields they read are well formed, even while other fields fail. */
const monthsReadable = (payload: { value: unknown }) => {
  const v = payload.value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    isMonth(v.startDate) &&
    (v.endDate === null || isMonth(v.endDate)) &&
    typeof v.currentlyWorksHere === 'boolean'
  );
};

/**
 * POST and PUT /provider/experience. Ticking `currentlyWorksHere` clears the end month (spec §5): an end month sent
 * with it is dropped, not refused. Otherwise the end month is required and not before the start month.
 */
export const workHistoryInput = z
  .strictObject({
    companyName: z
      .string({ error: m.companyNameRequired })
      .trim()
      .min(1, m.companyNameRequired)
      .max(WORK_COMPANY_MAX, m.companyNameMax),
    jobTitle: z
      .string({ error: m.jobTitleRequired })
      .trim()
      .min(1, m.jobTitleRequired)
      .max(WORK_TITLE_MAX, m.jobTitleMax),
    startDate: monthString,
    endDate: monthString.nullable(),
    currentlyWorksHere: z.boolean(),
    description: z
      .string({ error: m.workDescriptionMax })
      .trim()
      .max(WORK_DESCRIPTION_MAX, m.workDescriptionMax)
      .nullable()
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((v) => v.currentlyWorksHere || v.endDate !== null, {
    path: ['endDate'],
    message: m.endDateRequired,
    when: monthsReadable,
  })
  .refine((v) => v.currentlyWorksHere || v.endDate === null || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: m.endBeforeStart,
    when: monthsReadable,
  })
  .transform((v) => (v.currentlyWorksHere ? { ...v, endDate: null } : v));
export type WorkHistoryInput = z.input<typeof workHistoryInput>;
export type WorkHistoryValues = z.output<typeof workHistoryInput>;

export const workHistory = z.object({
  identifier: z.uuid(),
  companyName: z.string(),
  jobTitle: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  currentlyWorksHere: z.boolean(),
  description: z.string().nullable(),
});
export type WorkHistory = z.infer<typeof workHistory>;

/**
 * A fee in minor units (spec §5 "Fee": digits only, sent as the amount times 100). Not negative; at most
 * FEE_MAX_MINOR (constants.ts says why).
 */
export const feeMinor = z
  .number({ error: m.feeDigits })
  .min(0, { error: m.feeDigits, abort: true })
  .max(FEE_MAX_MINOR, { error: m.feeTooLarge, abort: true })
  .int(m.feeDigits);

/** The form's fee field: digits only, typed in the main unit, sent times 100 and then checked as the server checks it. */
export const feeField = z
  .string({ error: m.feeDigits })
  .trim()
  .min(1, { error: m.required, abort: true })
  .regex(/^\d+$/, { error: m.feeDigits, abort: true })
  .transform((v) => Number(v) * 100)
  .pipe(feeMinor);

/** Marked free, the fee is 0 (spec §5: marking it free shows 0). Runs while other fields fail too. */
const freeMeansZero = () =>
  [
    (v: { fee: number; isFree: boolean }) => !v.isFree || v.fee === 0,
    {
      path: ['fee'],
      message: m.feeFreeNotZero,
      when: (payload: { value: unknown }) => {
        const v = payload.value as Record<string, unknown> | null;
        return typeof v === 'object' && v !== null && Number.isSafeInteger(v.fee) && typeof v.isFree === 'boolean';
      },
    },
  ] as [
    (v: { fee: number; isFree: boolean }) => boolean,
    { path: string[]; message: string; when: (payload: { value: unknown }) => boolean },
  ];

/** POST /provider/booking-fee/general: the default session fee, or free (then the fee is 0). */
export const generalFeeInput = z.strictObject({ fee: feeMinor, isFree: z.boolean() }).refine(...freeMeansZero());
export type GeneralFeeInput = z.input<typeof generalFeeInput>;

/** POST /provider/booking-fee/therapy: the fee of one therapy category the provider offers. */
export const therapyFeeInput = z
  .strictObject({
    therapyCategoryIdentifier: z.uuid({ error: m.therapyNotOffered }),
    fee: feeMinor,
    isFree: z.boolean(),
  })
  .refine(...freeMeansZero());
export type TherapyFeeInput = z.input<typeof therapyFeeInput>;

/**
 * The fee forms (general and per therapy): the same rules with the fee typed as digits in the main unit. A therapy's
 * form sends its category from the page, not from a field.
 */
export const feeForm = z.strictObject({ fee: feeField, isFree: z.boolean() }).refine(...freeMeansZero());

/** A fee as set, in the currency it was set in (the provider's country's currency at the time). */
export const bookingFee = z.object({ fee: z.number().int(), isFree: z.boolean(), currencyCode: z.string() });
export type BookingFee = z.infer<typeof bookingFee>;

/** GET /provider/booking-fee: the general fee and, per therapy the provider offers, its own fee (or none yet). */
export const providerBookingFees = z.object({
  /** The currency a fee saved now is in: the provider's country's (DESIGN.md §6). */
  currencyCode: z.string(),
  general: bookingFee.nullable(),
  therapies: z.array(
    z.object({
      therapyCategoryIdentifier: z.uuid(),
      code: z.string(),
      name: z.string(),
      fee: bookingFee.nullable(),
    }),
  ),
});
export type ProviderBookingFees = z.infer<typeof providerBookingFees>;

/** POST /provider/license-states: the whole list of US states where the provider holds a licence (replaces it). */
export const licenseStatesInput = z.strictObject({
  stateIdentifiers: z
    .array(z.uuid({ error: m.licenseStateInvalid }), { error: m.licenseStateInvalid })
    .max(60, m.licenseStateInvalid)
    .transform((ids) => [...new Set(ids)]),
});
export type LicenseStatesInput = z.input<typeof licenseStatesInput>;

export const licenseState = z.object({ identifier: z.uuid(), code: z.string(), name: z.string() });
export type LicenseState = z.infer<typeof licenseState>;

/**
 * A state the provider claims, with where its review stands (issue 45): a state added to a verified practice is
 * `pending` until an operator approves it; `listed` says whether clients of the state find and book the provider now
 * (approved practice, approved state, an approved licence for it and approved insurance).
 */
export const licenseStateReviews = ['pending', 'approved', 'rejected'] as const;
export const claimedLicenseState = licenseState.extend({ review: z.enum(licenseStateReviews), listed: z.boolean() });
export type ClaimedLicenseState = z.infer<typeof claimedLicenseState>;
