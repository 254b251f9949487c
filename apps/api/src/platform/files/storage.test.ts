import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createFileStorage } from './file-service.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The same contract, whichever backend. */
function behavesAsStorage(name: string, make: () => FileStorage) {
  describe(name, () => {
    it('puts, gets and deletes; a missing key is null and deleting it is fine', async () => {
      const storage = make();
      const data = Buffer.from('some bytes \u00e9'.repeat(1000));
      await storage.put('profile_picture/0190a000-0000-7000-8000-000000000001.webp', data, 'image/webp');
      const got = await storage.get('profile_picture/0190a000-0000-7000-8000-000000000001.webp');
      expect(got).not.toBeNull();
      expect(got!.contentType).toBe('image/webp');
      expect(got!.size).toBe(data.length);
      expect((await read(got!.body)).equals(data)).toBe(true);
      await storage.delete('profile_picture/0190a000-0000-7000-8000-000000000001.webp');
      expect(await storage.get('profile_picture/0190a000-0000-7000-8000-000000000001.webp')).toBeNull();
      await storage.delete('profile_picture/0190a000-0000-7000-8000-000000000001.webp');
      expect(await storage.get('profile_picture/never-written.webp')).toBeNull();
    });

    it('stores a stream in parts without holding it, and a failing stream leaves nothing', async () => {
      const storage = make();
      const { Readable } = await import('node:stream');
      const chunk = Buffer.alloc(1024 * 1024, 7);
      // 9 MiB and a bit: more than one S3 part of 8 MiB.
      const chunks = [...Array.from({ length: 9 }, () => chunk), Buffer.from('tail')];
      await storage.putStream(
        'export/0190a000-0000-7000-8000-000000000002.bin',
        Readable.from(chunks),
        'application/octet-stream',
      );
      const got = await storage.get('export/0190a000-0000-7000-8000-000000000002.bin');
      expect((await read(got!.body)).equals(Buffer.concat(chunks))).toBe(true);
      await storage.delete('export/0190a000-0000-7000-8000-000000000002.bin');
      async function* failing() {
        yield Buffer.from('half');
        throw new Error('the writer failed');
      }
      await expect(
        storage.putStream(
          'export/0190a000-0000-7000-8000-000000000003.bin',
          Readable.from(failing()),
          'application/octet-stream',
        ),
      ).rejects.toThrow(/the writer failed/);
      expect(await storage.get('export/0190a000-0000-7000-8000-000000000003.bin')).toBeNull();
    });

    it.each([
      '../secrets.json',
      'a/../../b.webp',
      '/etc/passwd',
      'a\\..\\b.webp',
      'a/./b.webp',
      '',
      'no-extension',
      'A/B.webp',
      'a//b.webp',
      'a/b.webp\0.png',
      '%2e%2e/x.webp',
    ])('refuses the key %j', async (key) => {
      const storage = make();
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-files-local-'));
const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-files-s3-'));
const s3server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: s3dir,
  silent: true,
  configureBuckets: [{ name: 'therapy-test' }],
});
let s3: S3FileStorage;

beforeAll(async () => {
  const { port } = await s3server.run();
  s3 = new S3FileStorage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'therapy-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  s3.destroy();
  await s3server.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(s3dir, { recursive: true, force: true });
});

behavesAsStorage('LocalFileStorage', () => new LocalFileStorage(root));
behavesAsStorage('S3FileStorage (s3rver)', () => s3);

describe('LocalFileStorage', () => {
  it('keeps everything inside its folder, and nothing readable outside it can be reached', async () => {
    const outside = path.join(root, '..', `${path.basename(root)}-outside.webp`);
    fs.writeFileSync(outside, 'secret');
    try {
      const storage = new LocalFileStorage(path.join(root, 'uploads'));
      await expect(storage.get(`../${path.basename(outside)}`)).rejects.toThrow(/unsafe storage key/);
      await storage.put('a/b.webp', Buffer.from('x'), 'image/webp');
      expect(fs.existsSync(path.join(root, 'uploads', 'a', 'b.webp'))).toBe(true);
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});

describe('choosing the backend', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: 'a'.repeat(64), DATA_DIR: root };
  it('is the local folder DATA_DIR/uploads without S3_*', () => {
    const config = loadConfig(base);
    expect(config.storage).toEqual({ kind: 'local', root: path.join(root, 'uploads') });
    expect(createFileStorage(config.storage)).toBeInstanceOf(LocalFileStorage);
  });
  it('is S3 when all of S3_* is set, and a half configuration is refused', () => {
    const config = loadConfig({
      ...base,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    const storage = createFileStorage(config.storage);
    expect(storage).toBeInstanceOf(S3FileStorage);
    (storage as S3FileStorage).destroy();
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b' })).toThrow(
      /S3_ACCESS_KEY, S3_SECRET_KEY/,
    );
  });
});
