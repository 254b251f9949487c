import crypto from 'node:crypto';

/**
 * Field encryption at rest (DESIGN.md §6: content and financial data are encrypted with AES-256-GCM, key from
 * DATA_ENCRYPTION_KEY). A value is sealed as one base64 string:
 *
 *   keyId (1 byte) | IV (12 random bytes, new for every value) | GCM tag (16 bytes) | ciphertext
 *
 * The key id names the key a value was sealed with, so keys can rotate: new values use `currentKeyId`, old ones are
 * still opened with the key their first byte names. The AES key is derived from the configured secret with HKDF
 * (SHA-256, info "field-encryption"), so the same secret used elsewhere (the mail queue) never is this key itself.
 * `context` (e.g. "bank_details:<userId>") is bound as additional authenticated data: a value copied to another row
 * or column does not open there.
 */
export interface FieldEncryption {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
  /** The key id a sealed value names (for re-encryption after a rotation). */
  keyIdOf(sealed: string): number;
  /** The same sealing for bytes (a note's file): the result is the raw layout above, not base64. */
  sealBytes(plain: Buffer, context: string): Buffer;
  openBytes(sealed: Buffer, context: string): Buffer;
  /** The key new values are sealed with. */
  currentKeyId: number;
}

/** What sealing adds to a value's length: key id, IV and tag. */
export const SEALED_OVERHEAD_BYTES = 1 + 12 + 16;

export interface FieldEncryptionKeys {
  /** Key id (1-255) -> the secret as 64 hex characters (32 bytes). */
  keys: Record<number, string>;
  currentKeyId: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER = 1 + IV_BYTES + TAG_BYTES;

export class FieldDecryptionError extends Error {}

function deriveKey(hex: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('a field-encryption key is 64 hex characters (32 bytes)');
  return Buffer.from(
    crypto.hkdfSync('sha256', Buffer.from(hex, 'hex'), Buffer.alloc(0), Buffer.from('field-encryption'), 32),
  );
}

export function createFieldEncryption({ keys, currentKeyId }: FieldEncryptionKeys): FieldEncryption {
  const derived = new Map<number, Buffer>();
  for (const [id, hex] of Object.entries(keys)) {
    const keyId = Number(id);
    if (!Number.isInteger(keyId) || keyId < 1 || keyId > 255)
      throw new Error(`field-encryption key id ${id} is not 1-255`);
    derived.set(keyId, deriveKey(hex));
  }
  const current = derived.get(currentKeyId);
  if (!current) throw new Error(`no field-encryption key with id ${currentKeyId}`);

  const sealRaw = (plain: Buffer, context: string): Buffer => {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([currentKeyId]), iv, cipher.getAuthTag(), body]);
  };
  const openRaw = (raw: Buffer, context: string): Buffer => {
    if (raw.length < HEADER) throw new FieldDecryptionError('sealed value too short');
    const key = derived.get(raw[0]!);
    if (!key) throw new FieldDecryptionError(`no key with id ${raw[0]}`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(1, 1 + IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(1 + IV_BYTES, HEADER));
    try {
      return Buffer.concat([decipher.update(raw.subarray(HEADER)), decipher.final()]);
    } catch {
      throw new FieldDecryptionError('sealed value does not open with its key and context');
    }
  };

  return {
    seal(plaintext, context) {
      return sealRaw(Buffer.from(plaintext, 'utf8'), context).toString('base64');
    },

    open(sealed, context) {
      return openRaw(Buffer.from(sealed, 'base64'), context).toString('utf8');
    },

    sealBytes: (plain, context) => sealRaw(plain, context),
    openBytes: (sealed, context) => openRaw(sealed, context),
    currentKeyId,

    keyIdOf(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      if (raw.length < HEADER) throw new FieldDecryptionError('sealed value too short');
      return raw[0]!;
    },
  };
}

/** The app's field encryption: DATA_ENCRYPTION_KEY is key 1 (a later key gets id 2 and becomes current). */
export const fieldEncryptionFromConfig = (config: { dataEncryptionKey: string }): FieldEncryption =>
  createFieldEncryption({ keys: { 1: config.dataEncryptionKey }, currentKeyId: 1 });
