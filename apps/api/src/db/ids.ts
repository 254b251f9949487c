import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/**
 * Random bytes for identifiers, drawn 4 KB (256 identifiers) at a time, as node's own `randomUUID` pools them: the uuid
 * package draws 16 bytes through WebCrypto for every identifier, which made most of an identifier's cost.
 */
const pool = new Uint8Array(4096);
let used = pool.length;
/** The last identifier's millisecond and counter: identifiers made in one millisecond stay in order. */
const last = { msecs: -Infinity, seq: 0 };

/**
 * A new identifier: a UUID v7 (time-ordered, so inserts stay index-friendly and ids sort by creation). The uuid package
 * lays it out; the ordering within a millisecond (a 32-bit counter that starts at random, carried into the next
 * millisecond when it overflows, never going back when the clock does) is the package's own, kept here because the
 * package keeps it only when it draws the bytes itself.
 */
export function newId(): string {
  if (used + 16 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const random = pool.subarray(used, (used += 16));
  const now = Date.now();
  if (now > last.msecs) {
    last.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
    last.msecs = now;
  } else {
    last.seq = (last.seq + 1) | 0;
    if (last.seq === 0) last.msecs += 1;
  }
  return v7({ random, msecs: last.msecs, seq: last.seq });
}
