import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { noteTemplates } from '../../db/schema/notes.ts';

/** A provider's own note templates (issue 47): Drizzle only; the rules are in note-templates.service.ts. */
export type NoteTemplateRow = typeof noteTemplates.$inferSelect;

export const noteTemplatesRepository = {
  async list(ex: Executor, providerId: string): Promise<NoteTemplateRow[]> {
    return ex
      .select()
      .from(noteTemplates)
      .where(eq(noteTemplates.providerId, providerId))
      .orderBy(asc(noteTemplates.createdAt), asc(noteTemplates.identifier));
  },
  async count(ex: Executor, providerId: string): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(noteTemplates).where(eq(noteTemplates.providerId, providerId));
    return row?.n ?? 0;
  },
  async find(ex: Executor, id: string): Promise<NoteTemplateRow | undefined> {
    const [row] = await ex.select().from(noteTemplates).where(eq(noteTemplates.identifier, id)).limit(1);
    return row;
  },
  async insert(ex: Executor, row: typeof noteTemplates.$inferInsert): Promise<NoteTemplateRow> {
    const [created] = await ex.insert(noteTemplates).values(row).returning();
    return created!;
  },
  async update(
    ex: Executor,
    id: string,
    providerId: string,
    values: { name: string; sections: string[] },
    now: Date,
  ): Promise<NoteTemplateRow | undefined> {
    const [row] = await ex
      .update(noteTemplates)
      .set({ ...values, updatedAt: now })
      .where(and(eq(noteTemplates.identifier, id), eq(noteTemplates.providerId, providerId)))
      .returning();
    return row;
  },
  async remove(ex: Executor, id: string, providerId: string): Promise<void> {
    await ex
      .delete(noteTemplates)
      .where(and(eq(noteTemplates.identifier, id), eq(noteTemplates.providerId, providerId)));
  },
};
