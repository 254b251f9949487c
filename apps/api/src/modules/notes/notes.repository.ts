import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { noteAccessLog, notes } from '../../db/schema/notes.ts';
import { people } from '../../db/schema/users.ts';

/** Notes and their access log: Drizzle only; sealing, access and the rules are in notes.service.ts. */
export type NoteRow = typeof notes.$inferSelect;
export type NewNote = typeof notes.$inferInsert;
export type NoteAccessRow = typeof noteAccessLog.$inferInsert;

export const notesRepository = {
  async insert(ex: Executor, row: NewNote): Promise<NoteRow> {
    const [created] = await ex.insert(notes).values(row).returning();
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
    values: Pick<NoteRow, 'keyId' | 'titleSealed' | 'contentSealed'>,
    now: Date,
  ): Promise<NoteRow> {
    const [row] = await ex
      .update(notes)
      .set({ ...values, updatedAt: now })
      .where(eq(notes.identifier, id))
      .returning();
    return row!;
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
        actorName: sql<
          string | null
        >`CASE WHEN ${people.deletedAt} IS NULL THEN nullif(trim(coalesce(${people.firstName}, '') || ' ' || coalesce(${people.lastName}, '')), '') END`,
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
