import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { Config, StorageConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { CheckedDocument } from './documents.ts';
import { filesRepository } from './files.repository.ts';
import { fileRequired, imageTooLarge, MAX_IMAGE_BYTES, processImage } from './image.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import { fileUrlKey, signFileUrl, verifyFileUrl } from './signed-url.ts';
import type { FileStorage, StoredObject } from './storage.ts';

export interface StoredFile {
  identifier: string;
  contentType: string;
  sizeBytes: number;
}

export type FilePurpose = 'profile_picture';
/** Documents kept as they were sent (checked by platform/files/documents.ts first). */
export type DocumentPurpose = 'credential' | 'insurance';

export interface FileService {
  /**
   * Validates an uploaded image (multipart part from req.file()), re-encodes it, inserts the files row, then stores the
   * bytes. Without `tx` the row is committed before the bytes exist, so whatever a crash leaves is a row the orphan
   * clean-up finds; with `tx`, a rollback leaves bytes without a row that nothing finds (the app's callers pass none).
   * Throws AppError 400 VALIDATION_ERROR with the spec message: not an image or SVG → imageInvalid;
   * > 10 MB → imageTooLarge (checked while streaming: never buffers more than 10 MiB + 1 byte); < 200x200 →
   * imageTooSmall; no file part → fileRequired.
   */
  saveImage(
    ownerUserId: string,
    purpose: FilePurpose,
    part: MultipartFile | undefined,
    tx?: Executor,
  ): Promise<StoredFile>;
  /**
   * Stores a document that checkDocument accepted, as it is: the row first, then the bytes (as saveImage). The
   * storage key is ours (purpose, a fresh id, the checked extension); the client's name is kept only as data.
   */
  saveDocument(
    ownerUserId: string,
    purpose: DocumentPurpose,
    doc: CheckedDocument,
    tx?: Executor,
  ): Promise<StoredFile & { originalName: string }>;
  /**
   * Stores bytes its caller sealed (a note's file, encrypted with the field encryption): kept as opaque
   * application/octet-stream under `<purpose>/<id>.bin`, without a name (the name is health data too; the caller keeps
   * it sealed). Never handed out by signed URL: the caller reads it back with `readBytes` after its own access check.
   */
  saveSealed(ownerUserId: string, purpose: 'note' | 'chat', data: Buffer, tx?: Executor): Promise<StoredFile>;
  /**
   * Stores what a stream yields (a data export the server writes, sealed by its caller; decision 0035) under
   * `<purpose>/<id>.bin`, never holding it all: the bytes first (size and SHA-256 counted on the way), then the row.
   * A crash between the two leaves bytes without a row (written once, in a folder of their own); a failed row insert
   * removes the bytes. Never handed out by signed URL: the caller reads it with `openStream` after its own checks.
   */
  saveStream(ownerUserId: string, purpose: 'export', body: Readable): Promise<StoredFile>;
  /** A live file's bytes as a stream (undefined when the row or the bytes are gone). */
  openStream(fileId: string): Promise<StoredObject | undefined>;
  /** A live file's bytes (undefined when the row or the bytes are gone). */
  readBytes(fileId: string): Promise<Buffer | undefined>;
  /** Soft-deletes the row (deletedAt) and removes the bytes from storage; idempotent. */
  remove(fileId: string, tx?: Executor): Promise<void>;
  /**
   * Removes files for good: the bytes from storage, then the row. Call it after the transaction that stopped using them
   * has committed (bytes cannot be rolled back). Returns the ids it could not remove (storage unreachable): their rows
   * stay, marked deleted, and the orphan clean-up job tries again.
   */
  purge(fileIds: readonly string[]): Promise<string[]>;
  /** A short-lived (10 min) URL: /api/v1/files/<id>?expires=<unix>&signature=<hmac>; callers issue it only after their own access check. */
  signedUrl(fileId: string): string;
}

export interface FileServiceOptions {
  db: Database;
  config: Config;
  clock: Clock;
  /** Tests may pass their own; otherwise chosen from config.storage. */
  storage?: FileStorage;
}

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? new S3FileStorage(config) : new LocalFileStorage(config.root);
}

/**
 * Reads the part's stream, keeping at most MAX_IMAGE_BYTES + 1 bytes: one byte more than allowed is enough to know the
 * file is too large (multipart's own fileSize limit, set to the same, truncates the rest).
 */
async function readLimited(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) {
        tooLarge = true;
        break; // destroys the stream: nothing more is read
      }
      chunks.push(chunk);
    }
  } catch (err) {
    // @fastify/multipart reports its fileSize limit as an error on the stream (FST_REQ_FILE_TOO_LARGE).
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw err;
  }
  if (tooLarge || part.file.truncated) throw imageTooLarge();
  return Buffer.concat(chunks, size);
}

export function createFileService(opts: FileServiceOptions): FileService {
  const { db, config, clock } = opts;
  const storage = opts.storage ?? createFileStorage(config.storage);
  const urlKey = fileUrlKey(config.jwtSecret);

  /** Bytes kept as they are: the row first, then the bytes (as saveImage), under a key that is ours alone. */
  const storeAsIs = async (
    ownerUserId: string,
    purpose: DocumentPurpose | 'note' | 'chat',
    file: { data: Buffer; contentType: string; extension: string; originalName: string | null },
    tx?: Executor,
  ) => {
    const identifier = newId();
    const storageKey = `${purpose}/${identifier}.${file.extension}`;
    const row = await filesRepository.insert(tx ?? db, {
      identifier,
      ownerUserId,
      purpose,
      storageKey,
      contentType: file.contentType,
      sizeBytes: file.data.length,
      sha256: crypto.createHash('sha256').update(file.data).digest('hex'),
      originalName: file.originalName,
    });
    try {
      await storage.put(storageKey, file.data, file.contentType);
    } catch (err) {
      await filesRepository.deleteRow(tx ?? db, identifier).catch(() => {});
      throw err;
    }
    return row;
  };

  return {
    async saveImage(ownerUserId, purpose, part, tx) {
      if (!part) throw fileRequired();
      const image = await processImage(await readLimited(part));
      const identifier = newId();
      // The key is ours alone: purpose (an enum) and a fresh id. The client's file name is kept only as data.
      const storageKey = `${purpose}/${identifier}.webp`;
      // The row first: bytes never exist without a row, so the orphan clean-up, which works from the rows, finds
      // whatever a crash leaves behind (a row without bytes, or a row nobody references yet).
      const row = await filesRepository.insert(tx ?? db, {
        identifier,
        ownerUserId,
        purpose,
        storageKey,
        contentType: image.contentType,
        sizeBytes: image.data.length,
        sha256: crypto.createHash('sha256').update(image.data).digest('hex'),
        originalName: part.filename ? part.filename.slice(0, 255) : null,
      });
      try {
        await storage.put(storageKey, image.data, image.contentType);
      } catch (err) {
        await filesRepository.deleteRow(tx ?? db, identifier).catch(() => {});
        throw err;
      }
      return { identifier: row.identifier, contentType: row.contentType, sizeBytes: row.sizeBytes };
    },

    async saveDocument(ownerUserId, purpose, doc, tx) {
      const row = await storeAsIs(
        ownerUserId,
        purpose,
        { data: doc.data, contentType: doc.contentType, extension: doc.extension, originalName: doc.filename },
        tx,
      );
      return {
        identifier: row.identifier,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
        originalName: doc.filename,
      };
    },

    async saveSealed(ownerUserId, purpose, data, tx) {
      const row = await storeAsIs(
        ownerUserId,
        purpose,
        { data, contentType: 'application/octet-stream', extension: 'bin', originalName: null },
        tx,
      );
      return { identifier: row.identifier, contentType: row.contentType, sizeBytes: row.sizeBytes };
    },

    async saveStream(ownerUserId, purpose, body) {
      const identifier = newId();
      const storageKey = `${purpose}/${identifier}.bin`;
      const hash = crypto.createHash('sha256');
      let size = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
      body.once('error', (err) => counted.destroy(err));
      await storage.putStream(storageKey, counted, 'application/octet-stream');
      try {
        const row = await filesRepository.insert(db, {
          identifier,
          ownerUserId,
          purpose,
          storageKey,
          contentType: 'application/octet-stream',
          sizeBytes: size,
          sha256: hash.digest('hex'),
          originalName: null,
        });
        return { identifier: row.identifier, contentType: row.contentType, sizeBytes: row.sizeBytes };
      } catch (err) {
        await storage.delete(storageKey).catch(() => {});
        throw err;
      }
    },

    async openStream(fileId) {
      const row = await filesRepository.findLive(db, fileId);
      if (!row) return undefined;
      return (await storage.get(row.storageKey)) ?? undefined;
    },

    async readBytes(fileId) {
      const row = await filesRepository.findLive(db, fileId);
      if (!row) return undefined;
      const object = await storage.get(row.storageKey);
      if (!object) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks);
    },

    async remove(fileId, tx) {
      const exec = tx ?? db;
      const row = await filesRepository.findAny(exec, fileId);
      if (!row) return;
      await filesRepository.markDeleted(exec, fileId, clock.now());
      await storage.delete(row.storageKey);
    },

    async purge(fileIds) {
      const failed: string[] = [];
      for (const fileId of fileIds) {
        const row = await filesRepository.findAny(db, fileId);
        if (!row) continue;
        try {
          await storage.delete(row.storageKey);
        } catch {
          failed.push(fileId);
          continue;
        }
        await filesRepository.deleteRow(db, fileId);
      }
      return failed;
    },

    signedUrl(fileId) {
      return signFileUrl(urlKey, fileId, clock.now());
    },
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SignedFileReader {
  /** The file behind a signed URL. Expired, tampered, deleted or unknown all answer NOT_FOUND alike. */
  open(fileId: string, expires: string | undefined, signature: string | undefined): Promise<StoredObject>;
}

/** What the GET /files/:id route uses: the URL is the capability, so the signature is checked before anything else. */
export function createSignedFileReader(opts: FileServiceOptions): SignedFileReader {
  const { db, config, clock } = opts;
  const storage = opts.storage ?? createFileStorage(config.storage);
  const urlKey = fileUrlKey(config.jwtSecret);
  return {
    async open(fileId, expires, signature) {
      if (!verifyFileUrl(urlKey, fileId, expires, signature, clock.now()) || !uuidPattern.test(fileId))
        throw AppError.notFound();
      const row = await filesRepository.findLive(db, fileId);
      if (!row) throw AppError.notFound();
      const object = await storage.get(row.storageKey);
      if (!object) throw AppError.notFound();
      return { ...object, contentType: row.contentType };
    },
  };
}
