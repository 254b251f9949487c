export { isDatabaseUnavailable } from '../db/unavailable.ts';

/** Is it a database error of this SQLSTATE (directly or wrapped by Drizzle), optionally on this constraint? */
export function isPgError(err: unknown, code: string, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code && (!constraint || e.constraint === constraint)) return true;
  }
  return false;
}

/** The database's refusals that mean something to the domain, by their SQLSTATE. */
const SQLSTATE = { unique: '23505', exclusion: '23P01', foreignKey: '23503' } as const;
export type Refusal = keyof typeof SQLSTATE;

/** Did PostgreSQL refuse a write for `reason` (by `constraint`, when one is named)? */
export const isRefusal = (err: unknown, reason: Refusal, constraint?: string): boolean =>
  isPgError(err, SQLSTATE[reason], constraint);

/**
 * Runs a write and, when PostgreSQL refuses it for `reason` (by `constraint`, when one is named), throws the domain's
 * error instead; anything else is thrown as it came. Repositories wrap their writes with it, so a service meets a
 * domain error ("that time is taken") and never a SQLSTATE.
 */
export async function refusedAs<T>(
  write: PromiseLike<T>,
  reason: Refusal,
  error: () => Error,
  constraint?: string,
): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isRefusal(err, reason, constraint)) throw error();
    throw err;
  }
}

/** How soon a client may try again when the database was out of reach (the `Retry-After` of its 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
