import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exportKeyFrom, openStream, plainSizeOf, SEGMENT_BYTES, sealStream } from './export-seal.ts';

/** The export's streamed sealing (decision 0035): what goes in comes out, and any change to the sealed bytes is refused. */
const key = exportKeyFrom(crypto.randomBytes(32).toString('hex'));

async function through(data: Buffer, transform: NodeJS.ReadWriteStream, chunk = 10_000): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunk) parts.push(data.subarray(i, i + chunk));
  const out: Buffer[] = [];
  for await (const c of Readable.from(parts.length ? parts : [Buffer.alloc(0)]).pipe(transform)) out.push(c as Buffer);
  return Buffer.concat(out);
}

describe('sealed export streams', () => {
  it.each([0, 1, SEGMENT_BYTES - 1, SEGMENT_BYTES, SEGMENT_BYTES + 1, 3 * SEGMENT_BYTES, 3 * SEGMENT_BYTES + 17])(
    'round-trips %i bytes, and knows the plain size',
    async (size) => {
      const plain = crypto.randomBytes(size);
      const sealed = await through(plain, sealStream(key, 'data-export:a'));
      expect(plainSizeOf(sealed.length)).toBe(size);
      expect((await through(sealed, openStream(key, 'data-export:a'), 7_777)).equals(plain)).toBe(true);
    },
  );

  it('refuses another context, a flipped byte, a cut at a segment boundary, a dropped segment and another key', async () => {
    const plain = crypto.randomBytes(2 * SEGMENT_BYTES + 5);
    const sealed = await through(plain, sealStream(key, 'data-export:a'));
    const seg = SEGMENT_BYTES + 16;
    const header = 13;
    const flipped = Buffer.from(sealed);
    flipped[header + 100] = flipped[header + 100]! ^ 1;
    const cut = sealed.subarray(0, header + 2 * seg);
    const dropped = Buffer.concat([sealed.subarray(0, header), sealed.subarray(header + seg)]);
    await expect(through(sealed, openStream(key, 'data-export:b'))).rejects.toThrow(/does not open/);
    await expect(through(flipped, openStream(key, 'data-export:a'))).rejects.toThrow(/does not open/);
    await expect(through(cut, openStream(key, 'data-export:a'))).rejects.toThrow(/does not open/);
    await expect(through(dropped, openStream(key, 'data-export:a'))).rejects.toThrow(/does not open/);
    await expect(
      through(sealed, openStream(exportKeyFrom(crypto.randomBytes(32).toString('hex')), 'data-export:a')),
    ).rejects.toThrow(/does not open/);
    await expect(
      through(Buffer.from('PK\u0003\u0004 not sealed at all'), openStream(key, 'data-export:a')),
    ).rejects.toThrow(/not a sealed export/);
  });
});
