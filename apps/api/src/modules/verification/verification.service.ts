import { setupStepKeys, type SetupStepKey } from '@therapy/contracts/practice-setup';
import { message, type Locale, type MessageKey } from '@therapy/contracts/messages';
import type { ProviderSummary } from '@therapy/contracts/profile';
import type {
  ApproveVerificationInput,
  ProviderVerification,
  RejectVerificationInput,
  VerificationDecision,
  VerificationNote,
  VerificationQueueItem,
  VerificationReview,
} from '@therapy/contracts/verification';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { requireAccess, requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { mailTemplates } from '../../platform/mail/templates.ts';
import type { ReviewDocumentsSource, SetupStep } from '../../platform/practice-setup.ts';
import type { UserModule, UserRow } from '../user/user.module.ts';
import { verificationRepository as repo, type VerificationRow } from './verification.repository.ts';

/** The catalogue name of each checklist step (the incomplete-submission message lists them in the caller's language). */
export const stepMessage: Record<SetupStepKey, MessageKey> = {
  profile: 'setupStepProfile',
  credentials: 'setupStepCredentials',
  insurance: 'setupStepInsurance',
  fees: 'setupStepFees',
  availability: 'setupStepAvailability',
  licenseStates: 'setupStepLicenseStates',
  bankDetails: 'setupStepBankDetails',
};

export interface VerificationSources {
  users: Pick<UserModule, 'findActiveUser'>;
  /** The checklist steps the feature modules offer (app.ts); a key nobody offers is never complete. */
  steps: readonly SetupStep[];
  /** The public head of a provider (the provider-profile module). */
  summaryOf: (providerId: string) => Promise<ProviderSummary>;
  /** The credentials module's documents; without one, a review lists none. */
  documents?: ReviewDocumentsSource | undefined;
}

/**
 * Verification (issue 14, decision 0026): the provider's checklist and submission, the operators' queue and
 * decisions, and `isVerified` for the modules that offer, book or list providers.
 */
export function createVerificationService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'mail' | 'config'>,
  sources: VerificationSources,
) {
  const { db, clock, events } = deps;
  const { users } = sources;

  const provider = async (actor: Actor): Promise<UserRow> =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'provider').userId));
  const operator = async (actor: Actor): Promise<UserRow> =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'operator').userId));

  const checklist = async (providerId: string) => {
    const steps = await Promise.all(
      setupStepKeys.map(async (key) => {
        const step = sources.steps.find((s) => s.key === key);
        return { key, complete: step ? await step.isComplete(providerId) : false };
      }),
    );
    return steps;
  };

  const present = (
    row: VerificationRow | undefined,
    steps: Array<{ key: SetupStepKey; complete: boolean }>,
  ): ProviderVerification => ({
    status: row?.status ?? 'not_submitted',
    steps,
    completed: steps.filter((s) => s.complete).length,
    total: steps.length,
    submittedAt: row?.submittedAt.toISOString() ?? null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
  });

  /** Approves or rejects a practice under review, and tells the provider by mail in the same transaction. */
  const decide = async (
    actor: Actor,
    providerId: string,
    status: 'approved' | 'rejected',
    note: string | null,
  ): Promise<VerificationDecision> => {
    const me = await operator(actor);
    // Nobody decides on their own practice (an operator's account has none, but the rule holds whatever the data).
    if (me.identifier === providerId) throw AppError.forbidden();
    return events.transaction(async (tx) => {
      const row = await repo.lock(tx, providerId);
      const account = await users.findActiveUser(providerId, tx);
      // Only a practice under review can be decided on; anything else is not in the operator's queue: 404.
      requireAccess(actor, 'review', row?.status === 'submitted' && account ? { kind: 'operator' } : undefined);
      const decided = await repo.decide(tx, providerId, { status, note, operatorId: me.identifier, now: clock.now() });
      await events.publish(tx, 'verification.changed', { providerId });
      const locale: Locale = account!.locale === 'de' ? 'de' : 'en';
      const name = account!.firstName ?? (locale === 'de' ? 'zusammen' : 'there');
      const link = `${deps.config.appOrigin}/practice`;
      const content =
        status === 'approved'
          ? mailTemplates.verificationApproved[locale]({ name, note, link })
          : mailTemplates.verificationRejected[locale]({ name, note: note ?? '', link });
      await deps.mail.queue(tx, { to: account!.email, ...content });
      return {
        providerIdentifier: providerId,
        status: decided.status,
        note: decided.note,
        decidedAt: decided.decidedAt!.toISOString(),
      };
    });
  };

  return {
    async get(actor: Actor): Promise<ProviderVerification> {
      const me = await provider(actor);
      return present(await repo.find(db, me.identifier), await checklist(me.identifier));
    },

    /**
     * Submits the practice: only with every step complete (400 naming the missing steps, nothing changes). Submitting
     * again while under review changes nothing; after a rejection it submits again; an approved practice stays approved.
     */
    async submit(actor: Actor, locale: Locale): Promise<ProviderVerification> {
      const me = await provider(actor);
      const steps = await checklist(me.identifier);
      const missing = steps.filter((s) => !s.complete).map((s) => stepMessage[s.key]);
      if (missing.length > 0) {
        throw new AppError(400, 'VALIDATION_ERROR', 'verificationIncomplete', missing, {
          steps: missing.map((k) => message(k, locale)).join(', '),
        });
      }
      const row = await events.transaction(async (tx) => {
        const current = await repo.lock(tx, me.identifier);
        if (current?.status === 'submitted') return current;
        if (current?.status === 'approved') throw AppError.conflict('CONFLICT', 'verificationAlreadyApproved');
        const submitted = await repo.submit(tx, me.identifier, clock.now());
        await events.publish(tx, 'verification.changed', { providerId: me.identifier });
        return submitted;
      });
      return present(row, steps);
    },

    async note(actor: Actor): Promise<VerificationNote> {
      const me = await provider(actor);
      const row = await repo.find(db, me.identifier);
      return {
        status: row?.status ?? 'not_submitted',
        note: row?.note ?? null,
        decidedAt: row?.decidedAt?.toISOString() ?? null,
      };
    },

    async queue(actor: Actor): Promise<VerificationQueueItem[]> {
      await operator(actor);
      const rows = await repo.queue(db);
      return rows.map((r) => ({
        providerIdentifier: r.providerId,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        submittedAt: r.submittedAt.toISOString(),
      }));
    },

    /** A practice under review: its summary and documents (signed URLs issued only now, after the check). Else 404. */
    async review(actor: Actor, providerId: string): Promise<VerificationReview> {
      await operator(actor);
      const row = await repo.find(db, providerId);
      const account = await users.findActiveUser(providerId);
      requireAccess(actor, 'read', row?.status === 'submitted' && account ? { kind: 'operator' } : undefined);
      return {
        provider: await sources.summaryOf(providerId),
        email: account!.email,
        submittedAt: row!.submittedAt.toISOString(),
        documents: sources.documents ? await sources.documents.documentsOf(providerId) : [],
      };
    },

    approve: (actor: Actor, providerId: string, input: ApproveVerificationInput) =>
      decide(actor, providerId, 'approved', input.note?.length ? input.note : null),
    reject: (actor: Actor, providerId: string, input: RejectVerificationInput) =>
      decide(actor, providerId, 'rejected', input.note),

    /** Whether the provider's practice is approved (only verified providers offer slots, can be booked or are listed). */
    isVerified: (providerId: string, ex: Executor = db): Promise<boolean> => repo.isApproved(ex, providerId),
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
