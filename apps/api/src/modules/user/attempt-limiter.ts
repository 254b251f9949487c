import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenRepository } from './token.repository.ts';

export interface AttemptRule {
  max: number;
  windowMinutes: number;
}

/** Sign-in, sign-up, reset and code limits (429 after repeated failures within a sliding window). */
export const attemptRules = {
  loginPerAccount: { max: 10, windowMinutes: 15 },
  // The account's lock, from any addresses; it holds only addresses that failed for the account lately (decision 0048).
  loginPerEmail: { max: 30, windowMinutes: 15 },
  loginPerIp: { max: 100, windowMinutes: 15 },
  // Every sign-up attempt counts (a taken address answers like a new one, so failures cannot be told apart). Per
  // address it also caps the mails to an existing account's owner; per IP it is high, for people behind one proxy.
  registerPerEmail: { max: 5, windowMinutes: 15 },
  registerPerIp: { max: 60, windowMinutes: 15 },
  mailPerAddress: { max: 5, windowMinutes: 15 },
  codePerUser: { max: 10, windowMinutes: 15 },
  // Every email-change request of a user counts: a taken address answers like a free one, and this stops probing.
  emailChangePerUser: { max: 5, windowMinutes: 60 },
  tokenPerIp: { max: 20, windowMinutes: 15 },
} satisfies Record<string, AttemptRule>;

export function createAttemptLimiter(db: Executor, clock: Clock) {
  const windowStart = (rule: AttemptRule) => new Date(clock.now().getTime() - rule.windowMinutes * 60_000);
  /**
   * 429 with the seconds until the key is under its limit again: when the oldest attempts that put it over leave the
   * window (with `counted` attempts in the window, the (counted - max + 1)th oldest).
   */
  const refuse = async (key: string, rule: AttemptRule, counted: number): Promise<never> => {
    const since = windowStart(rule);
    const at = await tokenRepository.nthAttemptSince(db, key, since, counted - rule.max);
    const seconds = at ? (at.getTime() - since.getTime()) / 1000 : rule.windowMinutes * 60;
    throw AppError.tooManyRequests(seconds);
  };
  return {
    /** Throws 429 when the key already used up its window. */
    async check(key: string, rule: AttemptRule): Promise<void> {
      const counted = await tokenRepository.countAttempts(db, key, windowStart(rule));
      if (counted >= rule.max) await refuse(key, rule, counted);
    },
    /** Attempts of the key within its window (reservations included). */
    async count(key: string, rule: AttemptRule): Promise<number> {
      return tokenRepository.countAttempts(db, key, windowStart(rule));
    },
    /** Counts this attempt without holding it to the limit; returns the reservation to `release` on success. */
    async record(key: string, rule: AttemptRule): Promise<string> {
      return tokenRepository.addAttempt(db, key, clock.now(), windowStart(rule));
    },
    async fail(key: string, rule: AttemptRule): Promise<void> {
      await tokenRepository.addAttempt(db, key, clock.now(), windowStart(rule));
    },
    /**
     * Counts this attempt before it runs, so concurrent attempts cannot all pass a check made before any of them
     * failed. Over the limit: 429, and the reservation is withdrawn. Returns the reservation to `release` on success.
     */
    async reserve(key: string, rule: AttemptRule): Promise<string> {
      const id = await tokenRepository.addAttempt(db, key, clock.now(), windowStart(rule));
      const counted = await tokenRepository.countAttempts(db, key, windowStart(rule));
      if (counted > rule.max) {
        await tokenRepository.removeAttempt(db, id);
        await refuse(key, rule, counted - 1);
      }
      return id;
    },
    /** Reserves under every key, or under none: a refusal withdraws the reservations already made. */
    async reserveAll(keys: Array<[string, AttemptRule]>): Promise<string[]> {
      const made: string[] = [];
      try {
        for (const [key, rule] of keys) made.push(await this.reserve(key, rule));
        return made;
      } catch (err) {
        for (const id of made) await tokenRepository.removeAttempt(db, id);
        throw err;
      }
    },
    async release(reservation: string): Promise<void> {
      await tokenRepository.removeAttempt(db, reservation);
    },
    async clear(key: string): Promise<void> {
      await tokenRepository.clearAttempts(db, key);
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
