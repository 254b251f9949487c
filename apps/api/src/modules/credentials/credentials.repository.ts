import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insuranceFiles, qualificationFiles, qualifications } from '../../db/schema/credentials.ts';
import { fileFacts } from '../../db/schema/files.ts';
import { countries, states } from '../../db/schema/reference.ts';

export type QualificationRow = typeof qualifications.$inferSelect;
export interface QualificationDetails {
  kind: QualificationRow['kind'];
  body: string | null;
  credentialNumber: string | null;
  title: string | null;
  stateId: string | null;
  expiresOn: string | null;
}
export interface DocumentFileRow {
  identifier: string;
  originalName: string | null;
  sizeBytes: number;
  contentType: string;
  createdAt: Date;
}
export interface InsuranceRow extends DocumentFileRow {
  expiresOn: string | null;
  review: QualificationRow['review'];
}
/** An approved document whose expiry falls due (the daily expiry job). */
export interface ExpiringRow {
  table: 'qualification' | 'insurance';
  id: string;
  providerId: string;
  kind: string;
  title: string;
  expiresOn: string;
  remindedDays: number | null;
}

export interface Settlement {
  outcome: 'approved' | 'rejected';
  scope: 'practice' | 'changes';
  at: Date;
}

/** What a change to a document of a verified practice leaves: back to review, reminders forgotten. */
const backToReview = { review: 'pending' as const, reviewedAt: null, updatedAt: sql`now()` };

const fileColumns = {
  identifier: fileFacts.identifier,
  originalName: fileFacts.originalName,
  sizeBytes: fileFacts.sizeBytes,
  contentType: fileFacts.contentType,
  createdAt: fileFacts.createdAt,
};

/** Credentials and insurance: the only file that knows their tables. Every query carries the provider. */
export const credentialsRepository = {
  async listByProvider(db: Executor, providerId: string): Promise<QualificationRow[]> {
    return db
      .select()
      .from(qualifications)
      .where(eq(qualifications.providerId, providerId))
      .orderBy(asc(qualifications.createdAt), asc(qualifications.identifier));
  },
  /** The titles of a provider's approved education credentials, oldest first (their public page, issue 47). */
  async approvedEducationOf(db: Executor, providerId: string): Promise<Array<{ title: string }>> {
    const rows = await db
      .select({ title: qualifications.title })
      .from(qualifications)
      .where(
        and(
          eq(qualifications.providerId, providerId),
          eq(qualifications.kind, 'education'),
          eq(qualifications.review, 'approved'),
        ),
      )
      .orderBy(asc(qualifications.createdAt), asc(qualifications.identifier));
    return rows.flatMap((r) => (r.title ? [{ title: r.title }] : []));
  },
  /** A qualification by id, locked for the rest of the transaction when asked (its provider decides who may see it). */
  async find(db: Executor, id: string, lock = false): Promise<QualificationRow | undefined> {
    const q = db.select().from(qualifications).where(eq(qualifications.identifier, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async insert(db: Executor, providerId: string, details: QualificationDetails): Promise<QualificationRow> {
    const [row] = await db
      .insert(qualifications)
      .values({ providerId, ...details })
      .returning();
    return row!;
  },
  /** New details send it back to review; a new expiry date starts its reminders afresh. */
  async update(db: Executor, id: string, details: QualificationDetails): Promise<void> {
    await db
      .update(qualifications)
      .set({
        ...details,
        ...backToReview,
        remindedDays: sql`CASE WHEN ${qualifications.expiresOn} IS DISTINCT FROM ${details.expiresOn}::date THEN NULL ELSE ${qualifications.remindedDays} END`,
      })
      .where(eq(qualifications.identifier, id));
  },
  /** A file added, replaced or removed: the document is reviewed again. */
  async backToReview(db: Executor, id: string): Promise<void> {
    await db.update(qualifications).set(backToReview).where(eq(qualifications.identifier, id));
  },
  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(qualifications).where(eq(qualifications.identifier, id));
  },
  /** Appends files after the last one (call it with the qualification locked, or on a new one). */
  async addFiles(db: Executor, qualificationId: string, fileIds: readonly string[]): Promise<void> {
    if (fileIds.length === 0) return;
    const [last] = await db
      .select({ position: max(qualificationFiles.position) })
      .from(qualificationFiles)
      .where(eq(qualificationFiles.qualificationId, qualificationId));
    const start = (last?.position ?? -1) + 1;
    await db
      .insert(qualificationFiles)
      .values(fileIds.map((fileId, i) => ({ fileId, qualificationId, position: start + i })));
  },
  /** Files of these qualifications (live files only), oldest first, keyed by qualification. */
  async filesOf(db: Executor, qualificationIds: readonly string[]): Promise<Map<string, DocumentFileRow[]>> {
    const byQualification = new Map<string, DocumentFileRow[]>(qualificationIds.map((id) => [id, []]));
    if (qualificationIds.length === 0) return byQualification;
    const rows = await db
      .select({ qualificationId: qualificationFiles.qualificationId, ...fileColumns })
      .from(qualificationFiles)
      .innerJoin(fileFacts, eq(fileFacts.identifier, qualificationFiles.fileId))
      .where(and(inArray(qualificationFiles.qualificationId, [...qualificationIds]), isNull(fileFacts.deletedAt)))
      .orderBy(asc(qualificationFiles.qualificationId), asc(qualificationFiles.position));
    for (const { qualificationId, ...file } of rows) byQualification.get(qualificationId)?.push(file);
    return byQualification;
  },
  async fileIdsOf(db: Executor, qualificationId: string): Promise<string[]> {
    const rows = await db
      .select({ fileId: qualificationFiles.fileId })
      .from(qualificationFiles)
      .where(eq(qualificationFiles.qualificationId, qualificationId));
    return rows.map((r) => r.fileId);
  },
  async unlinkFile(db: Executor, qualificationId: string, fileId: string): Promise<boolean> {
    const rows = await db
      .delete(qualificationFiles)
      .where(and(eq(qualificationFiles.qualificationId, qualificationId), eq(qualificationFiles.fileId, fileId)))
      .returning({ fileId: qualificationFiles.fileId });
    return rows.length > 0;
  },
  /** The new file takes the old one's place in the order. */
  async replaceFile(db: Executor, qualificationId: string, oldFileId: string, newFileId: string): Promise<boolean> {
    const rows = await db
      .update(qualificationFiles)
      .set({ fileId: newFileId })
      .where(and(eq(qualificationFiles.qualificationId, qualificationId), eq(qualificationFiles.fileId, oldFileId)))
      .returning({ fileId: qualificationFiles.fileId });
    return rows.length > 0;
  },
  async hasLicenceWithFile(db: Executor, providerId: string): Promise<boolean> {
    const rows = await db
      .select({ id: qualifications.identifier })
      .from(qualifications)
      .innerJoin(qualificationFiles, eq(qualificationFiles.qualificationId, qualifications.identifier))
      .innerJoin(fileFacts, and(eq(fileFacts.identifier, qualificationFiles.fileId), isNull(fileFacts.deletedAt)))
      .where(and(eq(qualifications.providerId, providerId), eq(qualifications.kind, 'license')))
      .limit(1);
    return rows.length > 0;
  },

  async insuranceOf(db: Executor, providerId: string): Promise<InsuranceRow[]> {
    return db
      .select({ ...fileColumns, expiresOn: insuranceFiles.expiresOn, review: insuranceFiles.review })
      .from(insuranceFiles)
      .innerJoin(fileFacts, eq(fileFacts.identifier, insuranceFiles.fileId))
      .where(and(eq(insuranceFiles.providerId, providerId), isNull(fileFacts.deletedAt)))
      .orderBy(asc(insuranceFiles.createdAt), asc(fileFacts.identifier));
  },
  async addInsurance(db: Executor, providerId: string, fileId: string, expiresOn: string | null): Promise<void> {
    await db.insert(insuranceFiles).values({ providerId, fileId, expiresOn });
  },
  /** Whether this id is a state of the United States (the reference data). */
  async isUsState(db: Executor, stateId: string): Promise<boolean> {
    const rows = await db
      .select({ identifier: states.identifier })
      .from(states)
      .innerJoin(countries, eq(countries.identifier, states.countryId))
      .where(and(eq(countries.code, 'US'), eq(states.identifier, stateId)))
      .limit(1);
    return rows.length > 0;
  },
  /**
   * An operator's decision settles the provider's documents (issue 45): approving a practice approves every document
   * not yet approved (expired ones stay expired); a decision on changes settles the pending ones.
   */
  async settle(db: Executor, providerId: string, decision: Settlement): Promise<void> {
    const from: Array<'pending' | 'rejected'> = decision.scope === 'practice' ? ['pending', 'rejected'] : ['pending'];
    await db
      .update(qualifications)
      .set({ review: decision.outcome, reviewedAt: decision.at })
      .where(and(eq(qualifications.providerId, providerId), inArray(qualifications.review, from)));
    await db
      .update(insuranceFiles)
      .set({ review: decision.outcome, reviewedAt: decision.at })
      .where(and(eq(insuranceFiles.providerId, providerId), inArray(insuranceFiles.review, from)));
  },
  /**
   * Approved documents with something due on `today` (issue 45): past their expiry, within 7 days of it without the
   * 7-day reminder, or within 30 days without any reminder. Soonest expiry first.
   */
  async dueOn(db: Executor, today: string, limit: number): Promise<ExpiringRow[]> {
    const due = (t: typeof qualifications | typeof insuranceFiles) =>
      and(
        eq(t.review, 'approved'),
        isNotNull(t.expiresOn),
        or(
          lt(t.expiresOn, today),
          and(lte(t.expiresOn, sql`(${today}::date + 7)`), or(isNull(t.remindedDays), eq(t.remindedDays, 30))),
          and(lte(t.expiresOn, sql`(${today}::date + 30)`), isNull(t.remindedDays)),
        ),
      );
    const q = await db
      .select({
        id: qualifications.identifier,
        providerId: qualifications.providerId,
        kind: qualifications.kind,
        body: qualifications.body,
        credentialNumber: qualifications.credentialNumber,
        title: qualifications.title,
        expiresOn: qualifications.expiresOn,
        remindedDays: qualifications.remindedDays,
      })
      .from(qualifications)
      .where(due(qualifications))
      .orderBy(asc(qualifications.expiresOn))
      .limit(limit);
    const i = await db
      .select({
        id: insuranceFiles.fileId,
        providerId: insuranceFiles.providerId,
        name: fileFacts.originalName,
        expiresOn: insuranceFiles.expiresOn,
        remindedDays: insuranceFiles.remindedDays,
      })
      .from(insuranceFiles)
      .innerJoin(fileFacts, eq(fileFacts.identifier, insuranceFiles.fileId))
      .where(due(insuranceFiles))
      .orderBy(asc(insuranceFiles.expiresOn))
      .limit(limit);
    return [
      ...q.map((r) => ({
        table: 'qualification' as const,
        id: r.id,
        providerId: r.providerId,
        kind: r.kind as string,
        title: r.kind === 'license' ? `${r.body}, ${r.credentialNumber}` : (r.title ?? ''),
        expiresOn: r.expiresOn!,
        remindedDays: r.remindedDays,
      })),
      ...i.map((r) => ({
        table: 'insurance' as const,
        id: r.id,
        providerId: r.providerId,
        kind: 'insurance',
        title: r.name ?? 'file',
        expiresOn: r.expiresOn!,
        remindedDays: r.remindedDays,
      })),
    ];
  },
  /** Records a reminder mailed (30 or 7 days before); false when another run recorded it first. */
  async markReminded(db: Executor, row: Pick<ExpiringRow, 'table' | 'id'>, days: 30 | 7): Promise<boolean> {
    const reminded =
      row.table === 'qualification'
        ? await db
            .update(qualifications)
            .set({ remindedDays: days })
            .where(
              and(
                eq(qualifications.identifier, row.id),
                eq(qualifications.review, 'approved'),
                or(isNull(qualifications.remindedDays), sql`${qualifications.remindedDays} > ${days}`),
              ),
            )
            .returning({ id: qualifications.identifier })
        : await db
            .update(insuranceFiles)
            .set({ remindedDays: days })
            .where(
              and(
                eq(insuranceFiles.fileId, row.id),
                eq(insuranceFiles.review, 'approved'),
                or(isNull(insuranceFiles.remindedDays), sql`${insuranceFiles.remindedDays} > ${days}`),
              ),
            )
            .returning({ id: insuranceFiles.fileId });
    return reminded.length > 0;
  },
  /** Marks an approved document expired; false when it was not approved any more. */
  async markExpired(db: Executor, row: Pick<ExpiringRow, 'table' | 'id'>, at: Date): Promise<boolean> {
    const expired =
      row.table === 'qualification'
        ? await db
            .update(qualifications)
            .set({ review: 'expired', reviewedAt: at })
            .where(and(eq(qualifications.identifier, row.id), eq(qualifications.review, 'approved')))
            .returning({ id: qualifications.identifier })
        : await db
            .update(insuranceFiles)
            .set({ review: 'expired', reviewedAt: at })
            .where(and(eq(insuranceFiles.fileId, row.id), eq(insuranceFiles.review, 'approved')))
            .returning({ id: insuranceFiles.fileId });
    return expired.length > 0;
  },
  async removeInsurance(db: Executor, providerId: string, fileId: string): Promise<boolean> {
    const rows = await db
      .delete(insuranceFiles)
      .where(and(eq(insuranceFiles.providerId, providerId), eq(insuranceFiles.fileId, fileId)))
      .returning({ fileId: insuranceFiles.fileId });
    return rows.length > 0;
  },
};
