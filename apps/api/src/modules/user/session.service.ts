import type { AuthSession } from '@therapy/contracts/auth';
import type { Locale } from '@therapy/contracts/messages';
import type { SignedInSession } from '@therapy/contracts/sessions';
import { REFRESH_TOKEN_TTL_DAYS } from '@therapy/contracts/constants';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import { requireAccessTo, type Actor } from '../../platform/auth/access.ts';
import { hashToken, randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { deviceName, USER_AGENT_MAX } from './device-name.ts';
import { tokenRepository } from './token.repository.ts';
import { toUserInfo } from './user.mapper.ts';
import { userRepository, type UserRow } from './user.repository.ts';

export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
}

/** Where a session starts: the request's address and browser (the user's list of devices shows them). */
export interface SessionOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** A stored activity moves only when it is at least this much older than now: one small UPDATE per half minute. */
export const ACTIVITY_STEP_MS = 30_000;

/** Access JWT + rotating refresh token with reuse detection (RFC 9700). */
export function createSessionService({ db, clock, tokens, config, events }: AppDeps) {
  /**
   * Ends sessions (`work`) in one transaction with the `session.ended` event, so the live sockets of what ended close
   * on every instance as soon as it commits (issue 45).
   */
  const ending = (ended: DomainEventMap['session.ended'], work: (tx: Executor) => Promise<void>): Promise<void> =>
    events.transaction(async (tx) => {
      await work(tx);
      await events.publish(tx, 'session.ended', ended);
    });
  const endFamily = (userId: string, familyId: string, now: Date) =>
    ending({ userId, sessionId: familyId, keepSessionId: null }, (tx) =>
      tokenRepository.revokeFamily(tx, familyId, now),
    );

  /** Minutes without activity after which a session of this user type ends (operators follow providers). */
  const idleMinutes = (userType: UserRow['userType']): number =>
    userType === 'client' ? config.idleSignOut.clientMinutes : config.idleSignOut.providerMinutes;
  const isIdle = (userType: UserRow['userType'], lastActiveAt: Date, now: Date): boolean =>
    now.getTime() - lastActiveAt.getTime() > idleMinutes(userType) * 60_000;

  const issueRefresh = async (userId: string, familyId: string, executor: Executor = db): Promise<string> => {
    const refreshToken = randomToken();
    const expiresAt = new Date(clock.now().getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await tokenRepository.insertRefresh(executor, { userId, familyId, tokenHash: hashToken(refreshToken), expiresAt });
    return refreshToken;
  };
  const sessionFor = async (user: UserRow, sessionId: string, refreshToken: string): Promise<IssuedSession> => ({
    refreshToken,
    session: {
      accessToken: await tokens.sign({ userId: user.identifier, userType: user.userType, sessionId }, clock.now()),
      expiresIn: tokens.ttlSeconds,
      user: toUserInfo(user),
    },
  });

  return {
    /** Signing in counts as activity: the idle window starts now. */
    async start(user: UserRow, origin: SessionOrigin): Promise<IssuedSession> {
      const sessionId = newId();
      const now = clock.now();
      const userAgent = origin.userAgent ? origin.userAgent.slice(0, USER_AGENT_MAX) : null;
      const refreshToken = await db.transaction(async (tx) => {
        await tokenRepository.insertSession(tx, {
          identifier: sessionId,
          userId: user.identifier,
          ipAddress: origin.ip || null,
          userAgent,
          createdAt: now,
          lastActiveAt: now,
        });
        return issueRefresh(user.identifier, sessionId, tx);
      });
      return sessionFor(user, sessionId, refreshToken);
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw AppError.unauthorized();
      const now = clock.now();
      const row = await tokenRepository.findRefresh(db, hashToken(refreshToken));
      if (!row || row.revokedAt || row.expiresAt <= now) throw AppError.unauthorized();
      // Idle sign-out (HIPAA §164.312(a)(2)(iii)): a refresh is not activity, so a tab left open cannot keep itself in.
      const session = await tokenRepository.findSession(db, row.familyId);
      if (!session || session.revokedAt) throw AppError.unauthorized();
      if (isIdle(session.userType, session.lastActiveAt, now)) {
        await endFamily(row.userId, row.familyId, now);
        throw new AppError(401, 'SESSION_IDLE', 'signedOutIdle', undefined, { minutes: idleMinutes(session.userType) });
      }
      // Rotation and its successor commit together: a racing replay that sees the rotation also sees (and revokes) the successor.
      const rotated = row.rotatedAt
        ? undefined
        : await db.transaction(async (tx) => {
            if (!(await tokenRepository.rotateRefresh(tx, row.identifier, now))) return undefined;
            const user = await userRepository.findLiveById(tx, row.userId);
            if (!user) throw AppError.unauthorized();
            return { user, next: await issueRefresh(user.identifier, row.familyId, tx) };
          });
      // A token presented again after rotation was stolen or replayed: end every session of that family.
      if (!rotated) {
        await endFamily(row.userId, row.familyId, now);
        throw AppError.unauthorized();
      }
      return sessionFor(rotated.user, row.familyId, rotated.next);
    },

    /** The signed-in user's live row for an access token's session (the auth plugin's loader), or nothing. */
    async liveUser(userId: string, sessionId: string): Promise<UserRow | undefined> {
      const found = await userRepository.findLiveBySession(db, userId, sessionId);
      // An access token still in date does not outlive the idle window: the tab left open is signed out too.
      if (!found || isIdle(found.user.userType, found.lastActiveAt, clock.now())) return undefined;
      return found.user;
    },

    /** The person used the app on this session: the idle window starts again (stored at most every 30 s). */
    async recordActivity(sessionId: string): Promise<Date> {
      const at = await tokenRepository.touchSession(db, sessionId, clock.now(), ACTIVITY_STEP_MS);
      if (!at) throw AppError.unauthorized();
      return at;
    },

    /** Where the user is signed in: open sessions with a usable refresh token that are not idle past their window. */
    async list(user: UserRow, currentSessionId: string, locale: Locale): Promise<SignedInSession[]> {
      const now = clock.now();
      const rows = await tokenRepository.listOpenSessions(db, user.identifier, now);
      return rows
        .filter((r) => !isIdle(user.userType, r.lastActiveAt, now))
        .map((r) => ({
          identifier: r.identifier,
          createdAt: r.createdAt.toISOString(),
          lastActiveAt: r.lastActiveAt.toISOString(),
          ipAddress: r.ipAddress,
          device: deviceName(r.userAgent, locale),
          current: r.identifier === currentSessionId,
        }));
    },

    /** Ends one of the user's own sessions; another user's or an unknown id is not found (nothing changes). */
    async endOwn(actor: Actor, sessionId: string): Promise<void> {
      const found = await tokenRepository.findSession(db, sessionId);
      // An ended session is gone already: as missing as another user's.
      const session = requireAccessTo(actor, 'delete', found?.revokedAt ? undefined : found, (row) => ({
        kind: 'owned',
        ownerId: row.userId,
      }));
      await endFamily(session.userId, session.identifier, clock.now());
    },

    /** Ends every session of the user except the one that asks. */
    async endOthers(userId: string, keepSessionId: string): Promise<void> {
      await ending({ userId, sessionId: null, keepSessionId }, (tx) =>
        tokenRepository.revokeAllForUser(tx, userId, clock.now(), keepSessionId),
      );
    },

    async end(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const row = await tokenRepository.findRefresh(db, hashToken(refreshToken));
      if (row) await endFamily(row.userId, row.familyId, clock.now());
    },

    /**
     * Ends the session an access token names: a sign-out that sends only `Authorization: Bearer` (no refresh cookie)
     * ends its session too. A token that is not valid (forged, run out) ends nothing.
     */
    async endByAccessToken(token: string | undefined): Promise<void> {
      if (!token) return;
      const claims = await tokens.verify(token, clock.now());
      if (!claims) return;
      const session = await tokenRepository.findSession(db, claims.sessionId);
      if (!session || session.userId !== claims.userId || session.revokedAt) return;
      await endFamily(session.userId, session.identifier, clock.now());
    },

    async endAll(userId: string): Promise<void> {
      await ending({ userId, sessionId: null, keepSessionId: null }, (tx) =>
        tokenRepository.revokeAllForUser(tx, userId, clock.now()),
      );
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
