import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { noteAccessLog, noteAddenda, notes } from '../../db/schema/notes.ts';
import { people } from '../../db/schema/users.ts';
import { recordJoinedMeanwhile } from '../../platform/client-records.ts';

/** Notes and their access log: Drizzle only; sealing, access and the rules are in notes.service.ts. */
export type NoteRow = typeof notes.$inferSelect;
export type NewNote = typeof notes.$inferInsert;
export type NoteAccessRow = typeof noteAccessLog.$inferInsert;

/** A live account's full name; none once the account is deleted. */
const liveName = sql<
  string | null
>`CASE WHEN ${people.deletedAt} IS NULL THEN nullif(trim(coalesce(${people.firstName}, '') || ' ' || coalesce(${people.lastName}, '')), '') END`;

export const notesRepository = {
  async insert(ex: Executor, row: NewNote): Promise<NoteRow> {
    const [created] = await recordJoinedMeanwhile(
      ex.insert(notes).values(row).returning(),
      'notes_client_id_users_identifier_fk',
    );
    return created!;
  },

  /** The author's note (undefined for anyone else's or a missing one). */
  async find(ex: Executor, id: string): Promise<NoteRow | undefined> {
    const [row] = await ex.select().from(notes).where(eq(notes.identifier, id)).limit(1);
    return row;
  },

  /** The same, locked for an edit or a delete in this transaction. */
  async lock(ex: Executor, id: string): Promise<NoteRow | undefined> {
    const [row] = await ex.select().from(notes).where(eq(notes.identifier, id)).limit(1).for('update');
    return row;
  },

  async update(
    ex: Executor,
    id: string,
    values: Pick<NoteRow, 'keyId' | 'titleSealed' | 'contentSealed' | 'sectionsSealed'>,
    now: Date,
  ): Promise<NoteRow> {
    const [row] = await ex
      .update(notes)
      .set({ ...values, updatedAt: now })
      .where(eq(notes.identifier, id))
      .returning();
    return row!;
  },

  /** Signs a note that is not yet signed (the caller holds its row lock); undefined when it already was. */
  async sign(ex: Executor, id: string, signerId: string, now: Date): Promise<NoteRow | undefined> {
    const [row] = await ex
      .update(notes)
      .set({ signedAt: now, signedBy: signerId, updatedAt: now })
      .where(and(eq(notes.identifier, id), isNull(notes.signedAt)))
      .returning();
    return row;
  },

  async insertAddendum(ex: Executor, row: typeof noteAddenda.$inferInsert) {
    const [created] = await ex.insert(noteAddenda).values(row).returning();
    return created!;
  },

  /** The addenda of some notes, oldest first, with their author's name while the account exists. */
  async addendaOf(ex: Executor, noteIds: readonly string[]) {
    if (noteIds.length === 0) return [];
    return ex
      .select({
        identifier: noteAddenda.identifier,
        noteId: noteAddenda.noteId,
        authorId: noteAddenda.authorId,
        contentSealed: noteAddenda.contentSealed,
        createdAt: noteAddenda.createdAt,
        authorName: liveName,
      })
      .from(noteAddenda)
      .leftJoin(people, eq(people.identifier, noteAddenda.authorId))
      .where(inArray(noteAddenda.noteId, [...noteIds]))
      .orderBy(asc(noteAddenda.createdAt), asc(noteAddenda.identifier));
  },

  /** Names of live accounts (a signer's), by id. */
  async namesOf(ex: Executor, ids: readonly string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: people.identifier, name: liveName })
      .from(people)
      .where(inArray(people.identifier, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Some of an author's notes by id (the access log names them). */
  async someOf(ex: Executor, authorId: string, ids: readonly string[]): Promise<NoteRow[]> {
    if (ids.length === 0) return [];
    return ex
      .select()
      .from(notes)
      .where(and(eq(notes.authorId, authorId), inArray(notes.identifier, [...ids])));
  },

  async remove(ex: Executor, id: string): Promise<void> {
    await ex.delete(notes).where(eq(notes.identifier, id));
  },

  /** The author's session notes of one booking, newest first. */
  async ofBooking(ex: Executor, authorId: string, bookingId: string): Promise<NoteRow[]> {
    return ex
      .select()
      .from(notes)
      .where(and(eq(notes.authorId, authorId), eq(notes.bookingId, bookingId)))
      .orderBy(desc(notes.createdAt), desc(notes.identifier));
  },

  /**
   * The author's notes about one client, by kind and day written (the title filter runs after opening the titles:
   * they are sealed), newest first. One provider's notes about one client are few (hundreds), so they come whole.
   */
  async ofClient(
    ex: Executor,
    f: { authorId: string; clientId: string; type?: 'booking' | 'client'; from?: Date; before?: Date },
  ): Promise<NoteRow[]> {
    const where = [eq(notes.authorId, f.authorId), eq(notes.clientId, f.clientId)];
    if (f.type) where.push(eq(notes.type, f.type));
    if (f.from) where.push(gte(notes.createdAt, f.from));
    if (f.before) where.push(lt(notes.createdAt, f.before));
    return ex
      .select()
      .from(notes)
      .where(and(...where))
      .orderBy(desc(notes.createdAt), desc(notes.identifier));
  },

  async logAccess(ex: Executor, rows: NoteAccessRow[]): Promise<void> {
    if (rows.length > 0) await ex.insert(noteAccessLog).values(rows);
  },

  /** A note's access log for its author, newest first, with the actor's name while the account exists. */
  async accessLog(ex: Executor, noteId: string, authorId: string) {
    return ex
      .select({
        action: noteAccessLog.action,
        actorId: noteAccessLog.actorId,
        actorName: liveName,
        at: noteAccessLog.at,
        ipAddress: noteAccessLog.ipAddress,
        userAgent: noteAccessLog.userAgent,
      })
      .from(noteAccessLog)
      .leftJoin(people, eq(people.identifier, noteAccessLog.actorId))
      .where(and(eq(noteAccessLog.noteId, noteId), eq(noteAccessLog.authorId, authorId)))
      .orderBy(desc(noteAccessLog.at), desc(noteAccessLog.identifier));
  },
};
