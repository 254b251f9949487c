import type { AuthSession } from '@therapy/contracts/auth';
import { REFRESH_TOKEN_TTL_DAYS } from '@therapy/contracts/constants';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { hashToken, randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tokenRepository } from './token.repository.ts';
import { toUserInfo } from './user.mapper.ts';
import { userRepository, type UserRow } from './user.repository.ts';

export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
}

/** Access JWT + rotating refresh token with reuse detection (RFC 9700). */
export function createSessionService({ db, clock, tokens }: AppDeps) {
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
    async start(user: UserRow): Promise<IssuedSession> {
      const sessionId = newId();
      const refreshToken = await db.transaction(async (tx) => {
        await tokenRepository.insertSession(tx, { identifier: sessionId, userId: user.identifier });
        return issueRefresh(user.identifier, sessionId, tx);
      });
      return sessionFor(user, sessionId, refreshToken);
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw AppError.unauthorized();
      const now = clock.now();
      const row = await tokenRepository.findRefresh(db, hashToken(refreshToken));
      if (!row || row.revokedAt || row.expiresAt <= now) throw AppError.unauthorized();
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
        await tokenRepository.revokeFamily(db, row.familyId, now);
        throw AppError.unauthorized();
      }
      return sessionFor(rotated.user, row.familyId, rotated.next);
    },

    /** The signed-in user's live row for an access token's session (the auth plugin's loader), or nothing. */
    async liveUser(userId: string, sessionId: string): Promise<UserRow | undefined> {
      return userRepository.findLiveBySession(db, userId, sessionId);
    },

    async end(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const row = await tokenRepository.findRefresh(db, hashToken(refreshToken));
      if (row) await tokenRepository.revokeFamily(db, row.familyId, clock.now());
    },

    async endAll(userId: string): Promise<void> {
      await tokenRepository.revokeAllForUser(db, userId, clock.now());
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
