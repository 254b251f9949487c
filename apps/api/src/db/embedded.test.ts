import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killHard, spawnChild } from '../../test/children/spawn.ts';
import { freePort } from '../server.ts';
import { startEmbeddedPostgres, unixSocketDir, type EmbeddedDatabase } from './embedded.ts';

/**
 * Restarts after a crash (issue 13): the embedded PostgreSQL starts again on a data folder whose previous server was
 * killed, or whose app was killed and left its server running; a start that fails says what PostgreSQL said.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-embedded-test-'));
let running: EmbeddedDatabase | undefined;
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

const query = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
};
// Safe defaults (no `throwaway`): a kill -9 must lose no committed row, as in production.
const postmasterPid = () => Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('embedded PostgreSQL after a crash', () => {
  it('starts again at once after its server was killed with kill -9, and after its app was (the orphaned server is stopped first)', async () => {
    const port = await freePort();
    running = await startEmbeddedPostgres(dir, port, {});
    await query(running.url('postgres'), 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    // Reached through the Unix socket in its data folder (a TCP client would have an address).
    expect(await query(running.url('postgres'), 'SELECT inet_client_addr() AS address')).toEqual([{ address: null }]);
    expect(fs.existsSync(path.join(dir, `.s.PGSQL.${port}`))).toBe(true);
    // The server itself killed (as a crash of the machine's processes would): restarted straight away.
    process.kill(postmasterPid(), 'SIGKILL');
    running = await startEmbeddedPostgres(dir, port, {});
    expect(await query(running.url('postgres'), 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await running.stop();
    running = undefined;

    // Only the app killed: its server lives on, holding the folder; the next start stops it and starts its own.
    const { child } = await spawnChild('embedded-pg.ts', [dir, String(port)]);
    const orphan = postmasterPid();
    await killHard(child);
    expect(() => process.kill(orphan, 0)).not.toThrow();
    running = await startEmbeddedPostgres(dir, port, {});
    expect(postmasterPid()).not.toBe(orphan);
    expect(await query(running.url('postgres'), 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await running.stop();
    running = undefined;
  }, 90_000);

  it('a start that fails says what PostgreSQL said', async () => {
    fs.appendFileSync(path.join(dir, 'postgresql.auto.conf'), "\nshared_buffers = 'plenty'\n");
    try {
      await expect(startEmbeddedPostgres(dir, await freePort(), {})).rejects.toThrow(
        /PostgreSQL said:[\s\S]*shared_buffers/,
      );
    } finally {
      fs.writeFileSync(path.join(dir, 'postgresql.auto.conf'), '');
    }
  }, 60_000);
});

describe('the socket folder of the embedded PostgreSQL', () => {
  it('is the data folder, unless the socket path would be too long or need quoting, where TCP is used', () => {
    expect(unixSocketDir('/var/tmp/therapy-data/pg', 5432)).toBe('/var/tmp/therapy-data/pg');
    expect(unixSocketDir(`/var/tmp/${'x'.repeat(80)}`, 5432)).toBe(`/var/tmp/${'x'.repeat(80)}`);
    expect(unixSocketDir(`/var/tmp/${'x'.repeat(85)}`, 5432)).toBeUndefined();
    expect(unixSocketDir('/var/tmp/my data/pg', 5432)).toBeUndefined();
    expect(unixSocketDir('/var/tmp/a,b/pg', 5432)).toBeUndefined();
  });
});
