export { isDatabaseUnavailable } from '../db/unavailable.ts';

/** Is it a database error of this SQLSTATE (directly or wrapped by Drizzle), optionally on this constraint? */
export function isPgError(err: unknown, code: string, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code && (!constraint || e.constraint === constraint)) return true;
  }
  return false;
}

/** How soon a client may try again when the database was out of reach (the `Retry-After` of its 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
