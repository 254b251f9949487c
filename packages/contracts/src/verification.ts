import { z } from 'zod';
import { m } from './messages/index.ts';
import { reviewDocument, setupStepKey } from './practice-setup.ts';
import { providerSummary } from './profile.ts';

/**
 * Verification of a provider's practice (issue 14, decision 0026): the set-up checklist, the submission, and the
 * operator's review. A practice is `not_submitted` until the provider submits it with a complete checklist; an
 * operator then approves or rejects it (with a note); a rejected practice may be submitted again. An approved provider
 * stays approved when their practice changes later.
 */
export const verificationStatuses = ['not_submitted', 'submitted', 'approved', 'rejected'] as const;
export const verificationStatus = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** One step of the checklist: complete or not (a step nobody reports on is not complete). */
export const setupStepState = z.object({ key: setupStepKey, complete: z.boolean() });
export type SetupStepState = z.infer<typeof setupStepState>;

/** `GET /provider/verification`: the status, the checklist in the dashboard's order, and the progress. */
export const providerVerification = z.object({
  status: verificationStatus,
  steps: z.array(setupStepState),
  completed: z.number().int(),
  total: z.number().int(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
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

/** One practice in the operator's queue (oldest submission first). */
export const verificationQueueItem = z.object({
  providerIdentifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  submittedAt: z.string(),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItem>;

/** What an operator reviews: the provider's summary and documents (only while the practice is submitted). */
export const verificationReview = z.object({
  provider: providerSummary,
  email: z.string(),
  submittedAt: z.string(),
  documents: z.array(reviewDocument),
});
export type VerificationReview = z.infer<typeof verificationReview>;

/** The outcome of an operator's decision. */
export const verificationDecision = z.object({
  providerIdentifier: z.uuid(),
  status: verificationStatus,
  note: z.string().nullable(),
  decidedAt: z.string(),
});
export type VerificationDecision = z.infer<typeof verificationDecision>;
