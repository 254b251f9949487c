import type { ReviewDocument, SetupStepKey } from '@therapy/contracts/practice-setup';

/**
 * The seams between the practice features and verification (issue 14). Each feature module's face offers the
 * checklist steps it owns; the verification module is given all of them by the composition root (app.ts) and never
 * imports the feature modules.
 */
export interface SetupStep {
  key: SetupStepKey;
  isComplete(providerId: string): Promise<boolean>;
}

/**
 * The credentials module's offer to verification: every document of a provider with signed URLs. It checks no
 * access itself; verification calls it only for an operator and only while the provider's practice is under review.
 */
export interface ReviewDocumentsSource {
  documentsOf(providerId: string): Promise<ReviewDocument[]>;
}
