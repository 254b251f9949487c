import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldEncryption, FieldDecryptionError, SEALED_OVERHEAD_BYTES } from './field-encryption.ts';

const key = () => crypto.randomBytes(32).toString('hex');

describe('field encryption (AES-256-GCM)', () => {
  const k1 = key();
  const enc = createFieldEncryption({ keys: { 1: k1 }, currentKeyId: 1 });

  it('opens what it sealed, and the sealed value does not contain the plaintext', () => {
    const sealed = enc.seal('12345678 Jane Doe', 'bank_details:a');
    expect(enc.open(sealed, 'bank_details:a')).toBe('12345678 Jane Doe');
    expect(sealed).not.toContain('12345678');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('12345678');
  });

  it('uses a new random 96-bit IV for every value: the same plaintext seals differently', () => {
    const a = Buffer.from(enc.seal('same', 'c'), 'base64');
    const b = Buffer.from(enc.seal('same', 'c'), 'base64');
    expect(a.subarray(1, 13)).toHaveLength(12);
    expect(a.subarray(1, 13).equals(b.subarray(1, 13))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('starts with the key id byte, and keeps opening old values after a rotation', () => {
    const sealed = enc.seal('old value', 'c');
    expect(enc.keyIdOf(sealed)).toBe(1);
    const rotated = createFieldEncryption({ keys: { 1: k1, 2: key() }, currentKeyId: 2 });
    expect(rotated.open(sealed, 'c')).toBe('old value');
    const fresh = rotated.seal('new value', 'c');
    expect(rotated.keyIdOf(fresh)).toBe(2);
    expect(() => enc.open(fresh, 'c')).toThrow(FieldDecryptionError);
  });

  it('refuses a value opened in another context, with another key, or changed by one bit', () => {
    const sealed = enc.seal('secret', 'bank_details:a');
    expect(() => enc.open(sealed, 'bank_details:b')).toThrow(FieldDecryptionError);
    expect(() => createFieldEncryption({ keys: { 1: key() }, currentKeyId: 1 }).open(sealed, 'bank_details:a')).toThrow(
      FieldDecryptionError,
    );
    const raw = Buffer.from(sealed, 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => enc.open(raw.toString('base64'), 'bank_details:a')).toThrow(FieldDecryptionError);
    expect(() => enc.open('AAAA', 'bank_details:a')).toThrow(FieldDecryptionError);
  });

  it('refuses keys that are not 32 bytes of hex and key ids outside 1-255', () => {
    expect(() => createFieldEncryption({ keys: { 1: 'abc' }, currentKeyId: 1 })).toThrow();
    expect(() => createFieldEncryption({ keys: { 0: key() }, currentKeyId: 0 })).toThrow();
    expect(() => createFieldEncryption({ keys: { 1: key() }, currentKeyId: 2 })).toThrow();
  });

  it('seals bytes the same way (a note file): round trip, fixed overhead, bound to its context, tamper-evident', () => {
    const bytes = crypto.randomBytes(5000);
    const sealed = enc.sealBytes(bytes, 'note_file:a');
    expect(sealed.length).toBe(bytes.length + SEALED_OVERHEAD_BYTES);
    expect(sealed.includes(bytes.subarray(0, 64))).toBe(false);
    expect(enc.openBytes(sealed, 'note_file:a').equals(bytes)).toBe(true);
    expect(() => enc.openBytes(sealed, 'note_file:b')).toThrow(FieldDecryptionError);
    const changed = Buffer.from(sealed);
    changed[100]! ^= 1;
    expect(() => enc.openBytes(changed, 'note_file:a')).toThrow(FieldDecryptionError);
  });
});
