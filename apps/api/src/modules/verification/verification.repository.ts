import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { SqlFragment, SqlOperand } from '../../db/fragments.ts';
import { users } from '../../db/schema/users.ts';
import { providerVerifications } from '../../db/schema/verification.ts';

export type VerificationRow = typeof providerVerifications.$inferSelect;

/** A provider's verification row (none = not submitted), the operator's queue, and the decisions. */
/**
 * Whether a provider is approved, as a subquery: the availability module's plan statement asks it on every slot
 * computation and check (decision 0040), and `isApproved` below asks it alone.
 */
export function approvedSql(providerId: SqlOperand): SqlFragment<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${providerVerifications} WHERE ${providerVerifications.providerId} = ${providerId} AND ${providerVerifications.status} = 'approved')`;
}

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
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        submittedAt: providerVerifications.submittedAt,
      })
      .from(providerVerifications)
      .innerJoin(users, eq(users.identifier, providerVerifications.providerId))
      .where(and(eq(providerVerifications.status, 'submitted'), isNull(users.deletedAt)))
      .orderBy(asc(providerVerifications.submittedAt), asc(providerVerifications.providerId));
  },
  async isApproved(db: Executor, providerId: string): Promise<boolean> {
    const result = await db.execute<{ approved: boolean }>(
      sql`SELECT ${approvedSql(sql`${providerId}::uuid`)} AS approved`,
    );
    return result.rows[0]?.approved === true;
  },
};
