import type { Readable } from 'node:stream';
import { DATA_EXPORT_TTL_HOURS, type DataExport, type DataExportDownloadQuery } from '@therapy/contracts/data-export';
import type { Locale } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { requireAccessTo, requireUser, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { newId } from '../../platform/ids.ts';
import { checkExportLink, exportLinkKey, signExportLink } from './export-link.ts';
import { exportKeyFrom, openStream, plainSizeOf, sealStream } from './export-seal.ts';
import { exportZip, type ExportPart } from './export-writer.ts';
import { readmeText, readyMail } from './export-texts.ts';
import { dataExportRepository as repo, type DataExportRow } from './data-export.repository.ts';

export const DATA_EXPORT_QUEUE = 'data-export.prepare';
export const PURGE_EXPORTS_QUEUE = 'data-export.purge-expired';
const HOUR_MS = 3600_000;
/**
 * A pending export older than this has lost its job (two runs of 30 minutes each died with their instances, and
 * pg-boss gave up): it no longer blocks a new request, and the account screen shows it failed.
 */
export const STALE_PENDING_MS = 2 * HOUR_MS;

type Row = Record<string, unknown>;
const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString();
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** ISO strings for every timestamp of a row, numbers for bigints; the cursor columns dropped. */
const clean = (row: Row, times: readonly string[], numbers: readonly string[] = []): Row => {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'cursorAt' || k === 'cursorId') continue;
    out[k] = times.includes(k) ? iso(v) : numbers.includes(k) ? num(v) : v;
  }
  return out;
};
async function* mapped(batches: AsyncIterable<Row[]>, map: (row: Row) => Row): AsyncGenerator<Row[]> {
  for await (const batch of batches) yield batch.map(map);
}
async function* once(row: Row): AsyncGenerator<Row[]> {
  yield [row];
}

/**
 * Removes the files of ready exports past their 24 hours (the hourly purge): bytes, then the files row (the export's
 * file id goes null with it). Returns how many went; what storage refused stays for the next run.
 */
export async function purgeExpiredExports(deps: Pick<AppDeps, 'db' | 'clock' | 'files'>, batch = 200): Promise<number> {
  const fileIds = await repo.expiredFiles(deps.db, deps.clock.now(), batch);
  const left = await deps.files.purge(fileIds);
  return fileIds.length - left.length;
}

export function createDataExportService(deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config' | 'jobs' | 'mail'>) {
  const { db, clock, files, config } = deps;
  const crypt = fieldEncryptionFromConfig(config);
  const linkKey = exportLinkKey(config.jwtSecret);
  const sealKey = exportKeyFrom(config.dataEncryptionKey);
  const sealContext = (exportId: string) => `data-export:${exportId}`;

  const isStale = (row: DataExportRow) =>
    row.status === 'pending' && row.createdAt.getTime() <= clock.now().getTime() - STALE_PENDING_MS;
  const toContract = (row: DataExportRow): DataExport => {
    const expired = row.status === 'ready' && (!row.expiresAt || row.expiresAt.getTime() <= clock.now().getTime());
    return {
      identifier: row.identifier,
      status: expired ? 'expired' : isStale(row) ? 'failed' : row.status,
      requestedAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes ?? null,
    };
  };

  /** The emergency contact is sealed bound to the client (client-profile.service.ts `contactContext`): opened here. */
  const openContact = (userId: string, profile: Row | undefined): Row | undefined => {
    if (!profile) return profile;
    const { emergencyContactNameSealed: name, emergencyContactPhoneSealed: phone, ...rest } = profile;
    return {
      ...rest,
      emergencyContactName: typeof name === 'string' ? crypt.open(name, `emergency-contact:${userId}:name`) : null,
      emergencyContactPhone:
        typeof phone === 'string' ? crypt.open(phone, `emergency-contact:${userId}:phone-number`) : null,
    };
  };

  /** Every part of one user's export, each read in batches as the ZIP is written. */
  const partsOf = (userId: string, userType: string, profile: Row): ExportPart[] => {
    const parts: ExportPart[] = [
      { name: 'profile', single: true, columns: Object.keys(profile), rows: () => once(profile) },
      {
        name: 'bookings',
        columns: [
          'identifier',
          'role',
          'clientId',
          'clientName',
          'providerId',
          'providerName',
          'therapy',
          'modality',
          'status',
          'previousStatus',
          'startsAt',
          'endsAt',
          'priceMinor',
          'currencyCode',
          'note',
          'address',
          'createdBy',
          'createdAt',
          'paidAt',
          'completedAt',
          'cancelledAt',
          'cancelledBy',
          'cancelNote',
          'refundMinor',
        ],
        // The notes are sealed bound to the booking (modules/bookings/booking-texts.ts): opened for the export.
        rows: () =>
          mapped(repo.bookings(db, userId), (r) => {
            const { noteSealed, cancelNoteSealed, ...rest } = r;
            const id = String(rest.identifier);
            return clean(
              {
                ...rest,
                note: typeof noteSealed === 'string' ? crypt.open(noteSealed, `booking:${id}:note`) : null,
                cancelNote:
                  typeof cancelNoteSealed === 'string'
                    ? crypt.open(cancelNoteSealed, `booking:${id}:cancel-note`)
                    : null,
              },
              ['startsAt', 'endsAt', 'createdAt', 'paidAt', 'completedAt', 'cancelledAt'],
              ['priceMinor', 'refundMinor'],
            );
          }),
      },
      {
        name: 'wallet',
        columns: [
          'identifier',
          'createdAt',
          'account',
          'type',
          'description',
          'reference',
          'amountMinor',
          'currencyCode',
          'transactionId',
        ],
        rows: () => mapped(repo.ledgerEntries(db, userId), (r) => clean(r, ['createdAt'], ['amountMinor'])),
      },
      {
        name: 'reviews',
        columns: [
          'identifier',
          'bookingId',
          'role',
          'clientId',
          'clientName',
          'providerId',
          'providerName',
          'rating',
          'comment',
          'isAnonymous',
          'edits',
          'createdAt',
          'updatedAt',
        ],
        rows: () =>
          mapped(repo.reviews(db, userId), (r) => {
            const { halfStars, ...rest } = clean(r, ['createdAt', 'updatedAt']);
            // A review about a provider that its author wrote anonymously does not name its author to the provider.
            const hidden = rest.role === 'about-you' && rest.isAnonymous === true;
            return {
              ...rest,
              clientId: hidden ? null : rest.clientId,
              clientName: hidden ? null : rest.clientName,
              rating: Number(halfStars) / 2,
            };
          }),
      },
      {
        name: 'messages',
        columns: [
          'identifier',
          'conversationId',
          'senderId',
          'senderName',
          'recipientId',
          'recipientName',
          'sentAt',
          'text',
          'edited',
          'editedAt',
          'deleted',
          'deletedAt',
          'attachmentNames',
        ],
        rows: () =>
          mapped(repo.messages(db, userId), (r) => {
            const { contentSealed, attachments, ...rest } = clean(r, ['sentAt', 'editedAt', 'deletedAt']);
            const id = String(rest.identifier);
            const deleted = rest.deletedAt !== null;
            return {
              ...rest,
              text:
                deleted || typeof contentSealed !== 'string'
                  ? null
                  : crypt.open(contentSealed, `message:${id}:content`),
              edited: rest.editedAt !== null,
              deleted,
              attachmentNames: (attachments as Array<{ identifier: string; nameSealed: string }>).map((a) =>
                crypt.open(a.nameSealed, `message:${id}:file-name:${a.identifier}`),
              ),
            };
          }),
      },
      {
        name: 'questionnaires',
        columns: [
          'identifier',
          'kind',
          'role',
          'clientId',
          'clientName',
          'providerId',
          'providerName',
          'bookingId',
          'sentAt',
          'answeredAt',
          'reviewedAt',
          'answers',
          'score',
          'severity',
          'selfHarmAlert',
        ],
        rows: () =>
          mapped(repo.measures(db, userId), (r) => {
            const { resultSealed, ...rest } = clean(r, ['sentAt', 'answeredAt', 'reviewedAt']);
            const result =
              typeof resultSealed === 'string'
                ? (JSON.parse(crypt.open(resultSealed, `measure:${String(rest.identifier)}:result`)) as {
                    answers: number[];
                    score: number;
                    severity: string;
                    selfHarmAlert: boolean;
                  })
                : null;
            return {
              ...rest,
              answers: result?.answers ?? null,
              score: result?.score ?? null,
              severity: result?.severity ?? null,
              selfHarmAlert: result?.selfHarmAlert ?? null,
            };
          }),
      },
      {
        name: 'therapist-preferences',
        columns: ['kind', 'identifier', 'value'],
        rows: async function* () {
          const rows = await repo.therapistPreferences(db, userId);
          if (rows.length > 0) yield rows.map(({ sortOrder: _, ...r }) => r);
        },
      },
      {
        name: 'waitlist',
        columns: [
          'identifier',
          'role',
          'clientId',
          'clientName',
          'providerId',
          'providerName',
          'therapy',
          'modality',
          'fromDate',
          'toDate',
          'fromMinute',
          'toMinute',
          'timezone',
          'status',
          'createdAt',
          'offers',
        ],
        rows: () => mapped(repo.waitlist(db, userId), (r) => clean(r, ['createdAt'])),
      },
      {
        name: 'records',
        columns: ['section', 'key', 'details'],
        rows: () => repo.records(db, userId),
      },
    ];
    if (userType === 'provider') {
      parts.push({
        name: 'notes',
        columns: [
          'identifier',
          'type',
          'bookingId',
          'clientId',
          'clientName',
          'title',
          'content',
          'fileName',
          'fileSizeBytes',
          'fileContentType',
          'createdAt',
          'updatedAt',
          'signedAt',
          'sections',
          'addenda',
        ],
        rows: () =>
          mapped(repo.notes(db, userId), (r) => {
            const { titleSealed, contentSealed, fileNameSealed, sectionsSealed, addenda, ...rest } = clean(
              r,
              ['createdAt', 'updatedAt', 'signedAt'],
              ['fileSizeBytes'],
            );
            const id = String(rest.identifier);
            // A templated note's sections and a signed note's addenda are sealed as the notes module seals them
            // (notes.service.ts: `note:<id>:sections`, `note-addendum:<id>:content`).
            return {
              ...rest,
              title: crypt.open(String(titleSealed), `note:${id}:title`),
              content: crypt.open(String(contentSealed), `note:${id}:content`),
              fileName: typeof fileNameSealed === 'string' ? crypt.open(fileNameSealed, `note:${id}:file-name`) : null,
              sections:
                typeof sectionsSealed === 'string'
                  ? (JSON.parse(crypt.open(sectionsSealed, `note:${id}:sections`)) as unknown)
                  : null,
              addenda: (addenda as Array<{ identifier: string; createdAt: string; contentSealed: string }>).map(
                (a) => ({
                  identifier: a.identifier,
                  createdAt: iso(a.createdAt),
                  content: crypt.open(a.contentSealed, `note-addendum:${a.identifier}:content`),
                }),
              ),
            };
          }),
      });
    }
    return parts;
  };

  return {
    /** One export in preparation per user: a per-user lock, then the pending check, then the row and its job, in one transaction. */
    async request(actor: Actor): Promise<DataExport> {
      const me = requireUser(actor);
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, me.userId);
        const pending = await repo.findPending(tx, me.userId);
        if (pending && !isStale(pending)) throw AppError.rule('dataExportInProgress');
        if (pending) await repo.markFailed(tx, pending.identifier, 'its job did not finish in time');
        const row = await repo.insert(tx, { identifier: newId(), userId: me.userId, createdAt: clock.now() });
        await deps.jobs.send(DATA_EXPORT_QUEUE, { exportId: row.identifier }, { tx });
        return toContract(row);
      });
    },

    async latest(actor: Actor): Promise<DataExport | null> {
      const me = requireUser(actor);
      const row = await repo.latest(db, me.userId);
      return row ? toContract(row) : null;
    },

    /**
     * The ZIP, for its signed-in owner with a valid, unexpired link. Someone else's export (whatever the link): 404,
     * before the link is looked at. A tampered link: 400; an expired one, or one whose file is gone: 410.
     */
    async download(
      actor: Actor,
      exportId: string,
      query: DataExportDownloadQuery,
    ): Promise<{ body: Readable; size: number | undefined; filename: string }> {
      const me = requireUser(actor);
      const row = requireAccessTo(actor, 'read', await repo.find(db, exportId), (r) => ({
        kind: 'owned',
        ownerId: r.userId,
      }));
      const link = checkExportLink(linkKey, row.identifier, me.userId, query.expires, query.signature, clock.now());
      if (link === 'invalid') throw new AppError(400, 'BAD_REQUEST', 'dataExportLinkInvalid');
      const now = clock.now().getTime();
      if (link === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= now))
        throw new AppError(410, 'LINK_EXPIRED', 'dataExportLinkExpired');
      if (row.status !== 'ready') throw AppError.notFound();
      const stored = row.fileId ? await files.openStream(row.fileId) : undefined;
      if (!stored) throw new AppError(410, 'LINK_EXPIRED', 'dataExportLinkExpired');
      const body = stored.body.pipe(openStream(sealKey, sealContext(row.identifier)));
      stored.body.once('error', (err) => body.destroy(err));
      return {
        body,
        size: plainSizeOf(stored.size),
        filename: `data-export-${row.readyAt!.toISOString().slice(0, 10)}.zip`,
      };
    },

    /**
     * The job: gathers the user's data into a sealed ZIP in storage, marks the export ready (24 hours) and queues the
     * mail with the signed link, in one transaction. A job for an export that is no longer pending does nothing; an
     * export that cannot be written is marked failed (the user may ask again), and the error is rethrown for the log.
     */
    async prepare(exportId: string): Promise<void> {
      const row = await repo.find(db, exportId);
      if (!row || row.status !== 'pending') return;
      const account = await repo.account(db, row.userId);
      if (!account || account.deletedAt) return repo.markFailed(db, exportId, 'the account is gone');
      try {
        const userType = String(account.userType);
        const locale: Locale = account.language === 'de' ? 'de' : 'en';
        const extra =
          userType === 'client'
            ? openContact(row.userId, await repo.clientProfile(db, row.userId))
            : userType === 'provider'
              ? await repo.providerProfile(db, row.userId)
              : undefined;
        const { deletedAt: _gone, ...fields } = account;
        const profile = clean({ ...fields, ...(extra ?? {}) }, ['emailVerifiedAt', 'createdAt', 'setupCompletedAt']);
        const name = [account.firstName, account.lastName].filter(Boolean).join(' ') || String(account.email);
        const readme = readmeText(locale, {
          name,
          createdAt: clock.now().toISOString().slice(0, 16).replace('T', ' '),
          isProvider: userType === 'provider',
        });
        const zip = exportZip(readme, partsOf(row.userId, userType, profile));
        const sealed = zip.pipe(sealStream(sealKey, sealContext(exportId)));
        zip.once('error', (err) => sealed.destroy(err));
        const stored = await files.saveStream(row.userId, 'export', sealed);
        const readyAt = clock.now();
        const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_TTL_HOURS * HOUR_MS);
        const marked = await db.transaction(async (tx) => {
          const ready = await repo.markReady(tx, exportId, {
            fileId: stored.identifier,
            sizeBytes: plainSizeOf(stored.sizeBytes) ?? stored.sizeBytes,
            readyAt,
            expiresAt,
          });
          if (!ready) return false;
          const { expires, signature } = signExportLink(linkKey, exportId, row.userId, expiresAt);
          const link = `${config.appOrigin}/account/export/${exportId}?expires=${expires}&signature=${encodeURIComponent(signature)}`;
          const firstName =
            typeof account.firstName === 'string' && account.firstName
              ? account.firstName
              : locale === 'de'
                ? 'zusammen'
                : 'there';
          await deps.mail.queue(tx, {
            to: String(account.email),
            lang: locale,
            ...readyMail(locale, {
              name: firstName,
              link,
              validUntil: expiresAt.toISOString().slice(0, 16).replace('T', ' '),
            }),
          });
          return true;
        });
        // Another run finished first (a retried job): this run's file is nobody's.
        if (!marked) await files.purge([stored.identifier]);
      } catch (err) {
        await repo.markFailed(db, exportId, err instanceof Error ? err.message : String(err));
        throw err;
      }
    },

    purgeExpired: () => purgeExpiredExports(deps),
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
