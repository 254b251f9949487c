import { setupStepKeys, type SetupStepKey } from '@therapy/contracts/practice-setup';
import { message, type Locale, type MessageKey } from '@therapy/contracts/messages';
import type { ProviderSummary } from '@therapy/contracts/profile';
import type { ClaimedLicenseState, ProviderBookingFees, WorkHistory } from '@therapy/contracts/practice-details';
import {
  PRACTICE_LIST_PAGE_SIZE,
  type ApproveVerificationInput,
  type PracticeChange,
  type PracticeList,
  type PracticeListQuery,
  type ProviderVerification,
  type RejectVerificationInput,
  type ReviewProfile,
  type SuspendPracticeInput,
  type VerificationDecision,
  type VerificationNote,
  type VerificationQueueItem,
  type VerificationReview,
} from '@therapy/contracts/verification';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { requireAccess, requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { mailTemplates } from '../../platform/mail/templates.ts';
import type { ReviewDocumentsSource, SetupStep } from '../../platform/practice-setup.ts';
import type { UserModule, UserRow } from '../user/user.module.ts';
import { laterDecisionMail, type LaterDecision } from './verification-mail.ts';
import { verificationRepository as repo, type DecisionKind, type VerificationRow } from './verification.repository.ts';

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
  /** What the desk shows beside the documents (issue 45); without them, the desk shows none. */
  profileOf?: ((providerId: string) => Promise<ReviewProfile>) | undefined;
  practice?:
    | {
        claimedStatesOf(providerId: string): Promise<ClaimedLicenseState[]>;
        feesOf(providerId: string): Promise<ProviderBookingFees>;
        workHistoryOf(providerId: string): Promise<WorkHistory[]>;
      }
    | undefined;
}

/** An expiry within this many days puts a practice on the operator's "expiring" list. */
const EXPIRING_WITHIN_DAYS = 30;

/**
 * Verification (issue 14, decision 0026; issue 45): the provider's checklist and submission, the operators' queue,
 * desk and decisions, and `isVerified` for the modules that offer, book or list providers. After the first approval,
 * new or changed licence states and documents wait for an operator (they settle through `practice.reviewed`), and an
 * operator may suspend a listing with a reason.
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

  /** What of a verified (or suspended) practice is not in force: pending, rejected or expired states and documents. */
  const changesOf = async (
    providerId: string,
    status: VerificationRow['status'] | undefined,
  ): Promise<PracticeChange[]> => {
    if (status !== 'approved' && status !== 'suspended') return [];
    const [claimed, documents] = await Promise.all([
      sources.practice?.claimedStatesOf(providerId) ?? [],
      sources.documents?.documentsOf(providerId) ?? [],
    ]);
    const states: PracticeChange[] = claimed
      .filter((s) => s.review !== 'approved')
      .map((s) => ({
        identifier: s.identifier,
        kind: 'licenseState',
        title: s.name,
        review: s.review as 'pending' | 'rejected',
        expiresOn: null,
      }));
    const docs: PracticeChange[] = documents
      .filter((d) => d.review !== 'approved')
      .map((d) => ({
        identifier: d.identifier,
        kind: d.kind,
        title: d.title,
        review: d.review as 'pending' | 'rejected' | 'expired',
        expiresOn: d.expiresOn,
      }));
    return [...states, ...docs];
  };

  const present = async (
    providerId: string,
    row: VerificationRow | undefined,
    steps: Array<{ key: SetupStepKey; complete: boolean }>,
  ): Promise<ProviderVerification> => ({
    status: row?.status ?? 'not_submitted',
    steps,
    completed: steps.filter((s) => s.complete).length,
    total: steps.length,
    submittedAt: row?.submittedAt.toISOString() ?? null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
    changes: await changesOf(providerId, row?.status),
    suspendedReason: row?.status === 'suspended' ? row.note : null,
  });

  const localeOf = (account: UserRow): Locale => (account.locale === 'de' ? 'de' : 'en');
  const greeting = (account: UserRow) => account.firstName ?? (localeOf(account) === 'de' ? 'zusammen' : 'there');
  const practiceLink = () => `${deps.config.appOrigin}/practice`;

  const decision = (row: VerificationRow): VerificationDecision => ({
    providerIdentifier: row.providerId,
    status: row.status,
    note: row.note,
    decidedAt: row.decidedAt!.toISOString(),
  });

  /**
   * Approves or rejects what an operator can decide on now: a practice under review, or the pending changes of a
   * verified one (its status stays approved; what was pending is settled either way). The decision goes into the
   * history and the provider is told by mail, in the same transaction. Anything else is not in the queue: 404.
   */
  const decide = async (
    actor: Actor,
    providerId: string,
    outcome: 'approved' | 'rejected',
    note: string | null,
  ): Promise<{ data: VerificationDecision; scope: 'practice' | 'changes' }> => {
    const me = await operator(actor);
    // Nobody decides on their own practice (an operator's account has none, but the rule holds whatever the data).
    if (me.identifier === providerId) throw AppError.forbidden();
    return events.transaction(async (tx) => {
      const row = await repo.lock(tx, providerId);
      const account = await users.findActiveUser(providerId, tx);
      const decidable =
        row?.status === 'submitted'
          ? ('practice' as const)
          : row?.status === 'approved' && (await repo.hasPendingChanges(tx, providerId))
            ? ('changes' as const)
            : undefined;
      requireAccess(actor, 'review', decidable && account ? { kind: 'operator' } : undefined);
      const scope = decidable!;
      const now = clock.now();
      const decided =
        scope === 'practice'
          ? await repo.decide(tx, providerId, { status: outcome, note, operatorId: me.identifier, now })
          : await repo.setStatus(tx, providerId, { status: 'approved', note, operatorId: me.identifier, now });
      // A rejected first review settles nothing: the whole practice is reviewed again when it is submitted again.
      if (scope === 'changes' || outcome === 'approved')
        await events.publish(tx, 'practice.reviewed', { providerId, outcome, scope, at: now.toISOString() });
      await events.publish(tx, 'verification.changed', { providerId });
      const kind: DecisionKind = scope === 'practice' ? outcome : (`changes_${outcome}` as const);
      await repo.record(tx, { providerId, operatorId: me.identifier, kind, note, now });
      const locale = localeOf(account!);
      const params = { name: greeting(account!), note, link: practiceLink() };
      const content =
        scope === 'changes'
          ? laterDecisionMail(locale, kind as LaterDecision, params)
          : outcome === 'approved'
            ? mailTemplates.verificationApproved[locale](params)
            : mailTemplates.verificationRejected[locale]({ ...params, note: note ?? '' });
      await deps.mail.queue(tx, { to: account!.email, lang: locale, ...content });
      return { data: decision(decided), scope };
    });
  };

  /** Suspends a verified listing, or lifts a suspension: the status changes, the history and the provider learn why. */
  const setListing = async (
    actor: Actor,
    providerId: string,
    to: 'suspended' | 'approved',
    note: string | null,
  ): Promise<VerificationDecision> => {
    const me = await operator(actor);
    if (me.identifier === providerId) throw AppError.forbidden();
    return events.transaction(async (tx) => {
      const row = await repo.lock(tx, providerId);
      const account = await users.findActiveUser(providerId, tx);
      requireAccess(actor, 'review', row && account ? { kind: 'operator' } : undefined);
      if (to === 'suspended' && row!.status !== 'approved') throw AppError.conflict('CONFLICT', 'practiceNotVerified');
      if (to === 'approved' && row!.status !== 'suspended') throw AppError.conflict('CONFLICT', 'practiceNotSuspended');
      const now = clock.now();
      const updated = await repo.setStatus(tx, providerId, { status: to, note, operatorId: me.identifier, now });
      const kind = to === 'suspended' ? ('suspended' as const) : ('reinstated' as const);
      await repo.record(tx, { providerId, operatorId: me.identifier, kind, note, now });
      // The directory and the slot engine follow the status (approved_providers).
      await events.publish(tx, 'verification.changed', { providerId });
      const locale = localeOf(account!);
      const content = laterDecisionMail(locale, kind, {
        name: greeting(account!),
        note,
        link: practiceLink(),
      });
      await deps.mail.queue(tx, { to: account!.email, lang: locale, ...content });
      return decision(updated);
    });
  };

  return {
    async get(actor: Actor): Promise<ProviderVerification> {
      const me = await provider(actor);
      return present(me.identifier, await repo.find(db, me.identifier), await checklist(me.identifier));
    },

    /**
     * Submits the practice: only with every step complete (400 naming the missing steps, nothing changes). Submitting
     * again while under review changes nothing; after a rejection it submits again; an approved practice stays
     * approved (its later changes are reviewed on their own) and a suspended one cannot submit itself back.
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
        if (current?.status === 'suspended') throw AppError.conflict('CONFLICT', 'verificationSuspended');
        const submitted = await repo.submit(tx, me.identifier, clock.now());
        await events.publish(tx, 'verification.changed', { providerId: me.identifier });
        return submitted;
      });
      return present(me.identifier, row, steps);
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
        submittedAt: r.since.toISOString(),
        kind: r.kind,
      }));
    },

    /** Every practice ever submitted, by standing, searched by name or email (newest submission first). */
    async practices(actor: Actor, query: PracticeListQuery): Promise<PracticeList> {
      await operator(actor);
      const page = Number(query.page ?? 1);
      const until = new Date(clock.now().getTime() + EXPIRING_WITHIN_DAYS * 86_400_000).toISOString().slice(0, 10);
      const { items, total } = await repo.practices(db, {
        standing: query.standing,
        q: query.q?.trim() || undefined,
        expiringUntil: until,
        limit: PRACTICE_LIST_PAGE_SIZE,
        offset: (page - 1) * PRACTICE_LIST_PAGE_SIZE,
      });
      return {
        items: items.map((r) => ({
          providerIdentifier: r.providerId,
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          status: r.status,
          changesPending: r.changesPending,
          expiresOn: r.expiresOn,
          submittedAt: r.submittedAt.toISOString(),
        })),
        total,
        page,
        pageSize: PRACTICE_LIST_PAGE_SIZE,
      };
    },

    /**
     * The operator's desk for a practice that was submitted once (any standing; else 404): profile, each claimed
     * state with its licences, documents (signed URLs issued only now, after the check), fees, work history, history,
     * and what can be decided now.
     */
    async review(actor: Actor, providerId: string): Promise<VerificationReview> {
      await operator(actor);
      const row = await repo.find(db, providerId);
      const account = await users.findActiveUser(providerId);
      requireAccess(actor, 'read', row && account ? { kind: 'operator' } : undefined);
      const [summary, documents, claimed, fees, workHistory, profile, history, pending] = await Promise.all([
        sources.summaryOf(providerId),
        sources.documents?.documentsOf(providerId) ?? [],
        sources.practice?.claimedStatesOf(providerId) ?? [],
        sources.practice?.feesOf(providerId),
        sources.practice?.workHistoryOf(providerId) ?? [],
        sources.profileOf?.(providerId) ?? { bio: null, discipline: null },
        repo.history(db, providerId),
        repo.hasPendingChanges(db, providerId),
      ]);
      const licences = documents.filter((d) => d.kind === 'license');
      return {
        provider: summary,
        email: account!.email,
        status: row!.status,
        submittedAt: row!.submittedAt.toISOString(),
        decision: row!.status === 'submitted' ? 'practice' : row!.status === 'approved' && pending ? 'changes' : null,
        profile,
        licenseStates: claimed.map((s) => ({
          identifier: s.identifier,
          code: s.code,
          name: s.name,
          review: s.review,
          listed: s.listed,
          licences: licences.filter((l) => l.stateIdentifier === s.identifier).map((l) => l.identifier),
        })),
        unassignedLicences: licences.filter((l) => l.stateIdentifier === null).map((l) => l.identifier),
        documents,
        fees: fees
          ? [
              ...(fees.general
                ? [
                    {
                      therapy: null,
                      amount: fees.general.fee,
                      currencyCode: fees.general.currencyCode,
                      isFree: fees.general.isFree,
                    },
                  ]
                : []),
              ...fees.therapies.flatMap((t) =>
                t.fee
                  ? [{ therapy: t.name, amount: t.fee.fee, currencyCode: t.fee.currencyCode, isFree: t.fee.isFree }]
                  : [],
              ),
            ]
          : [],
        workHistory: workHistory.map(({ identifier: _id, ...w }) => w),
        history: history.map((h) => ({
          kind: h.kind,
          note: h.note,
          operator: h.operatorName ?? h.operatorEmail,
          at: h.at.toISOString(),
        })),
      };
    },

    approve: (actor: Actor, providerId: string, input: ApproveVerificationInput) =>
      decide(actor, providerId, 'approved', input.note?.length ? input.note : null),
    reject: (actor: Actor, providerId: string, input: RejectVerificationInput) =>
      decide(actor, providerId, 'rejected', input.note),
    suspend: (actor: Actor, providerId: string, input: SuspendPracticeInput) =>
      setListing(actor, providerId, 'suspended', input.note),
    reinstate: (actor: Actor, providerId: string, input: ApproveVerificationInput) =>
      setListing(actor, providerId, 'approved', input.note?.length ? input.note : null),

    /** Whether the provider's practice is approved (only verified providers offer slots, can be booked or are listed). */
    isVerified: (providerId: string, ex: Executor = db): Promise<boolean> => repo.isApproved(ex, providerId),
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
