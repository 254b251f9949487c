import crypto from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * A data export holds health data (notes, questionnaires, messages), so its ZIP is sealed at rest (decision 0035):
 * AES-256-GCM in segments, streamed, with the STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizár 2015):
 *
 *   magic "TPX1" | key id (1 byte) | nonce prefix (8 random bytes) | segment* (ciphertext of up to 64 KiB | tag 16)
 *
 * Segment i has the nonce prefix | i (4 bytes, big-endian) and authenticates `context`, i and whether it is the last,
 * so segments cannot be reordered, dropped, swapped between exports, or cut off at a boundary unnoticed. Each segment
 * is checked before its bytes are handed on, and memory stays at one segment either way. The key is derived from
 * DATA_ENCRYPTION_KEY with HKDF (info "data-export"), a sibling of the field-encryption key, never the same key.
 */
export const SEGMENT_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const MAGIC = Buffer.from('TPX1');
const HEADER_BYTES = MAGIC.length + 1 + 8;
const KEY_ID = 1;

export class ExportDecryptionError extends Error {}

export const exportKeyFrom = (dataEncryptionKey: string): Buffer =>
  Buffer.from(
    crypto.hkdfSync('sha256', Buffer.from(dataEncryptionKey, 'hex'), Buffer.alloc(0), Buffer.from('data-export'), 32),
  );

const nonceOf = (prefix: Buffer, index: number) => {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, 8);
  return nonce;
};
const aadOf = (context: string, index: number, last: boolean) =>
  Buffer.from(`${context}|${index}|${last ? 1 : 0}`, 'utf8');

/** The plain size of a sealed object of `sealedBytes` (for Content-Length), or undefined when it cannot be one. */
export function plainSizeOf(sealedBytes: number): number | undefined {
  const body = sealedBytes - HEADER_BYTES;
  if (body < TAG_BYTES) return undefined;
  const segments = Math.ceil(body / (SEGMENT_BYTES + TAG_BYTES));
  return body - segments * TAG_BYTES;
}

export function sealStream(key: Buffer, context: string): Transform {
  const prefix = crypto.randomBytes(8);
  let pending: Buffer[] = [];
  let size = 0;
  let index = 0;
  const segment = (plain: Buffer, last: boolean) => {
    const cipher = crypto.createCipheriv('aes-256-gcm', key, nonceOf(prefix, index), { authTagLength: TAG_BYTES });
    cipher.setAAD(aadOf(context, index, last));
    index += 1;
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  return new Transform({
    construct(done) {
      this.push(Buffer.concat([MAGIC, Buffer.from([KEY_ID]), prefix]));
      done();
    },
    transform(chunk: Buffer, _enc, done) {
      pending.push(chunk);
      size += chunk.length;
      // Strictly more than a segment: the bytes after it prove this one is not the last.
      if (size > SEGMENT_BYTES) {
        let all = Buffer.concat(pending, size);
        while (all.length > SEGMENT_BYTES) {
          this.push(segment(all.subarray(0, SEGMENT_BYTES), false));
          all = all.subarray(SEGMENT_BYTES);
        }
        pending = [all];
        size = all.length;
      }
      done();
    },
    flush(done) {
      this.push(segment(Buffer.concat(pending, size), true));
      done();
    },
  });
}

export function openStream(key: Buffer, context: string): Transform {
  let buffered = Buffer.alloc(0);
  let prefix: Buffer | null = null;
  let index = 0;
  const open = (sealed: Buffer, last: boolean) => {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonceOf(prefix!, index), { authTagLength: TAG_BYTES });
    decipher.setAAD(aadOf(context, index, last));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    index += 1;
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new ExportDecryptionError('a sealed export segment does not open with its key and context');
    }
  };
  const full = SEGMENT_BYTES + TAG_BYTES;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      buffered = Buffer.concat([buffered, chunk]);
      try {
        if (!prefix) {
          if (buffered.length < HEADER_BYTES) return done();
          if (!buffered.subarray(0, MAGIC.length).equals(MAGIC) || buffered[MAGIC.length] !== KEY_ID)
            throw new ExportDecryptionError('not a sealed export');
          prefix = Buffer.from(buffered.subarray(MAGIC.length + 1, HEADER_BYTES));
          buffered = buffered.subarray(HEADER_BYTES);
        }
        while (buffered.length > full) {
          this.push(open(buffered.subarray(0, full), false));
          buffered = buffered.subarray(full);
        }
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        if (!prefix || buffered.length < TAG_BYTES) throw new ExportDecryptionError('a sealed export is cut short');
        this.push(open(buffered, true));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
