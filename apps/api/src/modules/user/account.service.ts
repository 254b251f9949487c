import type { z } from 'zod';
import type { DeleteAccountPreview, UserInfo, updatePasswordInput } from '@therapy/contracts/auth';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MINUTES } from '@therapy/contracts/constants';
import type { UserPreferencesInput } from '@therapy/contracts/user';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, type Actor } from '../../platform/auth/access.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { randomCode, safeEqual } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { accountErasureRepository } from './account-erasure.repository.ts';
import { attemptRules, createAttemptLimiter } from './attempt-limiter.ts';
import { assertPasswordNotCommon, type RequestContext } from './auth.service.ts';
import { countryRepository } from './country.repository.ts';
import { tokenRepository } from './token.repository.ts';
import { createUserMail } from './user-mail.ts';
import { toUserInfo } from './user.mapper.ts';
import { userRepository, type UserRow } from './user.repository.ts';
import crypto from 'node:crypto';

/** The signed-in user as the auth check found them: their token's claims, their live row, the token's session. */
export interface SignedIn {
  actor: Actor;
  user: UserRow;
  sessionId: string;
}

/** What deleting an account asks of the wallet module (its public face provides it). */
export interface AccountWallet {
  holdingsOf(userId: string): Promise<Array<{ amount: number; currencyCode: string }>>;
  closeAccountsOf(userId: string, tx: Executor): Promise<unknown>;
}

/**
 * Upcoming sessions of a user (the bookings module's face offers it; a query that needs no module instance, so app.ts
 * hands it over when it creates this module): deletion waits until there are none.
 */
export type UpcomingSessionsSource = (ex: Executor, userId: string, now: Date) => Promise<number>;

/** What a signed-in user does with their own account: read it, change password, email, preferences, delete it. */
export function createAccountService(deps: AppDeps, wallet: AccountWallet, upcomingSessions: UpcomingSessionsSource) {
  const { db, clock, config } = deps;
  const userMail = createUserMail(deps);
  const limiter = createAttemptLimiter(db, clock);
  // Codes are short, so they are keyed-hashed: a leaked table alone does not reveal them.
  const hashCode = (code: string) =>
    crypto.createHmac('sha256', config.jwtSecret).update(code.toUpperCase()).digest('hex');

  /**
   * Access first: the signed-in user's own live account. The auth check loaded it with the session (a deleted
   * account or an ended session never gets here), so it is not read a second time.
   */
  const accountOf = (me: SignedIn): UserRow => requireLiveAccount(me.actor, me.user);

  return {
    async info(me: SignedIn): Promise<UserInfo> {
      return toUserInfo(accountOf(me));
    },

    /** Other devices are signed out: whoever knew the old password loses access; this device keeps its session. */
    async updatePassword(me: SignedIn, input: z.infer<typeof updatePasswordInput>): Promise<void> {
      const user = accountOf(me);
      if (!user.passwordHash) throw AppError.rule('socialNoPassword');
      const key = `password:${user.identifier}`;
      await limiter.check(key, attemptRules.codePerUser);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        await limiter.fail(key, attemptRules.codePerUser);
        throw AppError.rule('oldPasswordWrong');
      }
      assertPasswordNotCommon(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      // The session of the token that asked is this device's: it stays, every other one ends (access tokens too).
      const keepFamily = me.sessionId;
      await deps.events.transaction(async (tx) => {
        await userRepository.update(tx, user.identifier, { passwordHash });
        await tokenRepository.revokeAllForUser(tx, user.identifier, clock.now(), keepFamily);
        await tokenRepository.discardActions(tx, user.identifier, 'reset_password', clock.now());
        // The other sessions' live sockets close on every instance once this commits.
        await deps.events.publish(tx, 'session.ended', {
          userId: user.identifier,
          sessionId: null,
          keepSessionId: keepFamily,
        });
      });
    },

    /**
     * Answers alike whether or not the new address has an account (issue 45, as sign-up does: decision 0010): a free
     * address gets the code, a taken one a mail to its owner instead, and neither account changes. Limited per user,
     * so addresses cannot be probed one after another.
     */
    async requestEmailChange(me: SignedIn, newEmail: string, _ctx: RequestContext): Promise<void> {
      const user = accountOf(me);
      // Every request counts, reserved before it runs: parallel requests cannot all slip past the limit.
      await limiter.reserve(`email-change:${user.identifier}`, attemptRules.emailChangePerUser);
      if (user.email.toLowerCase() === newEmail) throw AppError.rule('emailSameAsCurrent');
      const key = `mail:${newEmail}`;
      await limiter.check(key, attemptRules.mailPerAddress);
      await limiter.fail(key, attemptRules.mailPerAddress);
      const owner = await userRepository.findLiveByEmail(db, newEmail);
      await db.transaction(async (tx) => {
        // A newer request replaces the older code in both cases, so a code that still works tells nothing either.
        await tokenRepository.discardEmailCodes(tx, user.identifier, clock.now());
        if (owner) {
          await userMail(tx, owner, owner.email, 'emailChangeAttempt', { loginLink: `${config.appOrigin}/login` });
          return;
        }
        const code = randomCode(EMAIL_CODE_LENGTH);
        await tokenRepository.insertEmailCode(tx, {
          userId: user.identifier,
          newEmail,
          codeHash: hashCode(code),
          expiresAt: new Date(clock.now().getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
        });
        await userMail(tx, user, newEmail, 'emailChangeCode', { code });
      });
    },

    /** A wrong or expired code changes nothing but the try count; the fifth wrong try ends the code. */
    async confirmEmailChange(me: SignedIn, code: string, _ctx: RequestContext): Promise<UserInfo> {
      const user = accountOf(me);
      const key = `code:${user.identifier}`;
      await limiter.check(key, attemptRules.codePerUser);
      const pending = await tokenRepository.latestOpenEmailCode(db, user.identifier, clock.now());
      if (!pending || !safeEqual(pending.codeHash, hashCode(code))) {
        if (pending) await tokenRepository.addEmailCodeAttempt(db, pending.identifier);
        await limiter.fail(key, attemptRules.codePerUser);
        throw new AppError(400, 'INVALID_CODE', 'codeInvalid', ['codeInvalid']);
      }
      const oldEmail = user.email;
      const updated = await db.transaction(async (tx) => {
        if (!(await tokenRepository.consumeEmailCode(tx, pending.identifier, clock.now()))) {
          throw new AppError(400, 'INVALID_CODE', 'codeInvalid', ['codeInvalid']);
        }
        // Links sent to the old address must not act on the account any more.
        await tokenRepository.discardActions(tx, user.identifier, 'reset_password', clock.now());
        await tokenRepository.discardActions(tx, user.identifier, 'verify_email', clock.now());
        const row = await userRepository.update(tx, user.identifier, {
          email: pending.newEmail,
          emailVerifiedAt: clock.now(),
        });
        // The old address hears of it, with the change (an account that ended meanwhile rolls both back below).
        if (row)
          await userMail(tx, user, oldEmail, 'emailChanged', {
            newEmail: pending.newEmail,
            supportEmail: config.supportEmail,
          });
        return row;
      });
      const changed = requireLiveAccount(me.actor, updated); // the account ended meanwhile: 401
      await limiter.clear(key);
      return toUserInfo(changed);
    },

    /**
     * Deleted means deleted (decision 0013): personal rows go or are anonymised in one transaction; the files' bytes go
     * after it commits. Ledger and payment records stay, pointing at the anonymised user.
     */
    async deletePreview(me: SignedIn): Promise<DeleteAccountPreview> {
      const user = accountOf(me);
      return {
        balances: await wallet.holdingsOf(user.identifier),
        upcomingSessions: await upcomingSessions(db, user.identifier, clock.now()),
      };
    },

    async deleteAccount(me: SignedIn, password: string | undefined, log?: RequestContext['log']): Promise<void> {
      const user = accountOf(me);
      if (!user.isSocial) {
        const key = `password:${user.identifier}`;
        await limiter.check(key, attemptRules.codePerUser);
        if (!password) throw AppError.rule('passwordRequired');
        if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
          await limiter.fail(key, attemptRules.codePerUser);
          throw AppError.rule('oldPasswordWrong');
        }
      }
      const fileIds = await deps.events.transaction(async (tx) => {
        const now = clock.now();
        // Sessions someone relies on are cancelled first, by the user, under the refund policy (decision 0016).
        if ((await upcomingSessions(tx, user.identifier, now)) > 0)
          throw AppError.conflict('CONFLICT', 'accountHasUpcomingSessions');
        // Decision 0016: money the account holds is never lost; it becomes a debt to the former user in the books.
        await wallet.closeAccountsOf(user.identifier, tx);
        // Every module erases its own rows of the person here, in this transaction (platform/account-erasure.ts).
        await deps.events.publish(tx, 'account.erasing', { userId: user.identifier, at: now.toISOString() });
        const owned = await accountErasureRepository.erase(tx, user.identifier, now);
        await userRepository.anonymise(tx, user.identifier, clock.now());
        // Anonymising ended every session: their live sockets close on every instance once this commits.
        await deps.events.publish(tx, 'session.ended', {
          userId: user.identifier,
          sessionId: null,
          keepSessionId: null,
        });
        return owned;
      });
      const left = await deps.files.purge(fileIds);
      // The rows stay marked deleted (their URLs already answer 404); the orphan clean-up removes them later.
      if (left.length > 0)
        log?.error({ fileIds: left }, 'files of a deleted account could not be removed from storage yet');
    },

    async updatePreferences(me: SignedIn, input: UserPreferencesInput): Promise<UserInfo> {
      const user = accountOf(me);
      if (input.countryCode && !(await countryRepository.exists(db, input.countryCode))) {
        throw AppError.rule('countryRequired');
      }
      const changes = {
        ...(input.locale ? { locale: input.locale } : {}),
        ...(input.countryCode ? { countryCode: input.countryCode } : {}),
      };
      if (Object.keys(changes).length === 0) return toUserInfo(user);
      const updated = await userRepository.update(db, user.identifier, changes);
      return toUserInfo(updated ?? user);
    },

    async timezone(me: SignedIn): Promise<string | null> {
      return accountOf(me).timezone;
    },

    async setTimezone(me: SignedIn, timezone: string): Promise<string> {
      const user = accountOf(me);
      await userRepository.update(db, user.identifier, { timezone });
      return timezone;
    },
  };
}
