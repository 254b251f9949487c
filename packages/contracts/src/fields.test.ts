import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { canonicalTimezone, ianaTimezone, personName, viewerTimezone } from './fields.ts';
import { m } from './messages/index.ts';
import { clientProfileInput, emergencyContactInput, providerInfoInput } from './profile.ts';

/** Every name field of the contracts, with the message its character rule gives. */
const fields: Array<[string, z.ZodType, string]> = [
  ['sign-up name', personName, m.namePattern],
  ['client profile name', clientProfileInput.shape.firstName, m.profileNamePattern],
  ['emergency contact name', emergencyContactInput.shape.name, m.profileNamePattern],
  ['provider name', providerInfoInput.shape.firstName, m.providerNamePattern],
];

const messages = (schema: z.ZodType, value: unknown) => {
  const res = schema.safeParse(value);
  return res.success ? [] : [...new Set(res.error.issues.map((i) => i.message))];
};

describe.each(fields)('%s', (_name, schema, message) => {
  it.each([
    ['प्रिया'],
    ['José'],
    ['Nguyễn'],
    ['Zoë'],
    ['Łukasz'],
    ['Ærøskøbing'],
    ['Αλέξανδρος'],
    ['Мария'],
    ['محمد'],
    ['สมชาย'],
  ])('accepts %s (letters with their marks)', (name) => {
    expect(messages(schema, name)).toEqual([]);
  });

  it('stores a decomposed name composed and counts composed characters', () => {
    expect(schema.parse('Jose\u0301')).toBe('Jos\u00e9');
    expect(schema.parse('  Zoe\u0308  ')).toBe('Zo\u00eb');
    // 32 composed letters are 64 code units when decomposed: still within 32.
    expect(schema.parse('e\u0301'.repeat(32))).toBe('\u00e9'.repeat(32));
  });

  it.each([
    ['a right-to-left override', 'Ali\u202Ece'],
    ['a left-to-right embedding', '\u202AAlice'],
    ['a zero-width space', 'Ali\u200Bce'],
    ['a zero-width joiner', 'Ali\u200Dce'],
    ['a soft hyphen', 'Ali\u00ADce'],
    ['a word joiner', 'Ali\u2060ce'],
    ['a tab', 'Ali\tce'],
    ['a newline', 'Ali\nce'],
    ['an escape', 'Ali\u001bce'],
    ['a DEL', 'Ali\u007fce'],
    ['a C1 control', 'Ali\u0085ce'],
  ])('refuses %s with the field message', (_what, name) => {
    expect(messages(schema, name)).toEqual([message]);
  });

  it.each([['\u0301Jose'], ['-Anna'], ['1Anna']])('refuses %j: a name starts with a letter', (name) => {
    expect(messages(schema, name)).toEqual([message]);
  });
});

describe('what each name field allows besides letters', () => {
  it('sign-up: digits, no spaces, hyphens, apostrophes or periods', () => {
    expect(messages(personName, 'Ada2')).toEqual([]);
    for (const name of ['Van Dyke', 'Smith-Jones', "O'Neil", 'J.R'])
      expect(messages(personName, name)).toEqual([m.namePattern]);
    expect(messages(personName, '')).toEqual([m.nameRequired]);
    expect(messages(personName, 'A'.repeat(33))).toEqual([m.nameMax]);
  });

  it('client profile and emergency contact: spaces and hyphens, 3-32', () => {
    for (const schema of [clientProfileInput.shape.firstName, emergencyContactInput.shape.name]) {
      expect(messages(schema, 'Mary Jane-Doe')).toEqual([]);
      for (const bad of ["O'Neil", 'J0hn', 'J. Doe', 'Al', 'a'.repeat(33)])
        expect(messages(schema, bad)).toHaveLength(1);
    }
    expect(clientProfileInput.shape.firstName.parse(null)).toBeNull();
  });

  it('provider: digits (as at sign-up), spaces, hyphens, apostrophes (straight and typographic) and periods, 3-32', () => {
    const name = providerInfoInput.shape.firstName;
    for (const ok of ["O'Neil", 'O\u2019Brien', 'J. R. R.', 'Anne-Marie', 'De la Cruz'])
      expect(messages(name, ok)).toEqual([]);
    expect(messages(name, 'Theo2')).toEqual([]);
    expect(messages(name, '2Theo')).toEqual([m.providerNamePattern]);
    expect(messages(name, 'Theo_')).toEqual([m.providerNamePattern]);
    expect(messages(name, 'Al')).toEqual([m.providerNameLength]);
    expect(messages(name, 'a'.repeat(33))).toEqual([m.providerNameLength]);
    expect(messages(name, undefined)).toEqual([m.providerNameLength]);
  });
});

describe('time zones', () => {
  it('canonicalTimezone gives the canonical name of any spelling Intl knows, and nothing for what is no zone', () => {
    expect(canonicalTimezone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimezone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimezone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimezone('Asia/Kolkata')).toBe('Asia/Calcutta');
    expect(canonicalTimezone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimezone('UTC')).toBe('UTC');
    for (const junk of ['Nowhere/Town', '+01:00', 'GMT+1', 'Europe/Berlin ', ''])
      expect(canonicalTimezone(junk), junk).toBeUndefined();
    // Asked again (from what it keeps), the same answers.
    expect([
      canonicalTimezone('us/eastern'),
      canonicalTimezone('US/Eastern'),
      canonicalTimezone('Nowhere/Town'),
    ]).toEqual(['America/New_York', 'America/New_York', undefined]);
  });

  it('stays right past the spellings it keeps', () => {
    for (let i = 0; i < 1_500; i += 1) expect(canonicalTimezone(`Nowhere/Town_${i}`)).toBeUndefined();
    expect(canonicalTimezone('US/Pacific')).toBe('America/Los_Angeles');
    expect(canonicalTimezone('Nowhere/Town_0')).toBeUndefined();
  });

  it('a viewer zone is made canonical; a stored zone must already be', () => {
    expect(viewerTimezone.parse('US/Eastern')).toBe('America/New_York');
    expect(messages(viewerTimezone, 'Mars/Olympus_Mons')).toEqual([m.timezoneInvalid]);
    expect(messages(viewerTimezone, 'x'.repeat(65))).toEqual([m.timezoneInvalid]);
    expect(ianaTimezone.parse('America/New_York')).toBe('America/New_York');
    expect(messages(ianaTimezone, 'US/Eastern')).toEqual([m.timezoneInvalid]);
    expect(messages(ianaTimezone, 'UTC')).toEqual([]);
  });
});
