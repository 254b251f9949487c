import type { z } from 'zod';
import type { loginInput, passwordResetInput, registerInput } from '@therapy/contracts/auth';
import { RESET_TOKEN_TTL_MINUTES, VERIFY_TOKEN_TTL_HOURS } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { hashToken, randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { attemptRules, createAttemptLimiter } from './attempt-limiter.ts';
import { createSessionService, type IssuedSession } from './session.service.ts';
import { tokenRepository } from './token.repository.ts';
import { createUserMail } from './user-mail.ts';
import { userRepository, type UserRow } from './user.repository.ts';
import { countryRepository } from './country.repository.ts';
import { storedPhone } from '../../platform/phone.ts';

export interface RequestContext {
  ip: string;
  /** The browser's user-agent header (a session records it for the user's list of devices). */
  userAgent: string | undefined;
  locale: Locale;
  log: { error: (o: object, m: string) => void };
}

export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) throw AppError.rule('passwordCommon');
}

/**
 * What another module adds to a sign-up, inside its transaction (e.g. the client profile with its username): the
 * account and those rows commit together or not at all. Registered through the user module's `onSignUp`.
 */
export type SignUpStep = (tx: Executor, user: UserRow, input: { firstName: string; lastName: string }) => Promise<void>;

/** Sign-up, sign-in, email verification and password reset. */
export function createAuthService(deps: AppDeps, signUpSteps: readonly SignUpStep[] = []) {
  const { db, clock, config } = deps;
  const sessions = createSessionService(deps);
  const limiter = createAttemptLimiter(db, clock);
  const hoursFromNow = (h: number) => new Date(clock.now().getTime() + h * 3_600_000);

  const userMail = createUserMail(deps);

  /**
   * A new verification link (earlier ones stop working) and its mail, on `tx`. `redirect` (a same-site path, checked
   * by the contract) rides in the link, so the page the link opens can send the person back where they signed up from.
   */
  const sendVerification = async (tx: Executor, user: UserRow, redirect?: string) => {
    const token = randomToken();
    await tokenRepository.discardActions(tx, user.identifier, 'verify_email', clock.now());
    await tokenRepository.insertAction(tx, {
      userId: user.identifier,
      purpose: 'verify_email',
      tokenHash: hashToken(token),
      expiresAt: hoursFromNow(VERIFY_TOKEN_TTL_HOURS),
    });
    const back = redirect ? `&redirect=${encodeURIComponent(redirect)}` : '';
    await userMail(tx, user, user.email, 'verifyEmail', {
      link: `${config.appOrigin}/verify-email?token=${token}${back}`,
    });
  };

  return {
    /**
     * Answers alike whether or not the address has an account (no enumeration, decision 0010): a new address gets an
     * account and a verification mail, a taken one a mail to its owner. Neither starts a session.
     */
    async register(input: z.infer<typeof registerInput>, ctx: RequestContext): Promise<void> {
      await limiter.reserveAll([
        [`register-email:${input.email}`, attemptRules.registerPerEmail],
        [`register:${ctx.ip}`, attemptRules.registerPerIp],
      ]);
      assertPasswordNotCommon(input.password);
      const countryCode =
        input.userType === 'client' ? await countryRepository.codeById(db, input.countryIdentifier) : null;
      if (input.userType === 'client' && !countryCode) throw AppError.rule('countryRequired');
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const row = await userRepository.insert(tx, {
            email: input.email,
            passwordHash,
            userType: input.userType,
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: storedPhone(input.phoneNumber ?? null, countryCode),
            countryCode,
            locale: ctx.locale,
          });
          for (const step of signUpSteps) await step(tx, row, input);
          // The account and its verification mail commit together.
          await sendVerification(tx, row, input.redirect);
        });
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'EMAIL_TAKEN')) throw err;
        const owner = await userRepository.findLiveByEmail(db, input.email);
        if (owner) {
          // No other change goes with this mail: it is queued on its own.
          await userMail(db, owner, owner.email, 'signUpAttempt', {
            loginLink: `${config.appOrigin}/login${input.redirect ? `?redirect=${encodeURIComponent(input.redirect)}` : ''}`,
            resetLink: `${config.appOrigin}/forgot-password`,
          });
        }
      }
    },

    /** Unknown email and wrong password answer alike, in status, body and time. */
    async login(input: z.infer<typeof loginInput>, ctx: RequestContext): Promise<IssuedSession> {
      const accountKey = `login:${ctx.ip}:${input.email}`;
      // Reserved up front (a wrong password leaves them as failures): parallel guesses cannot all slip past the limit.
      const reservations = await limiter.reserveAll([
        [accountKey, attemptRules.loginPerAccount],
        [`login-ip:${ctx.ip}`, attemptRules.loginPerIp],
      ]);
      // The account's own lock (guesses from many IPs) holds only the addresses that failed for this account lately:
      // strangers cannot lock its owner out, who signs in from an address without failures (decision 0048). Such an
      // attempt still counts, and its failure puts that address under the lock: a new address is one guess, not ten.
      try {
        const emailKey = `login-email:${input.email}`;
        const fresh = (await limiter.count(accountKey, attemptRules.loginPerAccount)) === 1;
        reservations.push(
          fresh
            ? await limiter.record(emailKey, attemptRules.loginPerEmail)
            : await limiter.reserve(emailKey, attemptRules.loginPerEmail),
        );
      } catch (err) {
        for (const r of reservations) await limiter.release(r);
        throw err;
      }
      const user = await userRepository.findLiveByEmail(db, input.email);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', 'invalidCredentials');
      await limiter.clear(accountKey);
      for (const r of reservations) await limiter.release(r);
      return sessions.start(user, { ip: ctx.ip, userAgent: ctx.userAgent });
    },

    async verifyEmail(token: string, ctx: RequestContext): Promise<void> {
      const ipKey = `token:${ctx.ip}`;
      await limiter.check(ipKey, attemptRules.tokenPerIp);
      const userId = await tokenRepository.consumeAction(db, hashToken(token), 'verify_email', clock.now());
      if (!userId) {
        await limiter.fail(ipKey, attemptRules.tokenPerIp);
        throw new AppError(400, 'INVALID_TOKEN', 'tokenInvalid');
      }
      await userRepository.update(db, userId, { emailVerifiedAt: clock.now() });
    },

    /** Always answers the same, whether or not the address has an account (no probing). */
    async requestVerification(email: string, _ctx: RequestContext, redirect?: string): Promise<void> {
      const key = `mail:${email}`;
      await limiter.check(key, attemptRules.mailPerAddress);
      await limiter.fail(key, attemptRules.mailPerAddress);
      const user = await userRepository.findLiveByEmail(db, email);
      if (user && !user.emailVerifiedAt) await db.transaction((tx) => sendVerification(tx, user, redirect));
    },

    async requestPasswordReset(email: string, _ctx: RequestContext): Promise<void> {
      const key = `mail:${email}`;
      await limiter.check(key, attemptRules.mailPerAddress);
      await limiter.fail(key, attemptRules.mailPerAddress);
      const user = await userRepository.findLiveByEmail(db, email);
      if (!user) return;
      const token = randomToken();
      await db.transaction(async (tx) => {
        await tokenRepository.discardActions(tx, user.identifier, 'reset_password', clock.now());
        await tokenRepository.insertAction(tx, {
          userId: user.identifier,
          purpose: 'reset_password',
          tokenHash: hashToken(token),
          expiresAt: hoursFromNow(RESET_TOKEN_TTL_MINUTES / 60),
        });
        await userMail(tx, user, user.email, 'resetPassword', {
          link: `${config.appOrigin}/reset-password?token=${token}`,
        });
      });
    },

    /** A reset signs out every session: whoever knew the old password loses access. */
    async resetPassword(input: z.infer<typeof passwordResetInput>, ctx: RequestContext): Promise<void> {
      const ipKey = `token:${ctx.ip}`;
      await limiter.check(ipKey, attemptRules.tokenPerIp);
      assertPasswordNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      await deps.events
        .transaction(async (tx) => {
          const userId = await tokenRepository.consumeAction(tx, hashToken(input.token), 'reset_password', clock.now());
          if (!userId) throw new AppError(400, 'INVALID_TOKEN', 'tokenInvalid');
          // Following the link proves the mailbox is theirs, so the address counts as verified too.
          const user = await userRepository.findLiveById(tx, userId);
          await userRepository.update(tx, userId, {
            passwordHash,
            emailVerifiedAt: user?.emailVerifiedAt ?? clock.now(),
          });
          await tokenRepository.revokeAllForUser(tx, userId, clock.now());
          // Every live socket of the user closes on every instance once this commits.
          await deps.events.publish(tx, 'session.ended', { userId, sessionId: null, keepSessionId: null });
        })
        .catch(async (err: unknown) => {
          if (err instanceof AppError && err.code === 'INVALID_TOKEN')
            await limiter.fail(ipKey, attemptRules.tokenPerIp);
          throw err;
        });
    },
  };
}
