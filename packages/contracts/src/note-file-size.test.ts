import { describe, expect, it } from 'vitest';
import { noteFileSizeMb } from './notes.ts';

describe('noteFileSizeMb (spec §9: MB with 2 decimals)', () => {
  it('writes the number as the language does: "0.00 MB" in en, "0,00 MB" in de', () => {
    expect(noteFileSizeMb(0)).toBe('0.00 MB');
    expect(noteFileSizeMb(0, 'de')).toBe('0,00 MB');
    expect(noteFileSizeMb(1.5 * 1024 * 1024, 'en')).toBe('1.50 MB');
    expect(noteFileSizeMb(1.5 * 1024 * 1024, 'de')).toBe('1,50 MB');
    expect(noteFileSizeMb(10 * 1024 * 1024, 'de')).toBe('10,00 MB');
  });
});
