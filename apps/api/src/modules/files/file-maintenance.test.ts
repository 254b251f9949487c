import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { createFileService, createFileStorage } from '../../platform/files/file-service.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { newId } from '../../platform/ids.ts';
import { multipart, png } from '../../../test/profile-test-helpers.ts';
import { PURGE_ORPHAN_FILES_QUEUE, purgeOrphanFiles } from './file-maintenance.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** Every column the database knows as a foreign key to `files`, as "table.column". */
const foreignKeysToFiles = async (): Promise<string[]> =>
  (
    await t.db.$client.query<{ name: string }>(
      `SELECT c.conrelid::regclass::text || '.' || a.attname AS name
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND c.confrelid = 'files'::regclass`,
    )
  ).rows
    .map((r) => r.name)
    .sort();
/** The columns the `file_references` view reads, as the database itself reports them. */
const viewedColumns = async (): Promise<string[]> =>
  (
    await t.db.$client.query<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.view_column_usage
        WHERE view_name = 'file_references'`,
    )
  ).rows.map((r) => r.name);
const unlisted = async () => {
  const viewed = await viewedColumns();
  return (await foreignKeysToFiles()).filter((name) => !viewed.includes(name));
};

describe('the view of columns that reference files', () => {
  it('reads every foreign key to files in the database (a new feature must extend the file_references view)', async () => {
    expect(await foreignKeysToFiles()).toContain('client_profiles.photo_file_id');
    expect(await viewedColumns()).toContain('chat_attachments.file_id');
    expect(await unlisted()).toEqual([]);
  });

  it('the check catches a foreign key that the list does not name', async () => {
    await t.db.$client.query('CREATE TABLE test_note_attachments (file_id uuid REFERENCES files (identifier))');
    try {
      expect(await unlisted()).toEqual(['test_note_attachments.file_id']);
    } finally {
      await t.db.$client.query('DROP TABLE test_note_attachments');
    }
  });
});

describe('orphaned upload bytes', () => {
  it('an orphan older than a day goes (row and bytes); a referenced file and a fresh orphan stay; the job is scheduled', async () => {
    const storage = createFileStorage(t.config.storage);
    const files = createFileService({ db: t.db, config: t.config, clock: t.clock });
    const client = await t.signUp('client');
    const now = t.clock.now().getTime();
    const twoDaysAgo = new Date(now - 2 * 86_400_000);
    /** Bytes and a row nobody points at: what a crash between the upload and the profile transaction leaves. */
    const orphan = async (createdAt: Date) => {
      const identifier = newId();
      const key = `profile_picture/${identifier}.webp`;
      await storage.put(key, Buffer.from('not referenced'), 'image/webp');
      await t.db.$client.query(
        `INSERT INTO files (identifier, owner_user_id, purpose, storage_key, content_type, size_bytes, sha256, created_at)
         VALUES ($1, $2, 'profile_picture', $3, 'image/webp', 14, 'x', $4)`,
        [identifier, client.userId, key, createdAt],
      );
      return { identifier, key };
    };
    const old = await orphan(twoDaysAgo);
    const fresh = await orphan(new Date(now - 60_000));
    const body = multipart(await png(256));
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/v1/client/profile-picture',
      headers: { ...client.auth, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { rows } = await t.db.$client.query(
      'UPDATE files f SET created_at = $2 FROM client_profiles p WHERE p.photo_file_id = f.identifier AND p.user_id = $1 RETURNING f.identifier, f.storage_key',
      [client.userId, twoDaysAgo],
    );
    const referenced = { identifier: rows[0].identifier as string, key: rows[0].storage_key as string };

    expect(await purgeOrphanFiles(t.db, t.clock, files)).toBe(1);
    expect(await t.count('files', { identifier: old.identifier })).toBe(0);
    expect(await storage.get(old.key)).toBeNull();
    for (const kept of [fresh, referenced]) {
      expect(await t.count('files', { identifier: kept.identifier })).toBe(1);
      expect(await storage.get(kept.key)).not.toBeNull();
    }
    // The referenced picture is still served.
    expect((await t.request({ method: 'GET', url: uploaded.json().data.photoUrl as string })).statusCode).toBe(200);
    const schedules = await t.db.$client.query('SELECT cron FROM pgboss.schedule WHERE name = $1', [
      PURGE_ORPHAN_FILES_QUEUE,
    ]);
    expect(schedules.rows).toEqual([{ cron: '41 3 * * *' }]);
  });
});

describe('bytes that could not be removed at the time', () => {
  it('stay marked deleted (their URL already 404s) and the clean-up removes them on its next run', async () => {
    const real = createFileStorage(t.config.storage);
    let down = true;
    const flaky: FileStorage = {
      put: (key, data, type) => real.put(key, data, type),
      putStream: (key, body, type) => real.putStream(key, body, type),
      get: (key) => real.get(key),
      delete: async (key) => {
        if (down) throw new Error('storage unreachable');
        await real.delete(key);
      },
    };
    const files = createFileService({ db: t.db, config: t.config, clock: t.clock, storage: flaky });
    const client = await t.signUp('client');
    const identifier = newId();
    const key = `profile_picture/${identifier}.webp`;
    await real.put(key, Buffer.from('bytes'), 'image/webp');
    await t.db.$client.query(
      `INSERT INTO files (identifier, owner_user_id, purpose, storage_key, content_type, size_bytes, sha256, deleted_at)
       VALUES ($1, $2, 'profile_picture', $3, 'image/webp', 5, 'x', $4)`,
      [identifier, client.userId, key, t.clock.now()],
    );
    expect(await files.purge([identifier])).toEqual([identifier]);
    expect(await t.count('files', { identifier })).toBe(1);
    expect(await real.get(key)).not.toBeNull();

    down = false;
    expect(await purgeOrphanFiles(t.db, t.clock, files)).toBeGreaterThanOrEqual(1);
    expect(await t.count('files', { identifier })).toBe(0);
    expect(await real.get(key)).toBeNull();
  });
});
