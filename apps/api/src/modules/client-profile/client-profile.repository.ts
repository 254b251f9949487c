import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReferenceList } from '@therapy/contracts/reference';
import type { Executor } from '../../db/client.ts';
import {
  clientPreferenceCountries,
  clientPreferenceItems,
  clientPreferenceLanguages,
  clientProfiles,
  emergencyContacts,
} from '../../db/schema/client-profile.ts';
import { avatars } from '../../db/schema/reference.ts';
import { AppError } from '../../platform/errors.ts';
import { refusedAs } from '../../platform/pg-errors.ts';

export type ClientProfileRow = typeof clientProfiles.$inferSelect;
export type NewClientProfile = typeof clientProfiles.$inferInsert;
export type EmergencyContactRow = typeof emergencyContacts.$inferSelect;

export const clientProfileRepository = {
  /** The profile row, made empty on first use: a client gets one without a separate "create" step. */
  async ensure(db: Executor, userId: string): Promise<ClientProfileRow> {
    await db.insert(clientProfiles).values({ userId }).onConflictDoNothing();
    const [row] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId)).limit(1);
    return row!;
  },
  /**
   * A new client's profile with the first free username of `base`, `base2`, `base3`... (case-insensitive, as the
   * unique index compares). Another sign-up may take the same name between the look-up and the insert: then the
   * next free one is tried.
   */
  async createWithUserName(db: Executor, userId: string, base: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = await db
        .select({ name: sql<string>`lower(${clientProfiles.userName})` })
        .from(clientProfiles)
        .where(
          sql`lower(${clientProfiles.userName}) LIKE ${`${base.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        );
      const names = new Set(taken.map((r) => r.name));
      let n = 1;
      const candidate = () => (n === 1 ? base : `${base.slice(0, 32 - String(n).length)}${n}`);
      while (names.has(candidate().toLowerCase())) n += 1;
      const [row] = await db
        .insert(clientProfiles)
        .values({ userId, userName: candidate() })
        .onConflictDoNothing()
        .returning({ userName: clientProfiles.userName });
      if (row?.userName) return row.userName;
      const [own] = await db
        .select({ userName: clientProfiles.userName })
        .from(clientProfiles)
        .where(eq(clientProfiles.userId, userId))
        .limit(1);
      if (own) return own.userName ?? '';
    }
    throw new Error('no free username');
  },
  /** The row locked for this transaction: picture changes read the old file and replace it without racing. */
  async lock(db: Executor, userId: string): Promise<ClientProfileRow> {
    await db.insert(clientProfiles).values({ userId }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, userId))
      .limit(1)
      .for('update');
    return row!;
  },
  /** The client's profile; a username another client has (in any case) is refused with 409. */
  async upsert(db: Executor, values: NewClientProfile): Promise<ClientProfileRow> {
    const { userId: _userId, ...changes } = values;
    const [row] = await refusedAs(
      db
        .insert(clientProfiles)
        .values(values)
        .onConflictDoUpdate({ target: clientProfiles.userId, set: changes })
        .returning(),
      'unique',
      () => AppError.conflict('CONFLICT', 'userNameTaken'),
      'client_profiles_user_name_key',
    );
    return row!;
  },
  async setPicture(
    db: Executor,
    userId: string,
    picture: { photoFileId: string | null; avatarId: string | null },
  ): Promise<void> {
    await db.update(clientProfiles).set(picture).where(eq(clientProfiles.userId, userId));
  },
  async avatarPhotoUrl(db: Executor, avatarId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ photoUrl: avatars.photoUrl })
      .from(avatars)
      .where(eq(avatars.identifier, avatarId))
      .limit(1);
    return row?.photoUrl;
  },

  async findEmergencyContact(db: Executor, userId: string): Promise<EmergencyContactRow | undefined> {
    const [row] = await db.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId)).limit(1);
    return row;
  },
  /** The client's one contact, written or replaced in place (sealed values; the legacy clear columns stay empty). */
  async upsertEmergencyContact(
    db: Executor,
    userId: string,
    values: { nameSealed: string; phoneNumberSealed: string },
  ): Promise<EmergencyContactRow> {
    const [row] = await db
      .insert(emergencyContacts)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: emergencyContacts.userId,
        set: { ...values, clearName: null, clearPhoneNumber: null },
      })
      .returning();
    return row!;
  },

  async preferenceItems(db: Executor, userId: string): Promise<Array<{ list: ReferenceList; itemId: string }>> {
    return db
      .select({ list: clientPreferenceItems.list, itemId: clientPreferenceItems.itemId })
      .from(clientPreferenceItems)
      .where(eq(clientPreferenceItems.userId, userId));
  },
  async preferenceLanguages(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: clientPreferenceLanguages.languageId })
      .from(clientPreferenceLanguages)
      .where(eq(clientPreferenceLanguages.userId, userId));
    return rows.map((r) => r.id);
  },
  async preferenceCountries(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: clientPreferenceCountries.countryId })
      .from(clientPreferenceCountries)
      .where(eq(clientPreferenceCountries.userId, userId));
    return rows.map((r) => r.id);
  },
  async replacePreferenceItems(
    db: Executor,
    userId: string,
    lists: readonly ReferenceList[],
    items: Array<{ list: ReferenceList; itemId: string }>,
  ): Promise<void> {
    if (lists.length === 0) return;
    await db
      .delete(clientPreferenceItems)
      .where(and(eq(clientPreferenceItems.userId, userId), inArray(clientPreferenceItems.list, [...lists])));
    if (items.length > 0) await db.insert(clientPreferenceItems).values(items.map((i) => ({ userId, ...i })));
  },
  async replacePreferenceLanguages(db: Executor, userId: string, ids: readonly string[]): Promise<void> {
    await db.delete(clientPreferenceLanguages).where(eq(clientPreferenceLanguages.userId, userId));
    if (ids.length > 0)
      await db.insert(clientPreferenceLanguages).values(ids.map((languageId) => ({ userId, languageId })));
  },
  async replacePreferenceCountries(db: Executor, userId: string, ids: readonly string[]): Promise<void> {
    await db.delete(clientPreferenceCountries).where(eq(clientPreferenceCountries.userId, userId));
    if (ids.length > 0)
      await db.insert(clientPreferenceCountries).values(ids.map((countryId) => ({ userId, countryId })));
  },
};
