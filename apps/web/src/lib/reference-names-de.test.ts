import { describe, expect, it } from 'vitest';
import { referenceName, referenceNamesDe } from './reference-names-de';

describe('German pick-list names', () => {
  it('names an item in German and falls back to English for an unknown code', () => {
    expect(referenceName('speciality', 'anxiety', 'Anxiety', 'de')).toBe('Angst');
    expect(referenceName('speciality', 'anxiety', 'Anxiety', 'en')).toBe('Anxiety');
    expect(referenceName('speciality', 'something-new', 'Something new', 'de')).toBe('Something new');
  });

  it('has no empty translation', () => {
    for (const items of Object.values(referenceNamesDe))
      for (const name of Object.values(items ?? {})) expect(name.trim()).not.toBe('');
  });
});
