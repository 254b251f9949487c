import {
  CREDENTIAL_MAX_FILES_PER_UPLOAD,
  insuranceDetailsInput,
  qualificationDetailsInput,
  type CredentialFile,
  type IndemnityInsurance,
  type InsuranceFile,
  type Qualification,
} from '@therapy/contracts/credentials';
import { m } from '@therapy/contracts/messages';
import type { ReviewDocument } from '@therapy/contracts/practice-setup';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { requireAccessTo, requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { parseMultipartFields } from '../../platform/http/multipart-fields.ts';
import { checkDocument, type CheckedDocument } from '../../platform/files/documents.ts';
import type { DocumentPurpose } from '../../platform/files/file-service.ts';
import type { UploadedParts } from '../../platform/files/uploads.ts';
import type { UserModule } from '../user/user.module.ts';
import {
  credentialsRepository as repo,
  type DocumentFileRow,
  type InsuranceRow,
  type QualificationDetails,
  type QualificationRow,
  type Settlement,
} from './credentials.repository.ts';

export { CREDENTIAL_MAX_FILES_PER_UPLOAD };

/**
 * A provider's credentials and indemnity insurance (spec §5 "Credential", §7). Order of every upload: access, then
 * every field and every file checked (content sniffed), and only then bytes stored and rows written; a write that
 * fails after storing removes what it stored, so a refused request leaves nothing behind.
 *
 * Issue 45: every new or changed document is `pending` until an operator decides on it (the `practice.reviewed`
 * event settles them), and each change publishes `practice.changed`, so the directory lists a state only while an
 * approved licence for it (and approved insurance) is on file.
 */
export function createCredentialsService(deps: AppDeps, { users }: { users: Pick<UserModule, 'findActiveUser'> }) {
  const { db, files, events, clock } = deps;
  /** Today's date (UTC) by the app's clock: an expiry date must come after it. */
  const today = () => clock.now().toISOString().slice(0, 10);
  const changed = (tx: Executor, providerId: string) => events.publish(tx, 'practice.changed', { providerId });

  /** Access first: a provider (403 otherwise) whose account is live. */
  const provider = async (actor: Actor) =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'provider').userId));

  const toFile = (row: DocumentFileRow): CredentialFile => ({
    identifier: row.identifier,
    filename: row.originalName ?? 'file',
    size: row.sizeBytes,
    contentType: row.contentType,
    url: files.signedUrl(row.identifier),
    createdAt: row.createdAt.toISOString(),
  });
  const toQualification = (row: QualificationRow, fileRows: DocumentFileRow[]): Qualification => ({
    identifier: row.identifier,
    type: row.kind,
    details: {
      body: row.body,
      credentialNumber: row.credentialNumber,
      title: row.title,
      stateIdentifier: row.stateId,
      expiresOn: row.expiresOn,
    },
    files: fileRows.map(toFile),
    review: row.review,
    createdAt: row.createdAt.toISOString(),
  });
  const toInsurance = (row: InsuranceRow): InsuranceFile => ({
    ...toFile(row),
    expiresOn: row.expiresOn,
    review: row.review,
  });
  const insuranceList = async (providerId: string): Promise<IndemnityInsurance> => ({
    insuranceFiles: (await repo.insuranceOf(db, providerId)).map(toInsurance),
  });
  /** An expiry date, when given, comes after today (checked here: the contract cannot know the app's clock). */
  const checkExpiry = (expiresOn: string | null | undefined) => {
    if (expiresOn && expiresOn <= today()) throw AppError.rule(m.credentialExpiryPast);
  };
  const present = async (row: QualificationRow): Promise<Qualification> =>
    toQualification(row, (await repo.filesOf(db, [row.identifier])).get(row.identifier) ?? []);

  /** The multipart text fields read into the shared schema; only its fields are looked at. */
  const details = async (fields: Record<string, string>): Promise<QualificationDetails> => {
    const input = {
      type: fields.type,
      body: fields.body,
      credentialNumber: fields.credentialNumber,
      title: fields.title,
      stateIdentifier: fields.stateIdentifier,
      expiresOn: fields.expiresOn,
    };
    const v = parseMultipartFields(qualificationDetailsInput, input);
    checkExpiry(v.expiresOn);
    if (v.type !== 'license')
      return { kind: v.type, body: null, credentialNumber: null, title: v.title!, stateId: null, expiresOn: null };
    if (v.stateIdentifier && !(await repo.isUsState(db, v.stateIdentifier))) throw AppError.rule(m.licenseStateInvalid);
    return {
      kind: v.type,
      body: v.body!,
      credentialNumber: v.credentialNumber!,
      title: null,
      stateId: v.stateIdentifier ?? null,
      expiresOn: v.expiresOn ?? null,
    };
  };

  const checkAll = async (uploaded: UploadedParts['files']): Promise<CheckedDocument[]> => {
    const checked: CheckedDocument[] = [];
    for (const doc of uploaded) checked.push(await checkDocument(doc));
    return checked;
  };

  /** Stores checked documents; if one fails, those already stored go again. */
  const store = async (ownerId: string, purpose: DocumentPurpose, docs: CheckedDocument[]): Promise<string[]> => {
    const ids: string[] = [];
    try {
      for (const doc of docs) ids.push((await files.saveDocument(ownerId, purpose, doc)).identifier);
    } catch (err) {
      await discard(ids);
      throw err;
    }
    return ids;
  };
  const discard = async (ids: readonly string[]) => {
    for (const id of ids) await files.remove(id).catch(() => {});
  };
  /** Runs the write; if it throws, the files stored for it are removed (no orphan bytes). */
  const writeOrDiscard = async <T>(stored: readonly string[], write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      await discard(stored);
      throw err;
    }
  };

  /** The provider's own qualification (locked in `ex`'s transaction when asked); someone else's is not found. */
  const owned = async (actor: Actor, id: string, ex: Executor = db, lock = false): Promise<QualificationRow> =>
    requireAccessTo(actor, 'update', await repo.find(ex, id, lock), (row) => ({
      kind: 'owned',
      ownerId: row.providerId,
    }));

  return {
    async list(actor: Actor): Promise<Qualification[]> {
      const user = await provider(actor);
      const rows = await repo.listByProvider(db, user.identifier);
      const byId = await repo.filesOf(
        db,
        rows.map((r) => r.identifier),
      );
      return rows.map((r) => toQualification(r, byId.get(r.identifier) ?? []));
    },

    async create(actor: Actor, parts: UploadedParts): Promise<Qualification> {
      const user = await provider(actor);
      const values = await details(parts.fields);
      if (parts.files.length === 0) throw AppError.rule(m.credentialFilesRequired);
      const docs = await checkAll(parts.files);
      const stored = await store(user.identifier, 'credential', docs);
      const row = await writeOrDiscard(stored, () =>
        events.transaction(async (tx) => {
          const created = await repo.insert(tx, user.identifier, values);
          await repo.addFiles(tx, created.identifier, stored);
          await changed(tx, user.identifier);
          return created;
        }),
      );
      return present(row);
    },

    async update(actor: Actor, id: string, parts: UploadedParts): Promise<Qualification> {
      const user = await provider(actor);
      await owned(actor, id);
      const values = await details(parts.fields);
      const docs = await checkAll(parts.files);
      const stored = await store(user.identifier, 'credential', docs);
      await writeOrDiscard(stored, () =>
        events.transaction(async (tx) => {
          await owned(actor, id, tx, true);
          await repo.update(tx, id, values);
          await repo.addFiles(tx, id, stored);
          await changed(tx, user.identifier);
        }),
      );
      return present(await owned(actor, id));
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const user = await provider(actor);
      await events.transaction(async (tx) => {
        await owned(actor, id, tx, true);
        const fileIds = await repo.fileIdsOf(tx, id);
        await repo.remove(tx, id);
        for (const fileId of fileIds) await files.remove(fileId, tx);
        // The last licence for a state gone: the state is unlisted at once (the directory rebuilds the entry).
        await changed(tx, user.identifier);
      });
    },

    async replaceFile(actor: Actor, id: string, fileId: string, parts: UploadedParts): Promise<Qualification> {
      const user = await provider(actor);
      await owned(actor, id);
      if (!(await repo.fileIdsOf(db, id)).includes(fileId)) throw AppError.notFound();
      if (parts.files.length === 0) throw AppError.rule(m.credentialFilesRequired);
      const docs = await checkAll(parts.files.slice(0, 1));
      const stored = await store(user.identifier, 'credential', docs);
      await writeOrDiscard(stored, () =>
        events.transaction(async (tx) => {
          await owned(actor, id, tx, true);
          if (!(await repo.replaceFile(tx, id, fileId, stored[0]!))) throw AppError.notFound();
          await files.remove(fileId, tx);
          await repo.backToReview(tx, id);
          await changed(tx, user.identifier);
        }),
      );
      return present(await owned(actor, id));
    },

    async removeFile(actor: Actor, id: string, fileId: string): Promise<Qualification> {
      const user = await provider(actor);
      await events.transaction(async (tx) => {
        await owned(actor, id, tx, true);
        const fileIds = await repo.fileIdsOf(tx, id);
        if (!fileIds.includes(fileId)) throw AppError.notFound();
        if (fileIds.length === 1) throw AppError.rule(m.credentialLastFile);
        await repo.unlinkFile(tx, id, fileId);
        await files.remove(fileId, tx);
        await repo.backToReview(tx, id);
        await changed(tx, user.identifier);
      });
      return present(await owned(actor, id));
    },

    async insurance(actor: Actor): Promise<IndemnityInsurance> {
      const user = await provider(actor);
      return insuranceList(user.identifier);
    },

    async addInsurance(actor: Actor, parts: UploadedParts): Promise<IndemnityInsurance> {
      const user = await provider(actor);
      const { expiresOn } = parseMultipartFields(insuranceDetailsInput, { expiresOn: parts.fields.expiresOn });
      checkExpiry(expiresOn);
      if (parts.files.length === 0) throw AppError.rule(m.fileRequired);
      const docs = await checkAll(parts.files.slice(0, 1));
      const stored = await store(user.identifier, 'insurance', docs);
      await writeOrDiscard(stored, () =>
        events.transaction(async (tx) => {
          await repo.addInsurance(tx, user.identifier, stored[0]!, expiresOn ?? null);
          await changed(tx, user.identifier);
        }),
      );
      return insuranceList(user.identifier);
    },

    async removeInsurance(actor: Actor, fileId: string): Promise<IndemnityInsurance> {
      const user = await provider(actor);
      await events.transaction(async (tx) => {
        if (!(await repo.removeInsurance(tx, user.identifier, fileId))) throw AppError.notFound();
        await files.remove(fileId, tx);
        await changed(tx, user.identifier);
      });
      return insuranceList(user.identifier);
    },

    /** A provider's approved education titles, for their public page (no access check: it is public). */
    approvedEducationOf: (providerId: string) => repo.approvedEducationOf(db, providerId),
    /** Checklist: at least one licence with a file. */
    hasLicence: (providerId: string) => repo.hasLicenceWithFile(db, providerId),
    /** Checklist: at least one insurance file. */
    hasInsurance: async (providerId: string) => (await repo.insuranceOf(db, providerId)).length > 0,
    /** An operator's decision settles the provider's documents, in the decision's transaction. */
    settle: (tx: Executor, providerId: string, decision: Settlement) => repo.settle(tx, providerId, decision),

    /** Every document of a provider with signed URLs; no access check (verification calls it for an operator only). */
    async documentsOf(providerId: string): Promise<ReviewDocument[]> {
      const rows = await repo.listByProvider(db, providerId);
      const byId = await repo.filesOf(
        db,
        rows.map((r) => r.identifier),
      );
      const reviewFile = (f: DocumentFileRow) => {
        const { identifier, filename, size, contentType, url } = toFile(f);
        return { identifier, filename, size, contentType, url };
      };
      const qualificationsDocs: ReviewDocument[] = rows.map((r) => ({
        identifier: r.identifier,
        kind: r.kind,
        title: r.kind === 'license' ? `${r.body}, ${r.credentialNumber}` : (r.title ?? ''),
        body: r.body,
        credentialNumber: r.credentialNumber,
        stateIdentifier: r.stateId,
        expiresOn: r.expiresOn,
        review: r.review,
        files: (byId.get(r.identifier) ?? []).map(reviewFile),
      }));
      const insuranceDocs: ReviewDocument[] = (await repo.insuranceOf(db, providerId)).map((f) => ({
        identifier: f.identifier,
        kind: 'insurance',
        title: f.originalName ?? 'file',
        body: null,
        credentialNumber: null,
        stateIdentifier: null,
        expiresOn: f.expiresOn,
        review: f.review,
        files: [reviewFile(f)],
      }));
      return [...qualificationsDocs, ...insuranceDocs];
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
