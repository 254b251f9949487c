/** Is it a database error of this SQLSTATE (directly or wrapped by Drizzle), optionally on this constraint? */
export function isPgError(err: unknown, code: string, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code && (!constraint || e.constraint === constraint)) return true;
  }
  return false;
}
