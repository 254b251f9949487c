import { z } from 'zod';

/**
 * The pick lists served by `GET /reference/:list`. Names are kebab-case, like their items' codes.
 * How the spec's names map: a booking's or provider's "therapy" (and `therapyCategory`) is a `therapy-category`
 * (individual, couples, ...); "therapyApproach" is a `therapy-approach` (CBT, EMDR, ...); "specialities" is
 * `speciality`. The client preference lists "language" and "country" are served by `/region/...`.
 */
export const referenceLists = [
  'therapy-category',
  'modality',
  'therapy-approach',
  'speciality',
  'discipline',
  'religion',
  'ethnicity',
  'gender',
  'age-group',
  'background',
  'trait',
  'communication',
] as const;
export type ReferenceList = (typeof referenceLists)[number];

export const isReferenceList = (value: string): value is ReferenceList =>
  (referenceLists as readonly string[]).includes(value);

/** An unknown list name is a 404 (like any unknown path), so the parameter is only checked for shape here. */
export const referenceListParams = z.strictObject({ list: z.string().min(1).max(64) });
