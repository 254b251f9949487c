import { and, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerExecutor } from '../../db/prepared.ts';
import { refreshTokens, userIdentities, userSessions, users } from '../../db/schema/users.ts';
import { AppError } from '../../platform/errors.ts';
import { refusedAs } from '../../platform/pg-errors.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export interface PracticeRecordDetails {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
}
export type PracticeRecord = PracticeRecordDetails & { identifier: string; recordOf: string };

const live = isNull(users.deletedAt);
/**
 * An account a person signs in with: live and not a practice record (decision 0053). Every lookup by address (sign-in,
 * sign-up's uniqueness, reset, social linking, a change of address) asks this, so a provider's record of someone's
 * address never answers for them.
 */
const account = and(live, isNull(users.recordOf));

const byIdStatement = preparedPerExecutor((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.identifier, sql.placeholder('id')), live))
    .limit(1)
    .prepare('user_live_by_id'),
);

const bySessionStatement = preparedPerExecutor((db) =>
  db
    .select({ user: getTableColumns(users), lastActiveAt: userSessions.lastActiveAt })
    .from(users)
    .innerJoin(
      userSessions,
      and(
        eq(userSessions.identifier, sql.placeholder('sid')),
        eq(userSessions.userId, users.identifier),
        isNull(userSessions.revokedAt),
      ),
    )
    .where(and(eq(users.identifier, sql.placeholder('id')), account))
    .limit(1)
    .prepare('user_live_by_session'),
);

export const userRepository = {
  /**
   * Every signed-in request: the live user of an open session, with the session's last activity (the caller decides
   * whether it has been idle too long), one prepared statement.
   */
  async findLiveBySession(
    db: Executor,
    id: string,
    sessionId: string,
  ): Promise<{ user: UserRow; lastActiveAt: Date } | undefined> {
    const [row] = await bySessionStatement(db).execute({ id, sid: sessionId });
    return row;
  },
  async findLiveByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, email), account))
      .limit(1);
    return row;
  },
  /** The hottest read (every account request): a named prepared statement, planned once per connection. */
  async findLiveById(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await byIdStatement(db).execute({ id });
    return row;
  },
  /** A new account; an address a live account already has is refused with 409 EMAIL_TAKEN. */
  async insert(db: Executor, values: NewUser): Promise<UserRow> {
    const [row] = await refusedAs(
      db.insert(users).values(values).returning(),
      'unique',
      () => AppError.conflict('EMAIL_TAKEN', 'emailTaken'),
      'users_email_live_key',
    );
    return row!;
  },
  /** A change of a live account; a new address another live account has is refused with 409 EMAIL_TAKEN. */
  async update(db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await refusedAs(
      db
        .update(users)
        .set(values)
        .where(and(eq(users.identifier, id), live))
        .returning(),
      'unique',
      () => AppError.conflict('EMAIL_TAKEN', 'emailTaken'),
      'users_email_live_key',
    );
    return row;
  },
  /** Soft delete: personal data goes at once; the row stays so financial records keep their reference. */
  async anonymise(db: Executor, id: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({
        email: sql`'deleted+' || ${users.identifier} || '@deleted.invalid'`,
        passwordHash: null,
        firstName: null,
        lastName: null,
        phoneNumber: null,
        timezone: null,
        deletedAt: now,
      })
      .where(and(eq(users.identifier, id), live));
    await db.delete(userIdentities).where(eq(userIdentities.userId, id));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
    await db
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.userId, id), isNull(userSessions.revokedAt)));
    // Where and with what the person signed in is personal: every session, ended before or now, forgets it.
    await db.update(userSessions).set({ ipAddress: null, userAgent: null }).where(eq(userSessions.userId, id));
  },
  async findIdentity(db: Executor, issuer: string, subject: string) {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.identifier, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject), account))
      .limit(1);
    return row?.user;
  },
  /** Practice records (decision 0053): client rows of one provider with no way to sign in. */
  async insertRecords(db: Executor, rows: PracticeRecord[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(users).values(rows.map((r) => ({ ...r, userType: 'client' as const })));
  },
  async updateRecord(db: Executor, id: string, values: PracticeRecordDetails): Promise<void> {
    await db
      .update(users)
      .set(values)
      .where(and(eq(users.identifier, id), isNotNull(users.recordOf)));
  },
  /** Locks a record's row: what is written for it meanwhile waits (and fails on its key once the record is gone). */
  async lockRecord(db: Executor, id: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.identifier })
      .from(users)
      .where(and(eq(users.identifier, id), isNotNull(users.recordOf)))
      .for('update');
    return rows.length > 0;
  },
  async deleteRecord(db: Executor, id: string): Promise<void> {
    await db.delete(users).where(and(eq(users.identifier, id), isNotNull(users.recordOf)));
  },
  async insertIdentity(db: Executor, userId: string, issuer: string, subject: string): Promise<void> {
    await db.insert(userIdentities).values({ userId, issuer, subject }).onConflictDoNothing();
  },
};
