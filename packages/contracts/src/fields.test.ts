import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { clientRegisterInput, providerRegisterInput } from './auth.ts';
import { csvRowInput, manualImportInput } from './clients.ts';
import { qualificationDetailsInput } from './credentials.ts';
import {
  canonicalTimezone,
  formatPhone,
  ianaTimezone,
  normalisePhone,
  personName,
  phoneNumber,
  phoneRegion,
  viewerTimezone,
} from './fields.ts';
import { m } from './messages/index.ts';
import { clientProfileInput, emergencyContactInput, providerInfoInput } from './profile.ts';

/** Every field that holds a person's name: one rule (decision 0057), one message. */
const fields: Array<[string, z.ZodType]> = [
  ['sign-up name', personName],
  ['client sign-up name', clientRegisterInput.shape.lastName],
  ['client profile name', clientProfileInput.shape.firstName],
  ['emergency contact name', emergencyContactInput.shape.name],
  ['provider name', providerInfoInput.shape.firstName],
  ['manual client entry', manualImportInput.shape.lastName],
  ['CSV row', csvRowInput.shape.firstName],
];

const messages = (schema: z.ZodType, value: unknown) => {
  const res = schema.safeParse(value);
  return res.success ? [] : [...new Set(res.error.issues.map((i) => i.message))];
};

describe.each(fields)('%s', (_name, schema) => {
  it.each([
    ['Okonkwo-Brandt'],
    ["O'Brien"],
    ["O'Connor-Müller"],
    ['O\u2019Connor'],
    ['Siobhán'],
    ['De la Cruz'],
    ['J. R.'],
    ['Li'],
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
  ])('accepts %s', (name) => {
    expect(messages(schema, name)).toEqual([]);
  });

  it('stores a decomposed name composed and counts composed characters', () => {
    expect(schema.parse('Jose\u0301')).toBe('Jos\u00e9');
    expect(schema.parse('  Zoe\u0308  ')).toBe('Zo\u00eb');
    // 32 composed letters are 64 code units when decomposed: still within 32.
    expect(schema.parse('e\u0301'.repeat(32))).toBe('\u00e9'.repeat(32));
  });

  it.each([
    ['a digit', 'Theo2'],
    ['markup', '<script>'],
    ['markup after a letter', 'Ann<script>'],
    ['an underscore', 'Theo_'],
    ['an at sign', 'ann@example'],
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
  ])('refuses %s with the name message', (_what, name) => {
    expect(messages(schema, name)).toEqual([m.namePattern]);
  });

  it.each([['\u0301Jose'], ['-Anna'], ["'Anna"], ['1Anna']])('refuses %j: a name starts with a letter', (name) => {
    expect(messages(schema, name)).toEqual([m.namePattern]);
  });

  it('refuses an empty name, only spaces and more than 32 characters', () => {
    expect(messages(schema, '')).toEqual([m.nameRequired]);
    expect(messages(schema, '    ')).toEqual([m.nameRequired]);
    expect(messages(schema, 'A'.repeat(33))).toEqual([m.nameMax]);
    expect(messages(schema, 'A'.repeat(32))).toEqual([]);
  });
});

it('a client profile name may be empty (null)', () => {
  expect(clientProfileInput.shape.firstName.parse(null)).toBeNull();
});

describe('phone numbers', () => {
  it.each([
    ['+1 (212) 555-0142', '+12125550142'],
    ['+49 170 5551234', '+491705551234'],
    ['+49 30 1234567', '+49301234567'],
    ['  +44 20 7946 0958 ', '+442079460958'],
  ])('accepts %j and gives it as E.164', (input, e164) => {
    expect(phoneNumber.parse(input)).toBe(e164);
  });

  it('keeps national input as written, for the server to read in the user country', () => {
    expect(phoneNumber.parse('0170 5551234')).toBe('0170 5551234');
    expect(normalisePhone('0170 5551234', phoneRegion('de'))).toBe('+491705551234');
    expect(normalisePhone('(212) 555-0142', phoneRegion('US'))).toBe('+12125550142');
    expect(normalisePhone('0803 555 0142', phoneRegion('NG'))).toBe('+2348035550142');
    // No country known yet: kept as written; a number of no country it is read in: null (the caller refuses it).
    expect(normalisePhone('0170 5551234', undefined)).toBe('0170 5551234');
    expect(normalisePhone('0000000000', phoneRegion('DE'))).toBeNull();
    expect(normalisePhone('+491705551234', phoneRegion('US'))).toBe('+491705551234');
    expect(phoneRegion('XX')).toBeUndefined();
    expect(phoneRegion(null)).toBeUndefined();
  });

  it.each([
    ['letters', '0170 CALL ME', m.phoneDigits],
    ['markup', '<script>', m.phoneDigits],
    ['a + inside', '0170+5551234', m.phoneDigits],
    ['fewer than 10 digits', '+49 170 55', m.phoneMin],
    ['more than 13 digits', '+49 170 5551234 5678', m.phoneMax],
    ['no number of its country', '+49 000 0000000', m.phoneInvalid],
    ['only spaces', '    ', m.phoneMin],
  ])('refuses %s with the spec message', (_what, input, message) => {
    expect(messages(phoneNumber, input)).toEqual([message]);
  });

  it('shows a stored number in its country format, and a raw one as stored', () => {
    expect(formatPhone('+491705551234')).toBe('+49 170 5551234');
    expect(formatPhone('+12125550142')).toBe('+1 212 555 0142');
    expect(formatPhone('08035550142')).toBe('08035550142');
    expect(formatPhone(null)).toBe('');
  });

  it('is the rule of sign-up, manual client entry, the profiles and the emergency contact', () => {
    for (const schema of [
      providerRegisterInput.shape.phoneNumber,
      manualImportInput.shape.phoneNumber,
      providerInfoInput.shape.phoneNumber,
      emergencyContactInput.shape.phoneNumber,
    ]) {
      expect(schema.parse('+49 170 5551234')).toBe('+491705551234');
      expect(schema.safeParse('+49 170 55').success).toBe(false);
    }
  });
});

describe('licence numbers and headlines', () => {
  const licence = (credentialNumber: string) =>
    messages(qualificationDetailsInput, { type: 'license', body: 'NY State', credentialNumber });

  it.each([['LMHC 012345'], ['PP-12/345'], ['Nr. 12.345'], ['12345'], ['LMHC012345']])('accepts licence %j', (n) => {
    expect(licence(n)).toEqual([]);
  });
  it.each([['<script>'], ['LMHC_01'], ['-12345'], ['LMHC #12']])('refuses licence %j', (n) => {
    expect(licence(n)).toEqual([m.credentialNumberPattern]);
  });

  const headline = providerInfoInput.shape.headline;
  it('accepts a 40-character headline and up to 80 characters with digits and punctuation', () => {
    const forty = 'Trauma-informed therapy for adults (CBT)';
    expect([...forty]).toHaveLength(40);
    expect(messages(headline, forty)).toEqual([]);
    expect(messages(headline, 'Paartherapie & Einzelgespräche, 15 Jahre Erfahrung')).toEqual([]);
    expect(messages(headline, 'a'.repeat(80))).toEqual([]);
    expect(headline.parse(null)).toBeNull();
  });
  it.each([['Hi'], ['a'.repeat(81)], ['<script>alert(1)</script>'], ['Call me ☎']])('refuses headline %j', (h) => {
    expect(messages(headline, h)).toEqual([m.headlinePattern]);
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
