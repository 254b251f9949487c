import { z } from 'zod';

/**
 * The provider's set-up checklist (issue 14): the steps that must be complete before a practice can be submitted for
 * verification, in the order the dashboard shows them. Each step is owned by one feature (profile, credentials,
 * insurance, fees, availability, licence states, bank details), which says whether it is complete.
 */
export const setupStepKeys = [
  'profile',
  'credentials',
  'insurance',
  'fees',
  'availability',
  'licenseStates',
  'bankDetails',
] as const;
export const setupStepKey = z.enum(setupStepKeys);
export type SetupStepKey = z.infer<typeof setupStepKey>;

/** Where the web app sends a provider to complete each step. */
export const setupStepPaths: Record<SetupStepKey, string> = {
  profile: '/account',
  credentials: '/practice/credentials',
  insurance: '/practice/credentials#insurance',
  fees: '/practice/fees',
  availability: '/availability',
  licenseStates: '/practice/license-states',
  bankDetails: '/practice/bank-details',
};

/** A document an operator reviews: a credential (licence or other qualification) or the indemnity insurance. */
export const reviewDocumentKinds = [
  'license',
  'education',
  'association',
  'certification',
  'conduct',
  'insurance',
] as const;
export const reviewDocument = z.object({
  identifier: z.uuid(),
  kind: z.enum(reviewDocumentKinds),
  /** Licence: "body, credentialNumber"; other qualifications: their title; insurance: the file name. */
  title: z.string(),
  /** A licence's issuing board and number (null for the other kinds). */
  body: z.string().nullable(),
  credentialNumber: z.string().nullable(),
  /** The US state a licence is issued for (null: not named, or not a licence). */
  stateIdentifier: z.uuid().nullable(),
  /** The last valid day (null: does not expire). */
  expiresOn: z.string().nullable(),
  /** Where its review stands (issue 45): pending, approved, rejected or expired. */
  review: z.enum(['pending', 'approved', 'rejected', 'expired']),
  files: z.array(
    z.object({
      identifier: z.uuid(),
      filename: z.string(),
      /** Bytes. */
      size: z.number().int(),
      contentType: z.string(),
      /** A short-lived signed URL, issued after the caller's access was checked. */
      url: z.string(),
    }),
  ),
});
export type ReviewDocument = z.infer<typeof reviewDocument>;
