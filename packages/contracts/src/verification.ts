import { z } from 'zod';
import { m } from './messages/index.ts';
import { reviewDocument, reviewDocumentKinds, setupStepKey } from './practice-setup.ts';
import { providerSummary } from './profile.ts';

/**
 * Verification of a provider's practice (issue 14, decision 0026): the set-up checklist, the submission, and the
 * operator's review. A practice is `not_submitted` until the provider submits it with a complete checklist; an
 * operator then approves or rejects it (with a note); a rejected practice may be submitted again. An approved provider
 * stays approved when their practice changes later.
 */
export const verificationStatuses = ['not_submitted', 'submitted', 'approved', 'rejected', 'suspended'] as const;
export const verificationStatus = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** One step of the checklist: complete or not (a step nobody reports on is not complete). */
export const setupStepState = z.object({ key: setupStepKey, complete: z.boolean() });
export type SetupStepState = z.infer<typeof setupStepState>;

/**
 * One change of a verified practice that is not (or no longer) in force (issue 45): a state or document waiting for an
 * operator (`pending`), refused (`rejected`), or a document past its expiry (`expired`). A state is not listed while
 * it or every licence for it is in this list.
 */
export const practiceChange = z.object({
  identifier: z.uuid(),
  kind: z.enum([...reviewDocumentKinds, 'licenseState']),
  /** A state's name, a licence's "body, number", a qualification's title, an insurance file's name. */
  title: z.string(),
  review: z.enum(['pending', 'rejected', 'expired']),
  expiresOn: z.string().nullable(),
});
export type PracticeChange = z.infer<typeof practiceChange>;

/** `GET /provider/verification`: the status, the checklist in the dashboard's order, and the progress. */
export const providerVerification = z.object({
  status: verificationStatus,
  steps: z.array(setupStepState),
  completed: z.number().int(),
  total: z.number().int(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** What of a verified practice waits for review, was refused or expired (empty otherwise). */
  changes: z.array(practiceChange),
  /** The operator's reason when the listing is suspended. */
  suspendedReason: z.string().nullable(),
});
export type ProviderVerification = z.infer<typeof providerVerification>;

/** `GET /provider/qualification/verification-note`: the status and the operator's latest note (null when none). */
export const verificationNote = z.object({
  status: verificationStatus,
  note: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type VerificationNote = z.infer<typeof verificationNote>;

/** An operator's rejection: a note is required (it is what the provider reads). */
export const rejectVerificationInput = z.strictObject({
  note: z
    .string({ error: m.verificationNoteRequired })
    .trim()
    .min(1, m.verificationNoteRequired)
    .max(2000, m.verificationNoteTooLong),
});
export type RejectVerificationInput = z.infer<typeof rejectVerificationInput>;

/** An approval may carry a note too (optional). */
export const approveVerificationInput = z.strictObject({
  note: z.string().trim().max(2000, m.verificationNoteTooLong).optional(),
});
export type ApproveVerificationInput = z.infer<typeof approveVerificationInput>;

/** What an operator decides on: a practice submitted for verification, or changes to a verified one (issue 45). */
export const reviewKinds = ['practice', 'changes'] as const;

/** One practice in the operator's queue (oldest first). */
export const verificationQueueItem = z.object({
  providerIdentifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** When it was submitted, or when the oldest pending change was made. */
  submittedAt: z.string(),
  kind: z.enum(reviewKinds),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItem>;

/** Where a practice stands on the operator's list of all practices (issue 45). */
export const practiceStandings = [
  'pending',
  'verified',
  'changes_pending',
  'rejected',
  'suspended',
  'expiring',
] as const;
export const practiceStanding = z.enum(practiceStandings);
export type PracticeStanding = z.infer<typeof practiceStanding>;

/** `GET /operator/practices`: every practice that was ever submitted, filtered and searched by name or email. */
export const practiceListQuery = z.strictObject({
  standing: practiceStanding.optional(),
  q: z.string().trim().max(100, m.verificationSearchTooLong).optional(),
  page: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(10_000, m.pageInvalid)
    .default(1),
});
export type PracticeListQuery = z.input<typeof practiceListQuery>;
export const PRACTICE_LIST_PAGE_SIZE = 25;

export const practiceListItem = z.object({
  providerIdentifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  status: verificationStatus,
  /** A verified practice with changes waiting for review. */
  changesPending: z.boolean(),
  /** The soonest expiry of an approved document within 30 days (null: none that soon). */
  expiresOn: z.string().nullable(),
  submittedAt: z.string(),
});
export type PracticeListItem = z.infer<typeof practiceListItem>;
export const practiceList = z.object({
  items: z.array(practiceListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PracticeList = z.infer<typeof practiceList>;

/** One decision in a practice's history, oldest first. */
export const decisionKinds = [
  'approved',
  'rejected',
  'changes_approved',
  'changes_rejected',
  'suspended',
  'reinstated',
] as const;
export const verificationHistoryItem = z.object({
  kind: z.enum(decisionKinds),
  note: z.string().nullable(),
  /** The operator's name or email (null when their account is gone). */
  operator: z.string().nullable(),
  at: z.string(),
});
export type VerificationHistoryItem = z.infer<typeof verificationHistoryItem>;

/** A claimed state on the desk: where its review stands, whether it is listed, and the licences issued for it. */
export const reviewLicenseState = z.object({
  identifier: z.uuid(),
  code: z.string(),
  name: z.string(),
  review: z.enum(['pending', 'approved', 'rejected']),
  listed: z.boolean(),
  /** The licences naming this state (ids of `documents`); a licence naming no state is in `unassignedLicences`. */
  licences: z.array(z.uuid()),
});
export type ReviewLicenseState = z.infer<typeof reviewLicenseState>;

export const reviewFee = z.object({
  /** The therapy's name; null for the general fee. */
  therapy: z.string().nullable(),
  amount: z.number().int(),
  currencyCode: z.string(),
  isFree: z.boolean(),
});

export const reviewWorkHistory = z.object({
  companyName: z.string(),
  jobTitle: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  currentlyWorksHere: z.boolean(),
  description: z.string().nullable(),
});

/** A practice's profile as the desk shows it beside its documents. */
export const reviewProfile = z.object({
  bio: z.string().nullable(),
  discipline: z.string().nullable(),
});
export type ReviewProfile = z.infer<typeof reviewProfile>;

/**
 * What an operator reviews (issue 45): the provider's summary and profile, each claimed state with its licences, the
 * documents with their details, fees, work history, and the history of decisions. `decision` says what can be decided
 * now: the practice (submitted), its changes (verified with pending changes), or nothing.
 */
export const verificationReview = z.object({
  provider: providerSummary,
  email: z.string(),
  status: verificationStatus,
  submittedAt: z.string(),
  decision: z.enum(reviewKinds).nullable(),
  profile: reviewProfile,
  licenseStates: z.array(reviewLicenseState),
  unassignedLicences: z.array(z.uuid()),
  documents: z.array(reviewDocument),
  fees: z.array(reviewFee),
  workHistory: z.array(reviewWorkHistory),
  history: z.array(verificationHistoryItem),
});
export type VerificationReview = z.infer<typeof verificationReview>;

/** Suspending a listing needs a reason (the provider reads it); reinstating may carry a note. */
export const suspendPracticeInput = z.strictObject({
  note: z
    .string({ error: m.suspensionReasonRequired })
    .trim()
    .min(1, m.suspensionReasonRequired)
    .max(2000, m.verificationNoteTooLong),
});
export type SuspendPracticeInput = z.infer<typeof suspendPracticeInput>;

/** The outcome of an operator's decision. */
export const verificationDecision = z.object({
  providerIdentifier: z.uuid(),
  status: verificationStatus,
  note: z.string().nullable(),
  decidedAt: z.string(),
});
export type VerificationDecision = z.infer<typeof verificationDecision>;
