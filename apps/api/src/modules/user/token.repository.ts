import { and, asc, count, desc, eq, exists, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  actionTokens,
  authAttempts,
  emailChangeCodes,
  refreshTokens,
  userSessions,
  users,
} from '../../db/schema/users.ts';

type Purpose = (typeof actionTokens.$inferSelect)['purpose'];

/** Refresh tokens, single-use links, email codes and attempt counters: everything secret is stored hashed. */
export const tokenRepository = {
  /** A session starts with its first refresh token; its identifier is the token family. */
  async insertSession(
    db: Executor,
    v: {
      identifier: string;
      userId: string;
      ipAddress: string | null;
      userAgent: string | null;
      createdAt: Date;
      lastActiveAt: Date;
    },
  ) {
    await db.insert(userSessions).values(v);
  },
  /** A session with its user's type (the idle window depends on it), whether or not it is still open. */
  async findSession(db: Executor, sessionId: string) {
    const [row] = await db
      .select({
        identifier: userSessions.identifier,
        userId: userSessions.userId,
        revokedAt: userSessions.revokedAt,
        lastActiveAt: userSessions.lastActiveAt,
        userType: users.userType,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.identifier, userSessions.userId))
      .where(eq(userSessions.identifier, sessionId))
      .limit(1);
    return row;
  },
  /**
   * The user's open sessions that still hold a usable refresh token (not rotated, not revoked, not expired), most
   * recently active first. A session whose last token ran out can never come back, so it is not listed.
   */
  async listOpenSessions(db: Executor, userId: string, now: Date) {
    const usable = db
      .select({ one: sql`1` })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, userSessions.identifier),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      );
    return db
      .select({
        identifier: userSessions.identifier,
        createdAt: userSessions.createdAt,
        lastActiveAt: userSessions.lastActiveAt,
        ipAddress: userSessions.ipAddress,
        userAgent: userSessions.userAgent,
      })
      .from(userSessions)
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), exists(usable)))
      .orderBy(desc(userSessions.lastActiveAt), desc(userSessions.createdAt));
  },
  /**
   * Counts the person as active now. Writes only when the stored time is at least `minStepMs` old, so a busy person
   * costs one small UPDATE every half minute at most. Returns the stored time (moved or not); undefined when closed.
   */
  async touchSession(db: Executor, sessionId: string, now: Date, minStepMs: number): Promise<Date | undefined> {
    const [moved] = await db
      .update(userSessions)
      .set({ lastActiveAt: now })
      .where(
        and(
          eq(userSessions.identifier, sessionId),
          isNull(userSessions.revokedAt),
          lt(userSessions.lastActiveAt, new Date(now.getTime() - minStepMs)),
        ),
      )
      .returning({ lastActiveAt: userSessions.lastActiveAt });
    if (moved) return moved.lastActiveAt;
    const [kept] = await db
      .select({ lastActiveAt: userSessions.lastActiveAt })
      .from(userSessions)
      .where(and(eq(userSessions.identifier, sessionId), isNull(userSessions.revokedAt)))
      .limit(1);
    return kept?.lastActiveAt;
  },
  async insertRefresh(db: Executor, v: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
    await db.insert(refreshTokens).values(v);
  },
  async findRefresh(db: Executor, tokenHash: string) {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    return row;
  },
  /** Marks a token used, only if nobody used it first: two racing refreshes cannot both rotate it. */
  async rotateRefresh(db: Executor, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.identifier, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.identifier });
    return rows.length === 1;
  },
  /** Ends a session: its refresh tokens and (through the session row) its access tokens. */
  async revokeFamily(db: Executor, familyId: string, now: Date) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    await db
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.identifier, familyId), isNull(userSessions.revokedAt)));
  },
  /** Ends every session of the user, except the family `keepFamily` (the device that asked) when given. */
  async revokeAllForUser(db: Executor, userId: string, now: Date, keepFamily?: string) {
    const open = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(keepFamily ? and(open, ne(refreshTokens.familyId, keepFamily)) : open);
    const openSessions = and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt));
    await db
      .update(userSessions)
      .set({ revokedAt: now })
      .where(keepFamily ? and(openSessions, ne(userSessions.identifier, keepFamily)) : openSessions);
  },

  async insertAction(db: Executor, v: { userId: string; purpose: Purpose; tokenHash: string; expiresAt: Date }) {
    await db.insert(actionTokens).values(v);
  },
  /** Uses a link atomically: valid, unexpired and unused, or nothing happens. */
  async consumeAction(db: Executor, tokenHash: string, purpose: Purpose, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(actionTokens)
      .set({ consumedAt: now })
      .where(
        and(
          eq(actionTokens.tokenHash, tokenHash),
          eq(actionTokens.purpose, purpose),
          isNull(actionTokens.consumedAt),
          gt(actionTokens.expiresAt, now),
        ),
      )
      .returning({ userId: actionTokens.userId });
    return row?.userId;
  },
  async discardActions(db: Executor, userId: string, purpose: Purpose, now: Date) {
    await db
      .update(actionTokens)
      .set({ consumedAt: now })
      .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), isNull(actionTokens.consumedAt)));
  },

  async insertEmailCode(db: Executor, v: { userId: string; newEmail: string; codeHash: string; expiresAt: Date }) {
    await db.insert(emailChangeCodes).values(v);
  },
  async discardEmailCodes(db: Executor, userId: string, now: Date) {
    await db
      .update(emailChangeCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailChangeCodes.userId, userId), isNull(emailChangeCodes.consumedAt)));
  },
  async latestOpenEmailCode(db: Executor, userId: string, now: Date) {
    const [row] = await db
      .select()
      .from(emailChangeCodes)
      .where(
        and(
          eq(emailChangeCodes.userId, userId),
          isNull(emailChangeCodes.consumedAt),
          gt(emailChangeCodes.expiresAt, now),
          lt(emailChangeCodes.attempts, 5),
        ),
      )
      .orderBy(desc(emailChangeCodes.createdAt))
      .limit(1);
    return row;
  },
  /** Counts a wrong try; the row-level update makes concurrent wrong tries count one by one. */
  async addEmailCodeAttempt(db: Executor, id: string) {
    await db
      .update(emailChangeCodes)
      .set({ attempts: sql`${emailChangeCodes.attempts} + 1` })
      .where(and(eq(emailChangeCodes.identifier, id), lt(emailChangeCodes.attempts, 5)));
  },
  async consumeEmailCode(db: Executor, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(emailChangeCodes)
      .set({ consumedAt: now })
      .where(
        and(eq(emailChangeCodes.identifier, id), isNull(emailChangeCodes.consumedAt), lt(emailChangeCodes.attempts, 5)),
      )
      .returning({ id: emailChangeCodes.identifier });
    return rows.length === 1;
  },

  async countAttempts(db: Executor, key: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)));
    return row?.n ?? 0;
  },
  /** The time of the `nth` (0-based) oldest attempt of a key within the window: when it leaves, one place frees up. */
  async nthAttemptSince(db: Executor, key: string, since: Date, nth: number): Promise<Date | undefined> {
    const [row] = await db
      .select({ at: authAttempts.createdAt })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)))
      .orderBy(asc(authAttempts.createdAt))
      .offset(Math.max(0, nth))
      .limit(1);
    return row?.at;
  },
  async addAttempt(db: Executor, key: string, now: Date, windowStart: Date): Promise<string> {
    const [row] = await db
      .insert(authAttempts)
      .values({ key, createdAt: now })
      .returning({ id: authAttempts.identifier });
    await db.delete(authAttempts).where(and(eq(authAttempts.key, key), lt(authAttempts.createdAt, windowStart)));
    return row!.id;
  },
  async removeAttempt(db: Executor, id: string) {
    await db.delete(authAttempts).where(eq(authAttempts.identifier, id));
  },
  async clearAttempts(db: Executor, key: string) {
    await db.delete(authAttempts).where(eq(authAttempts.key, key));
  },
  /** Removes attempts older than `before` (of keys nobody tried again, which the per-key clean-up never reaches). */
  async pruneAttempts(db: Executor, before: Date): Promise<number> {
    const gone = await db
      .delete(authAttempts)
      .where(lt(authAttempts.createdAt, before))
      .returning({ id: authAttempts.identifier });
    return gone.length;
  },
};
