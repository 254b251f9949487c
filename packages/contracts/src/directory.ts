import { z } from 'zod';
import { m } from './messages/index.ts';
import { currencyCode } from './wallet.ts';

/**
 * The therapist directory (issue 16; spec §1 "pick a US state to find therapists", §2 "US state picker"; DESIGN.md §6
 * "Directory"): verified providers licensed in a US state, filtered, searched and sorted. Every filter is a query
 * parameter, so a search is a shareable URL; list filters take reference codes, comma-separated.
 */
export const directorySorts = ['match', 'rating', 'price', 'soonest'] as const;
export type DirectorySort = (typeof directorySorts)[number];

const codes = z
  .string()
  .max(500, m.filterInvalid)
  .optional()
  .transform((v) =>
    v
      ? [
          ...new Set(
            v
              .split(',')
              .map((s) => s.trim().toLowerCase())
              .filter(Boolean),
          ),
        ]
      : [],
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9-]{1,64}$/, m.filterInvalid)).max(20, m.filterInvalid));
const money = z.coerce
  .number({ error: m.priceRangeInvalid })
  .int(m.priceRangeInvalid)
  .min(0, m.priceRangeInvalid)
  .max(100_000_000, m.priceRangeInvalid)
  .optional();

/** GET /therapists: `state` is a US state's two-letter code (required: the directory is per state). */
export const directoryQuery = z
  .strictObject({
    state: z
      .string({ error: m.stateUnknown })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, m.stateUnknown),
    q: z.string().trim().max(100, m.searchTooLong).optional(),
    therapy: codes,
    modality: codes,
    speciality: codes,
    religion: codes,
    ethnicity: codes,
    gender: codes,
    /** ISO 639-1 codes of the languages the therapist holds sessions in, e.g. `es`. */
    language: codes,
    /**
     * The fee in minor units of the visitor's currency (a free session counts as 0): a fee in another currency is
     * compared after conversion at the day's rate (issue 48, decision 0059).
     */
    priceMin: money,
    priceMax: money,
    /** The visitor's currency (ISO 4217; the web sends a signed-in user's own); default: the state's country's. */
    currency: currencyCode.optional(),
    /** `week`: only therapists with a free slot in the next 7 days. */
    available: z.enum(['week'], { error: m.filterInvalid }).optional(),
    sort: z.enum(directorySorts, { error: m.sortInvalid }).default('match'),
    page: z.coerce
      .number({ error: m.pageInvalid })
      .int(m.pageInvalid)
      .min(1, m.pageInvalid)
      .max(100_000, m.pageInvalid)
      .default(1),
    pageSize: z.coerce
      .number({ error: m.pageInvalid })
      .int(m.pageInvalid)
      .min(1, m.pageInvalid)
      .max(50, m.pageInvalid)
      .default(12),
  })
  .refine((v) => v.priceMin === undefined || v.priceMax === undefined || v.priceMin <= v.priceMax, {
    message: m.priceRangeInvalid,
    path: ['priceMax'],
  });
export type DirectoryQuery = z.input<typeof directoryQuery>;
export type DirectoryQueryValues = z.output<typeof directoryQuery>;

const option = z.object({ identifier: z.uuid(), code: z.string(), name: z.string() });
/** A price in minor units of its currency (a free session: 0 and `isFree`). */
const price = z.object({ amount: z.number().int(), currencyCode: z.string(), isFree: z.boolean() });

/** One therapist card of the directory. */
export const directoryEntry = z.object({
  identifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  title: z.string().nullable(),
  headline: z.string().nullable(),
  photoUrl: z.string().nullable(),
  therapies: z.array(option),
  modalities: z.array(option),
  specialities: z.array(option),
  /**
   * The lowest price a client can book (issue 48): over the therapies offered, each at the fee a booking of it is
   * charged (the therapy's own fee, else the general one); `varies` when another therapy costs more (the card says
   * "from"). Null when nothing can be booked (no fee set, or no session type offered).
   */
  fee: price.extend({ varies: z.boolean() }).nullable(),
  /**
   * Issue 48: the fee converted to the visitor's currency ("≈ $65"), only in a search and only when the fee is in
   * another currency with a known rate; null otherwise.
   */
  convertedFee: z.object({ amount: z.number().int(), currencyCode: z.string() }).nullable(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** When the therapist's first free slot starts (ISO instant), or null when none is known in the booking horizon. */
  nextFreeAt: z.string().nullable(),
});
export type DirectoryEntry = z.infer<typeof directoryEntry>;

/**
 * GET /therapists/{providerId}: a listed therapist's public profile, for their page (the directory's card and what a
 * client weighs before booking: the bio and the US states the therapist is licensed in). Only verified, live
 * providers have one (404 otherwise, like an unknown id). It has no converted fee: it is not asked in a currency.
 */
export const therapistProfile = directoryEntry.omit({ convertedFee: true }).extend({
  bio: z.string().nullable(),
  /**
   * Issue 48: what a session of each therapy costs, exactly what booking it charges (the same rule server-side), in
   * the order of `therapies`; the fee does not depend on the session type. A therapy without a fee is not listed.
   */
  prices: z.array(z.object({ therapy: option, fee: price })),
  licenceStates: z.array(z.object({ identifier: z.uuid(), code: z.string(), name: z.string() })),
  /** The languages the therapist holds sessions in (ISO 639-1 codes with English names). */
  languages: z.array(z.object({ identifier: z.uuid(), code: z.string(), name: z.string() })),
  /** Issue 47: where the therapist has worked, newest first (the practice's work history; no ids). */
  workHistory: z.array(
    z.object({
      companyName: z.string(),
      jobTitle: z.string(),
      startDate: z.string(),
      endDate: z.string().nullable(),
      currentlyWorksHere: z.boolean(),
      description: z.string().nullable(),
    }),
  ),
  /** The titles of the therapist's education credentials an operator approved (a pending or rejected one is not shown). */
  education: z.array(z.object({ title: z.string() })),
  /**
   * The office address as the therapist entered it (street and city), only when they offer in-person sessions;
   * null otherwise (decision 0057: an online-only practice's address is not public).
   */
  officeAddress: z.string().nullable(),
});
export type TherapistProfile = z.infer<typeof therapistProfile>;
