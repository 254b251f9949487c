import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PracticeStanding } from '@therapy/contracts/verification';
import type { Executor } from '../../db/client.ts';
import { credentialReviews } from '../../db/schema/credentials.ts';
import { licenseStateReviews } from '../../db/schema/practice-details.ts';
import { people } from '../../db/schema/users.ts';
import { approvedProviders, providerVerifications, verificationDecisions } from '../../db/schema/verification.ts';

export type VerificationRow = typeof providerVerifications.$inferSelect;
export type DecisionKind = (typeof verificationDecisions.$inferInsert)['kind'];

const v = providerVerifications;
/** A pending document (credentials' read model) or claimed state (practice-details') of the practice. */
const pendingDocument = (providerId: SQL | typeof v.providerId) =>
  sql`EXISTS (SELECT 1 FROM ${credentialReviews} WHERE ${credentialReviews.providerId} = ${providerId} AND ${credentialReviews.review} = 'pending')`;
const pendingState = (providerId: SQL | typeof v.providerId) =>
  sql`EXISTS (SELECT 1 FROM ${licenseStateReviews} WHERE ${licenseStateReviews.providerId} = ${providerId} AND ${licenseStateReviews.review} = 'pending')`;
const changesPending = sql<boolean>`(${v.status} = 'approved' AND (${pendingDocument(v.providerId)} OR ${pendingState(v.providerId)}))`;
/** The soonest expiry of an approved document on or before `until` (null: none). */
const expiringBy = (until: string) =>
  sql<
    string | null
  >`(SELECT min(${credentialReviews.expiresOn})::text FROM ${credentialReviews} WHERE ${credentialReviews.providerId} = ${v.providerId} AND ${credentialReviews.review} = 'approved' AND ${credentialReviews.expiresOn} <= ${until}::date)`;

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
  /** Records a decision on the changes of a verified practice (its status stays approved) or on its listing. */
  async setStatus(
    db: Executor,
    providerId: string,
    decision: { status: 'approved' | 'suspended'; note: string | null; operatorId: string; now: Date },
  ): Promise<VerificationRow> {
    const [row] = await db
      .update(providerVerifications)
      .set({ status: decision.status, note: decision.note, decidedBy: decision.operatorId, decidedAt: decision.now })
      .where(eq(providerVerifications.providerId, providerId))
      .returning();
    return row!;
  },
  /** Appends a decision to the practice's history (never updated or deleted but with the account). */
  async record(
    db: Executor,
    decision: { providerId: string; operatorId: string; kind: DecisionKind; note: string | null; now: Date },
  ): Promise<void> {
    await db.insert(verificationDecisions).values({
      providerId: decision.providerId,
      operatorId: decision.operatorId,
      kind: decision.kind,
      note: decision.note,
      createdAt: decision.now,
    });
  },
  async history(
    db: Executor,
    providerId: string,
  ): Promise<
    Array<{
      kind: DecisionKind;
      note: string | null;
      operatorName: string | null;
      operatorEmail: string | null;
      at: Date;
    }>
  > {
    return db
      .select({
        kind: verificationDecisions.kind,
        note: verificationDecisions.note,
        operatorName: sql<
          string | null
        >`nullif(trim(coalesce(${people.firstName}, '') || ' ' || coalesce(${people.lastName}, '')), '')`,
        operatorEmail: people.email,
        at: verificationDecisions.createdAt,
      })
      .from(verificationDecisions)
      .leftJoin(people, eq(people.identifier, verificationDecisions.operatorId))
      .where(eq(verificationDecisions.providerId, providerId))
      .orderBy(asc(verificationDecisions.createdAt), asc(verificationDecisions.identifier));
  },
  /** Whether a document or claimed state of the practice waits for an operator. */
  async hasPendingChanges(db: Executor, providerId: string): Promise<boolean> {
    const rows = await db.execute<{ pending: boolean }>(
      sql`SELECT (${pendingDocument(sql`${providerId}::uuid`)} OR ${pendingState(sql`${providerId}::uuid`)}) AS pending`,
    );
    return rows.rows[0]?.pending === true;
  },
  /**
   * What operators decide on, whose account is live, oldest first: practices under review (since submission) and
   * verified practices with pending changes (since the oldest pending change).
   */
  async queue(db: Executor): Promise<
    Array<{
      providerId: string;
      firstName: string | null;
      lastName: string | null;
      email: string;
      since: Date;
      kind: 'practice' | 'changes';
    }>
  > {
    const oldestChange = sql<Date>`least(
      (SELECT min(${credentialReviews.changedAt}) FROM ${credentialReviews} WHERE ${credentialReviews.providerId} = ${v.providerId} AND ${credentialReviews.review} = 'pending'),
      (SELECT min(${licenseStateReviews.changedAt}) FROM ${licenseStateReviews} WHERE ${licenseStateReviews.providerId} = ${v.providerId} AND ${licenseStateReviews.review} = 'pending'))`;
    const rows = await db
      .select({
        providerId: v.providerId,
        firstName: people.firstName,
        lastName: people.lastName,
        email: people.email,
        status: v.status,
        submittedAt: v.submittedAt,
        oldestChange: oldestChange.mapWith((x: string | Date) => new Date(x)),
      })
      .from(v)
      .innerJoin(people, eq(people.identifier, v.providerId))
      .where(and(or(eq(v.status, 'submitted'), changesPending), isNull(people.deletedAt)));
    return rows
      .map(({ status, submittedAt, oldestChange: changed, ...r }) => ({
        ...r,
        kind: status === 'submitted' ? ('practice' as const) : ('changes' as const),
        since: status === 'submitted' ? submittedAt : changed,
      }))
      .sort((a, b) => a.since.getTime() - b.since.getTime() || a.providerId.localeCompare(b.providerId));
  },
  /** Every practice ever submitted, by standing and name or email, newest submission first; one page and the total. */
  async practices(
    db: Executor,
    filter: {
      standing: PracticeStanding | undefined;
      q: string | undefined;
      expiringUntil: string;
      limit: number;
      offset: number;
    },
  ) {
    const expiresOn = expiringBy(filter.expiringUntil);
    const standing: Record<PracticeStanding, SQL> = {
      pending: sql`${v.status} = 'submitted'`,
      verified: sql`${v.status} = 'approved'`,
      changes_pending: changesPending,
      rejected: sql`${v.status} = 'rejected'`,
      suspended: sql`${v.status} = 'suspended'`,
      expiring: sql`(${v.status} = 'approved' AND ${expiresOn} IS NOT NULL)`,
    };
    const q = filter.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
    const where = and(
      isNull(people.deletedAt),
      filter.standing ? standing[filter.standing] : undefined,
      q
        ? or(
            ilike(people.email, `%${q}%`),
            ilike(sql`coalesce(${people.firstName}, '') || ' ' || coalesce(${people.lastName}, '')`, `%${q}%`),
          )
        : undefined,
    );
    const [items, [total]] = await Promise.all([
      db
        .select({
          providerId: v.providerId,
          firstName: people.firstName,
          lastName: people.lastName,
          email: people.email,
          status: v.status,
          submittedAt: v.submittedAt,
          changesPending,
          expiresOn,
        })
        .from(v)
        .innerJoin(people, eq(people.identifier, v.providerId))
        .where(where)
        .orderBy(desc(v.submittedAt), asc(v.providerId))
        .limit(filter.limit)
        .offset(filter.offset),
      db.select({ n: count() }).from(v).innerJoin(people, eq(people.identifier, v.providerId)).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
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
