import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providerLanguages, providerProfileItems, providerProfiles } from '../../db/schema/provider-profile.ts';
import { referenceItems } from '../../db/schema/reference.ts';

export type ProviderProfileRow = typeof providerProfiles.$inferSelect;
export type NewProviderProfile = typeof providerProfiles.$inferInsert;
export type ProviderItemList = 'therapy-category' | 'modality' | 'speciality';
export interface ProviderItem {
  list: ProviderItemList;
  itemId: string;
}

export const providerProfileRepository = {
  /** The bio and the discipline's name (the operator's desk). */
  async bioAndDiscipline(db: Executor, userId: string): Promise<{ bio: string | null; discipline: string | null }> {
    const [row] = await db
      .select({ bio: providerProfiles.bio, discipline: referenceItems.name })
      .from(providerProfiles)
      .leftJoin(referenceItems, eq(referenceItems.identifier, providerProfiles.disciplineId))
      .where(eq(providerProfiles.userId, userId))
      .limit(1);
    return row ?? { bio: null, discipline: null };
  },
  async find(db: Executor, userId: string): Promise<ProviderProfileRow | undefined> {
    const [row] = await db.select().from(providerProfiles).where(eq(providerProfiles.userId, userId)).limit(1);
    return row;
  },
  /** The profile row, made empty on first use. */
  async ensure(db: Executor, userId: string): Promise<ProviderProfileRow> {
    await db.insert(providerProfiles).values({ userId }).onConflictDoNothing();
    const [row] = await db.select().from(providerProfiles).where(eq(providerProfiles.userId, userId)).limit(1);
    return row!;
  },
  /** The row locked for this transaction, so concurrent picture changes do not lose a file. */
  async lock(db: Executor, userId: string): Promise<ProviderProfileRow> {
    await db.insert(providerProfiles).values({ userId }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, userId))
      .limit(1)
      .for('update');
    return row!;
  },
  async upsert(db: Executor, values: NewProviderProfile): Promise<ProviderProfileRow> {
    const { userId: _userId, ...changes } = values;
    const [row] = await db
      .insert(providerProfiles)
      .values(values)
      .onConflictDoUpdate({ target: providerProfiles.userId, set: changes })
      .returning();
    return row!;
  },
  async setPhoto(db: Executor, userId: string, photoFileId: string | null): Promise<void> {
    await db.update(providerProfiles).set({ photoFileId }).where(eq(providerProfiles.userId, userId));
  },
  async items(db: Executor, userId: string): Promise<ProviderItem[]> {
    return (await db
      .select({ list: providerProfileItems.list, itemId: providerProfileItems.itemId })
      .from(providerProfileItems)
      .where(eq(providerProfileItems.userId, userId))) as ProviderItem[];
  },
  /** The items of one list the provider offers, with their codes and names, in the list's order. */
  async offered(
    db: Executor,
    userId: string,
    list: ProviderItemList,
  ): Promise<Array<{ identifier: string; code: string; name: string }>> {
    return db
      .select({ identifier: referenceItems.identifier, code: referenceItems.code, name: referenceItems.name })
      .from(providerProfileItems)
      .innerJoin(referenceItems, eq(referenceItems.identifier, providerProfileItems.itemId))
      .where(and(eq(providerProfileItems.userId, userId), eq(providerProfileItems.list, list)))
      .orderBy(asc(referenceItems.sortOrder));
  },
  /** The languages the provider holds sessions in (identifiers of the languages table). */
  async languages(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: providerLanguages.languageId })
      .from(providerLanguages)
      .where(eq(providerLanguages.userId, userId));
    return rows.map((r) => r.id);
  },

  async replaceLanguages(db: Executor, userId: string, languageIds: readonly string[]): Promise<void> {
    await db.delete(providerLanguages).where(eq(providerLanguages.userId, userId));
    if (languageIds.length > 0)
      await db.insert(providerLanguages).values(languageIds.map((languageId) => ({ userId, languageId })));
  },

  async replaceItems(db: Executor, userId: string, items: readonly ProviderItem[]): Promise<void> {
    await db.delete(providerProfileItems).where(eq(providerProfileItems.userId, userId));
    if (items.length > 0) await db.insert(providerProfileItems).values(items.map((i) => ({ userId, ...i })));
  },
};
