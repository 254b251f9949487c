import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { people } from '../../db/schema/users.ts';
import { approvedProviders, providerVerifications } from '../../db/schema/verification.ts';

export type VerificationRow = typeof providerVerifications.$inferSelect;

/** A provider's verification row (none = not submitted), the operator's queue, and the decisions. */

export const verificationRepository = {
  async find(db: Executor, providerId: string): Promise<VerificationRow | undefined> {
    const [row] = await db
      .select()
      .from(providerVerifications)
      .where(eq(providerVerifications.providerId, providerId))
      .limit(1);
    return row;
  },
  /** The row under a lock, so a submission and a decision on the same practice happen one after the other. */
  async lock(db: Executor, providerId: string): Promise<VerificationRow | undefined> {
    const [row] = await db
      .select()
      .from(providerVerifications)
      .where(eq(providerVerifications.providerId, providerId))
      .for('update')
      .limit(1);
    return row;
  },
  /** Submits (or submits again after a rejection): status submitted, the decision cleared, the note kept until the next decision. */
  async submit(db: Executor, providerId: string, now: Date): Promise<VerificationRow> {
    const [row] = await db
      .insert(providerVerifications)
      .values({ providerId, status: 'submitted', submittedAt: now })
      .onConflictDoUpdate({
        target: providerVerifications.providerId,
        set: { status: 'submitted', submittedAt: now, decidedAt: null, decidedBy: null },
      })
      .returning();
    return row!;
  },
  async decide(
    db: Executor,
    providerId: string,
    decision: { status: 'approved' | 'rejected'; note: string | null; operatorId: string; now: Date },
  ): Promise<VerificationRow> {
    const [row] = await db
      .update(providerVerifications)
      .set({ status: decision.status, note: decision.note, decidedBy: decision.operatorId, decidedAt: decision.now })
      .where(and(eq(providerVerifications.providerId, providerId), eq(providerVerifications.status, 'submitted')))
      .returning();
    return row!;
  },
  /** Practices under review whose account is live, oldest submission first. */
  async queue(
    db: Executor,
  ): Promise<
    Array<{ providerId: string; firstName: string | null; lastName: string | null; email: string; submittedAt: Date }>
  > {
    return db
      .select({
        providerId: providerVerifications.providerId,
        firstName: people.firstName,
        lastName: people.lastName,
        email: people.email,
        submittedAt: providerVerifications.submittedAt,
      })
      .from(providerVerifications)
      .innerJoin(people, eq(people.identifier, providerVerifications.providerId))
      .where(and(eq(providerVerifications.status, 'submitted'), isNull(people.deletedAt)))
      .orderBy(asc(providerVerifications.submittedAt), asc(providerVerifications.providerId));
  },
  async isApproved(db: Executor, providerId: string): Promise<boolean> {
    const [row] = await db
      .select({ providerId: approvedProviders.providerId })
      .from(approvedProviders)
      .where(eq(approvedProviders.providerId, providerId))
      .limit(1);
    return row !== undefined;
  },
};
