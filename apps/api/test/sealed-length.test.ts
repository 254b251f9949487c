import { describe, expect, it } from 'vitest';
import { createFieldEncryption, SEALED_OVERHEAD_BYTES } from '../src/platform/field-encryption.ts';
import { SEALED_OVERHEAD, sealedLength } from '../src/db/schema/columns.ts';

describe("the sealed form's length (the schema's checks on sealed columns)", () => {
  const enc = createFieldEncryption({ keys: { 1: 'ab'.repeat(32) }, currentKeyId: 1 });

  it('is what field encryption makes of the longest plaintext of N characters, and no less', () => {
    expect(SEALED_OVERHEAD).toBe(SEALED_OVERHEAD_BYTES);
    // 400 characters of 4 UTF-8 bytes each: the longest a 400-character note can be.
    expect(enc.seal('\u{1F600}'.repeat(400), 'booking:x:note').length).toBe(sealedLength(400));
    expect(enc.seal('a'.repeat(400), 'booking:x:note').length).toBeLessThan(sealedLength(400));
    expect(enc.seal('\u{1F600}'.repeat(32), 'emergency-contact:x:name').length).toBe(sealedLength(32));
  });
});
