import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FileStorage, type StoredObject } from './storage.ts';

/** Files in a folder (DATA_DIR/uploads): the default for one instance and for development. */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Keys are server-made, but a key that could leave the folder is refused anyway (defence in depth). */
  private pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep))
      throw new Error(`storage key escapes the upload folder: ${JSON.stringify(key)}`);
    return full;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const full = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    // Write then rename: a reader never sees half a file. The content type is kept beside the bytes.
    const tmp = `${full}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, data, { mode: 0o600 });
    await fs.promises.writeFile(`${full}.type`, contentType, { mode: 0o600 });
    await fs.promises.rename(tmp, full);
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const full = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(body, fs.createWriteStream(tmp, { mode: 0o600 }));
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    await fs.promises.writeFile(`${full}.type`, contentType, { mode: 0o600 });
    await fs.promises.rename(tmp, full);
  }

  async get(key: string): Promise<StoredObject | null> {
    const full = this.pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(full, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const { size } = await handle.stat();
    const contentType = await fs.promises.readFile(`${full}.type`, 'utf8').catch(() => 'application/octet-stream');
    return { body: handle.createReadStream(), contentType, size };
  }

  async delete(key: string): Promise<void> {
    const full = this.pathOf(key);
    await fs.promises.rm(full, { force: true });
    await fs.promises.rm(`${full}.type`, { force: true });
  }
}
