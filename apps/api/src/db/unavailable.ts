/**
 * SQLSTATEs of a lost or refused connection: connection exceptions (class 08), the server shutting down or restarting
 * (57P01 admin, 57P02 crash, 57P03 cannot connect now), too many connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** Socket errors of a server that is not there (a Unix socket's file is gone while PostgreSQL restarts: ENOENT). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT',
]);
/**
 * node-postgres and pg-pool report a connection that ends, or a pool that cannot connect in time, with these messages
 * and no code; db/client.test.ts and test/resilience.test.ts meets each of them through a real fault, so a changed wording fails there.
 */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Is it the database being unreachable (a dropped connection, a restart, a refused connect), not a fault of the query? */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as
      { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    e && typeof e === 'object';
    e = e.cause as typeof e
  ) {
    if (
      typeof e.code === 'string' &&
      (UNAVAILABLE_STATES.test(e.code) ||
        (SOCKET_CODES.has(e.code) && (e.code !== 'ENOENT' || e.syscall === 'connect')))
    )
      return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.includes(e.message)) return true;
    // A connect to a name with several addresses fails with one error per address.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
