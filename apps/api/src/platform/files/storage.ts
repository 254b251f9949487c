import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where the bytes of uploaded files live. Keys are made by the server (never user input); rows in `files` say whose they are. */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores what a stream yields, without holding it all in memory (a data export, decision 0035): a local file is
   * written then renamed, S3 gets a multipart upload of bounded parts. A failed stream leaves nothing under `key`.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Server-made keys only: lower-case segments of letters, digits, `_` and `-`, a dot only before the extension. */
const keyPattern = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.[a-z0-9]+$/;

export function assertSafeKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}
