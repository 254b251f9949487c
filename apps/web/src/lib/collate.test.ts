import { describe, expect, it } from 'vitest';
import { compareIn } from './collate';

describe('compareIn', () => {
  it('sorts as the language does, and is the same function for the same language', () => {
    expect(['Zulu', 'Ägyptisch', 'Englisch'].sort(compareIn('de'))).toEqual(['Ägyptisch', 'Englisch', 'Zulu']);
    expect(['b', 'a', 'C'].sort(compareIn('en'))).toEqual(['a', 'b', 'C']);
    expect(compareIn('en')).toBe(compareIn('en'));
  });
});
