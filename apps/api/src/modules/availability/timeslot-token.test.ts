import { describe, expect, it } from 'vitest';
import { createTimeslotTokens } from './timeslot-token.ts';

const claims = {
  providerId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  categoryId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  start: Date.UTC(2026, 11, 1, 9),
  end: Date.UTC(2026, 11, 1, 10),
};
/** The identifier with one character of its signature changed. */
const tampered = (id: string) => id.slice(0, -2) + (id.at(-2) === 'A' ? 'B' : 'A') + id.at(-1);

describe('timeslot identifiers', () => {
  it('a genuine identifier gives its claims, on its second check too (kept), and they cannot be changed', () => {
    const tokens = createTimeslotTokens('a-secret-of-the-server-a-secret-of-the-server');
    const id = tokens.sign(claims);
    expect(tokens.verify(id)).toEqual(claims);
    const again = tokens.verify(id)!;
    expect(again).toEqual(claims);
    expect(Object.isFrozen(again)).toBe(true);
  });

  it('an altered one is refused, also right after the genuine one was checked; another key refuses it too', () => {
    const tokens = createTimeslotTokens('a-secret-of-the-server-a-secret-of-the-server');
    const id = tokens.sign(claims);
    expect(tokens.verify(id)).toBeDefined();
    expect(tokens.verify(tampered(id))).toBeUndefined();
    expect(tokens.verify(id.slice(0, -1))).toBeUndefined();
    expect(createTimeslotTokens('another-secret-another-secret-another-secret').verify(id)).toBeUndefined();
  });
});
