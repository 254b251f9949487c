import { TZDate } from '@date-fns/tz';
import { m } from '@therapy/contracts/messages';
import { NOTE_CONTENT_MAX } from '@therapy/contracts/notes';
import {
  noteContentProblem,
  noteInput,
  noteUpdateInput,
  type Note,
  type NoteAccessEntry,
  type NoteListQuery,
  type NoteType,
} from '@therapy/contracts/notes';
import {
  noteSectionTexts,
  sectionsAsText,
  type NoteAddendum,
  type NoteAddendumInput,
} from '@therapy/contracts/note-records';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import {
  requireAccess,
  requireAccessTo,
  requireFound,
  requireLiveAccount,
  requireRole,
  requireUser,
  type Actor,
  type Resource,
} from '../../platform/auth/access.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { checkNoteFile } from '../../platform/files/documents.ts';
import type { UploadedParts } from '../../platform/files/uploads.ts';
import { parseMultipartFields } from '../../platform/http/multipart-fields.ts';
import { newId } from '../../platform/ids.ts';
import type { UserModule } from '../user/user.module.ts';
import { notesRepository as repo, type NoteRow } from './notes.repository.ts';
import { isBuiltInTemplate, type NoteTemplatesService } from './note-templates.service.ts';

/**
 * Session and client notes (issue 17; DESIGN.md §6 "Notes"; decision 0029). Health data, so:
 * - only the provider who wrote a note reads, changes or deletes it; anyone else, also the client it is about and an
 *   operator, gets 404, and a note can be written only on the provider's own booking or about their own client;
 * - title, content, the file's name and the file's bytes are sealed (AES-256-GCM) and bound to the note's id;
 * - every read, write, delete and download is logged (append-only) with the address and browser it came from.
 */
export interface NotesPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  bookingFacts: BookingFactsSource;
  /** Whether the client is the provider's client (a booking between them, later also an import). */
  isClientOf: (providerId: string, clientId: string) => Promise<boolean>;
  /** The provider's note templates (issue 47), in this module. */
  templates: Pick<NoteTemplatesService, 'headingsOf'>;
}

/** Where a request came from, for the access log. */
export interface RequestOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

type Action = NoteAccessEntry['action'];
type Section = { heading: string; text: string };

const context = (noteId: string, part: 'title' | 'content' | 'sections' | 'file-name' | 'file') =>
  `note:${noteId}:${part}`;
const addendumContext = (addendumId: string) => `note-addendum:${addendumId}:content`;
const signedLocked = () => AppError.conflict('CONFLICT', m.noteSignedLocked);

/** The texts of a templated note's sections (a JSON array in the multipart form), one per heading. */
const parseSections = (raw: string | undefined, headings: readonly string[]): Section[] => {
  let texts: unknown;
  try {
    texts = JSON.parse(raw ?? '');
  } catch {
    throw AppError.rule(m.noteSectionsInvalid);
  }
  const parsed = noteSectionTexts.safeParse(texts);
  if (!parsed.success) throw AppError.rule((parsed.error.issues[0]?.message ?? m.noteSectionsInvalid) as never);
  if (parsed.data.length !== headings.length) throw AppError.rule(m.noteSectionsInvalid);
  const sections = headings.map((heading, i) => ({ heading, text: parsed.data[i]! }));
  if ([...sectionsAsText(sections)].length > NOTE_CONTENT_MAX) throw AppError.rule(m.noteSectionsTotalMax);
  return sections;
};
/** Browsers send long agent strings; the log keeps what identifies one. */
const agentOf = (origin: RequestOrigin) => (origin.userAgent ? origin.userAgent.slice(0, 512) : null);

export function createNotesService(deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config'>, ports: NotesPorts) {
  const { db, clock, files } = deps;
  const crypt = fieldEncryptionFromConfig(deps.config);

  /** A provider (403 otherwise) whose account is live: who may write notes. */
  const provider = async (actor: Actor) =>
    requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'provider').userId));
  /** Who may find existing notes: their author, a provider. Anyone else (the client, an operator) finds none: 404. */
  const author = async (actor: Actor) => {
    // A role rule, not an ownership one: which notes are theirs is decided per note (noteOf) by the access core.
    if (requireUser(actor).userType !== 'provider') throw AppError.notFound();
    return provider(actor);
  };
  const noteOf = (authorId: string): Resource => ({ kind: 'note', authorId });
  /** A session's notes are its provider's alone (the client of the booking has no access to them). */
  const providersBooking = (facts: { clientId: string; providerId: string } | undefined): Resource | undefined =>
    facts && { kind: 'booking', clientId: facts.clientId, providerId: facts.providerId, as: 'provider' };
  /** A client's record at the provider: there when a booking or an import links them. */
  const careOf = async (providerId: string, clientId: string): Promise<Resource | undefined> =>
    (await ports.isClientOf(providerId, clientId)) ? { kind: 'care', providerId } : undefined;

  /** A note with its template, signature and addenda (issue 47), opened for its author. */
  const withRecords = async (rows: NoteRow[]): Promise<Note[]> => {
    const addenda = await repo.addendaOf(
      db,
      rows.filter((r) => r.signedAt).map((r) => r.identifier),
    );
    const signers = await repo.namesOf(db, [...new Set(rows.flatMap((r) => (r.signedBy ? [r.signedBy] : [])))]);
    return rows.map((row) => ({
      ...toNote(row),
      template:
        row.builtInTemplate || row.templateId ? { builtIn: row.builtInTemplate, identifier: row.templateId } : null,
      sections: row.sectionsSealed
        ? (JSON.parse(crypt.open(row.sectionsSealed, context(row.identifier, 'sections'))) as Section[])
        : null,
      signedAt: row.signedAt?.toISOString() ?? null,
      signedByIdentifier: row.signedBy,
      signedByName: row.signedBy ? (signers.get(row.signedBy) ?? null) : null,
      addenda: addenda.filter((a) => a.noteId === row.identifier).map(toAddendum),
    }));
  };
  const toAddendum = (a: Awaited<ReturnType<typeof repo.addendaOf>>[number]): NoteAddendum => ({
    identifier: a.identifier,
    content: crypt.open(a.contentSealed, addendumContext(a.identifier)),
    authorIdentifier: a.authorId,
    authorName: a.authorName,
    createdAt: a.createdAt.toISOString(),
  });
  const one = async (row: NoteRow): Promise<Note> => (await withRecords([row]))[0]!;

  const toNote = (
    row: NoteRow,
  ): Omit<Note, 'template' | 'sections' | 'signedAt' | 'signedByIdentifier' | 'signedByName' | 'addenda'> => ({
    identifier: row.identifier,
    type: row.type,
    reference: row.type === 'booking' ? row.bookingId! : row.clientId,
    bookingIdentifier: row.bookingId,
    clientIdentifier: row.clientId,
    title: crypt.open(row.titleSealed, context(row.identifier, 'title')),
    content: crypt.open(row.contentSealed, context(row.identifier, 'content')),
    file:
      row.fileId && row.fileNameSealed
        ? {
            filename: crypt.open(row.fileNameSealed, context(row.identifier, 'file-name')),
            size: row.fileSizeBytes ?? 0,
            contentType: row.fileContentType ?? 'application/octet-stream',
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** One log line per note (one statement); inside the write's transaction for writes, so both happen or neither. */
  const log = (
    ex: Executor,
    authorId: string,
    actorId: string,
    origin: RequestOrigin,
    action: Action,
    noteIds: readonly string[],
  ) =>
    repo.logAccess(
      ex,
      noteIds.map((noteId) => ({
        noteId,
        authorId,
        actorId,
        action,
        at: clock.now(),
        ipAddress: origin.ipAddress,
        userAgent: agentOf(origin),
      })),
    );

  /** The note's client: the booking's (a session note on one of the provider's bookings) or the client named. */
  const clientOfReference = async (
    actor: Actor,
    type: NoteType,
    reference: string,
  ): Promise<{ clientId: string; bookingId: string | null }> => {
    if (type === 'booking') {
      const facts = await ports.bookingFacts(reference);
      requireAccess(actor, 'act', providersBooking(facts));
      return { clientId: facts!.clientId, bookingId: facts!.identifier };
    }
    requireAccess(actor, 'act', await careOf(actor.userId, reference));
    return { clientId: reference, bookingId: null };
  };

  /** Fields cut short by the multipart parser were too long: said as the field's own limit. */
  const refuseTruncated = (parts: UploadedParts) => {
    if (parts.truncatedFields.includes('title')) throw AppError.rule(m.noteTitleMax);
    if (parts.truncatedFields.includes('content')) throw AppError.rule(m.noteContentMax);
  };

  /** The note if it is the actor's: someone else's answers as a missing one does. */
  const owned = async (actor: Actor, id: string): Promise<NoteRow> => {
    return requireAccessTo(actor, 'read', await repo.find(db, id), (row) => noteOf(row.authorId));
  };

  /** Midnight of a calendar day in the provider's time zone (UTC when they have none). */
  const startOfDay = (day: string, zone: string | null, plusDays = 0): Date => {
    const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(y, mo - 1, d + plusDays, zone ?? 'UTC').getTime());
  };

  return {
    async create(actor: Actor, origin: RequestOrigin, parts: UploadedParts, locale: 'en' | 'de'): Promise<Note> {
      const me = await provider(actor);
      refuseTruncated(parts);
      const values = parseMultipartFields(noteInput, {
        type: parts.fields.type,
        reference: parts.fields.reference,
        title: parts.fields.title,
        content: parts.fields.content,
        template: parts.fields.template,
        sections: parts.fields.sections,
      });
      const upload = parts.files[0];
      // A templated note is typed, section by section: its readable text is made from the sections.
      const sections = values.template
        ? parseSections(values.sections, await ports.templates.headingsOf(me.identifier, values.template, locale))
        : null;
      if (sections && upload) throw AppError.rule(m.noteSectionsInvalid);
      if (sections) values.content = sectionsAsText(sections);
      const problem = noteContentProblem(values.content, upload !== undefined);
      if (problem) throw AppError.rule(m[problem]);
      const { clientId, bookingId } = await clientOfReference(actor, values.type, values.reference);
      const checked = upload ? await checkNoteFile(values.type, upload) : undefined;

      const identifier = newId();
      const stored = checked
        ? await files.saveSealed(me.identifier, 'note', crypt.sealBytes(checked.data, context(identifier, 'file')))
        : undefined;
      try {
        const row = await db.transaction(async (tx) => {
          const created = await repo.insert(tx, {
            identifier,
            authorId: me.identifier,
            type: values.type,
            bookingId,
            clientId,
            keyId: crypt.currentKeyId,
            titleSealed: crypt.seal(values.title, context(identifier, 'title')),
            // A file note's content is empty (spec §5: file mode sends empty content).
            contentSealed: crypt.seal(checked ? '' : values.content, context(identifier, 'content')),
            fileId: stored?.identifier ?? null,
            fileNameSealed: checked ? crypt.seal(checked.filename, context(identifier, 'file-name')) : null,
            fileSizeBytes: checked ? checked.data.length : null,
            fileContentType: checked?.contentType ?? null,
            builtInTemplate: values.template && isBuiltInTemplate(values.template) ? values.template : null,
            templateId: values.template && !isBuiltInTemplate(values.template) ? values.template : null,
            sectionsSealed: sections ? crypt.seal(JSON.stringify(sections), context(identifier, 'sections')) : null,
          });
          await log(tx, me.identifier, me.identifier, origin, 'create', [identifier]);
          return created;
        });
        return await one(row);
      } catch (err) {
        if (stored) await files.purge([stored.identifier]).catch(() => undefined);
        throw err;
      }
    },

    async ofBooking(actor: Actor, origin: RequestOrigin, bookingId: string): Promise<Note[]> {
      const me = await author(actor);
      const facts = await ports.bookingFacts(bookingId);
      requireAccess(actor, 'read', providersBooking(facts));
      const rows = await repo.ofBooking(db, me.identifier, bookingId);
      await log(
        db,
        me.identifier,
        me.identifier,
        origin,
        'read',
        rows.map((r) => r.identifier),
      );
      return withRecords(rows);
    },

    /**
     * The provider's notes about a client, filtered and paged. Titles are sealed, so the title words are matched
     * after opening the provider's own notes about this one client (decision 0029); kind and days filter in SQL.
     */
    async ofClient(
      actor: Actor,
      origin: RequestOrigin,
      clientId: string,
      query: Required<Pick<NoteListQuery, 'page' | 'pageSize'>> & Omit<NoteListQuery, 'page' | 'pageSize'>,
    ) {
      const me = await author(actor);
      requireAccess(actor, 'read', await careOf(me.identifier, clientId));
      const rows = await repo.ofClient(db, {
        authorId: me.identifier,
        clientId,
        type: query.type,
        from: query.fromDate ? startOfDay(query.fromDate, me.timezone) : undefined,
        before: query.toDate ? startOfDay(query.toDate, me.timezone, 1) : undefined,
      });
      const words = query.title?.trim().toLocaleLowerCase();
      const all = rows.filter(
        (r) => !words || crypt.open(r.titleSealed, context(r.identifier, 'title')).toLocaleLowerCase().includes(words),
      );
      const page = Number(query.page);
      const pageSize = Number(query.pageSize);
      const data = await withRecords(all.slice((page - 1) * pageSize, page * pageSize));
      await log(
        db,
        me.identifier,
        me.identifier,
        origin,
        'read',
        data.map((n) => n.identifier),
      );
      return { data, meta: { page, pageSize, total: all.length, totalPages: Math.ceil(all.length / pageSize) } };
    },

    async get(actor: Actor, origin: RequestOrigin, id: string): Promise<Note> {
      const me = await author(actor);
      const row = await owned(actor, id);
      await log(db, me.identifier, me.identifier, origin, 'read', [id]);
      return one(row);
    },

    async update(actor: Actor, origin: RequestOrigin, id: string, parts: UploadedParts): Promise<Note> {
      const me = await author(actor);
      // Someone else's note is not found, whatever was sent.
      await owned(actor, id);
      refuseTruncated(parts);
      const values = parseMultipartFields(noteUpdateInput, {
        title: parts.fields.title,
        content: parts.fields.content,
        sections: parts.fields.sections,
      });
      const row = await db.transaction(async (tx) => {
        const current = requireAccessTo(actor, 'update', await repo.lock(tx, id), (row) => noteOf(row.authorId));
        // Checked under the row lock: a signature that landed first wins, this edit is refused (no lost lock).
        if (current.signedAt) throw signedLocked();
        const hasFile = current.fileId !== null;
        const headings = current.sectionsSealed
          ? (JSON.parse(crypt.open(current.sectionsSealed, context(id, 'sections'))) as Section[]).map((s) => s.heading)
          : null;
        const sections = headings ? parseSections(values.sections, headings) : null;
        if (sections) values.content = sectionsAsText(sections);
        const problem = noteContentProblem(values.content, hasFile);
        if (problem) throw AppError.rule(m[problem]);
        const updated = await repo.update(
          tx,
          id,
          {
            keyId: crypt.currentKeyId,
            titleSealed: crypt.seal(values.title, context(id, 'title')),
            contentSealed: crypt.seal(hasFile ? '' : values.content, context(id, 'content')),
            sectionsSealed: sections ? crypt.seal(JSON.stringify(sections), context(id, 'sections')) : null,
          },
          clock.now(),
        );
        await log(tx, me.identifier, me.identifier, origin, 'update', [id]);
        return updated;
      });
      return one(row);
    },

    async remove(actor: Actor, origin: RequestOrigin, id: string): Promise<void> {
      const me = await author(actor);
      const fileId = await db.transaction(async (tx) => {
        const current = requireAccessTo(actor, 'delete', await repo.lock(tx, id), (row) => noteOf(row.authorId));
        if (current.signedAt) throw signedLocked();
        await repo.remove(tx, id);
        await log(tx, me.identifier, me.identifier, origin, 'delete', [id]);
        return current.fileId;
      });
      // The bytes go after the commit (they cannot be rolled back); what fails here the orphan clean-up removes later.
      if (fileId) await files.purge([fileId]);
    },

    /** A file note's file, opened for its author. */
    async file(
      actor: Actor,
      origin: RequestOrigin,
      id: string,
    ): Promise<{ data: Buffer; contentType: string; filename: string }> {
      const me = await author(actor);
      const row = await owned(actor, id);
      const { fileId, fileNameSealed } = row;
      requireFound(fileId);
      requireFound(fileNameSealed);
      const sealed = await files.readBytes(fileId);
      requireFound(sealed);
      const data = crypt.openBytes(sealed, context(id, 'file'));
      await log(db, me.identifier, me.identifier, origin, 'download', [id]);
      return {
        data,
        contentType: row.fileContentType ?? 'application/octet-stream',
        filename: crypt.open(fileNameSealed, context(id, 'file-name')),
      };
    },

    /**
     * Sign and lock (issue 47): under the row lock, so an edit in flight either landed before (and is signed) or
     * waits and is refused. From then on the database refuses changes and deletes too (trigger notes_signed_locked).
     */
    async sign(actor: Actor, origin: RequestOrigin, id: string): Promise<Note> {
      const me = await author(actor);
      const row = await db.transaction(async (tx) => {
        requireAccessTo(actor, 'update', await repo.lock(tx, id), (row) => noteOf(row.authorId));
        const signed = await repo.sign(tx, id, me.identifier, clock.now());
        if (!signed) throw AppError.conflict('CONFLICT', m.noteAlreadySigned);
        await log(tx, me.identifier, me.identifier, origin, 'sign', [id]);
        return signed;
      });
      return one(row);
    },

    /** A dated addendum to a signed note: sealed, append-only (trigger note_addenda_append_only). */
    async addAddendum(
      actor: Actor,
      origin: RequestOrigin,
      id: string,
      input: NoteAddendumInput,
    ): Promise<NoteAddendum> {
      const me = await author(actor);
      const created = await db.transaction(async (tx) => {
        const note = requireAccessTo(actor, 'update', await repo.lock(tx, id), (row) => noteOf(row.authorId));
        if (!note.signedAt) throw AppError.conflict('CONFLICT', m.noteAddendumNeedsSignature);
        const identifier = newId();
        await repo.insertAddendum(tx, {
          identifier,
          noteId: id,
          authorId: me.identifier,
          keyId: crypt.currentKeyId,
          contentSealed: crypt.seal(input.content.trim(), addendumContext(identifier)),
          createdAt: clock.now(),
        });
        await log(tx, me.identifier, me.identifier, origin, 'addendum', [id]);
        return identifier;
      });
      const [addendum] = (await repo.addendaOf(db, [id])).filter((a) => a.identifier === created);
      return toAddendum(addendum!);
    },

    /**
     * What the access log shows of the author's notes (issue 47): title (opened for the author), client and the day
     * written. Notes of anyone else are not found; deleted ones are absent.
     */
    async summariesOf(
      authorId: string,
      ids: readonly string[],
    ): Promise<Map<string, { title: string; clientId: string; createdAt: Date }>> {
      const rows = await repo.someOf(db, authorId, ids);
      return new Map(
        rows.map((r) => [
          r.identifier,
          {
            title: crypt.open(r.titleSealed, context(r.identifier, 'title')),
            clientId: r.clientId,
            createdAt: r.createdAt,
          },
        ]),
      );
    },

    async accessLog(actor: Actor, id: string): Promise<NoteAccessEntry[]> {
      const me = await author(actor);
      await owned(actor, id);
      const rows = await repo.accessLog(db, id, me.identifier);
      return rows.map((r) => ({
        action: r.action,
        actorIdentifier: r.actorId,
        actorName: r.actorName,
        at: r.at.toISOString(),
        ipAddress: r.ipAddress,
        userAgent: r.userAgent,
      }));
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
