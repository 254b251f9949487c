import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insuranceFiles, qualificationFiles, qualifications } from '../../db/schema/credentials.ts';
import { fileFacts } from '../../db/schema/files.ts';

export type QualificationRow = typeof qualifications.$inferSelect;
export interface QualificationDetails {
  kind: QualificationRow['kind'];
  body: string | null;
  credentialNumber: string | null;
  title: string | null;
}
export interface DocumentFileRow {
  identifier: string;
  originalName: string | null;
  sizeBytes: number;
  contentType: string;
  createdAt: Date;
}

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
  async update(db: Executor, id: string, details: QualificationDetails): Promise<void> {
    await db.update(qualifications).set(details).where(eq(qualifications.identifier, id));
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

  async insuranceOf(db: Executor, providerId: string): Promise<DocumentFileRow[]> {
    return db
      .select(fileColumns)
      .from(insuranceFiles)
      .innerJoin(fileFacts, eq(fileFacts.identifier, insuranceFiles.fileId))
      .where(and(eq(insuranceFiles.providerId, providerId), isNull(fileFacts.deletedAt)))
      .orderBy(asc(insuranceFiles.createdAt), asc(fileFacts.identifier));
  },
  async addInsurance(db: Executor, providerId: string, fileId: string): Promise<void> {
    await db.insert(insuranceFiles).values({ providerId, fileId });
  },
  async removeInsurance(db: Executor, providerId: string, fileId: string): Promise<boolean> {
    const rows = await db
      .delete(insuranceFiles)
      .where(and(eq(insuranceFiles.providerId, providerId), eq(insuranceFiles.fileId, fileId)))
      .returning({ fileId: insuranceFiles.fileId });
    return rows.length > 0;
  },
};
