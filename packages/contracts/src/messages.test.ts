import { describe, expect, it } from 'vitest';
import {
  catalogue,
  de,
  en,
  featureCatalogues,
  isMessageKey,
  keyOfText,
  localize,
  locales,
  m,
  message,
  messageRef,
  translate,
  type MessageKey,
} from './messages/index.ts';

const keys = Object.keys(catalogue) as MessageKey[];

describe('message catalogue', () => {
  it('has an English and a German text for every key', () => {
    for (const key of keys)
      for (const locale of locales) expect(catalogue[key][locale], `${key}.${locale}`).toMatch(/\S/);
  });

  it('keeps every key in exactly one feature file', () => {
    const perFeature = Object.values(featureCatalogues).flatMap((feature) => Object.keys(feature));
    expect(perFeature).toHaveLength(new Set(perFeature).size);
    expect(new Set(perFeature)).toEqual(new Set(keys));
  });

  it('has no text twice within a language, nor one text under two keys across languages', () => {
    for (const locale of locales) {
      const texts = keys.map((key) => catalogue[key][locale]);
      const twice = texts.filter((text, i) => texts.indexOf(text) !== i);
      expect(twice, locale).toEqual([]);
    }
    const owner = new Map<string, MessageKey>();
    for (const key of keys) {
      for (const locale of locales) {
        const text = catalogue[key][locale];
        expect(owner.get(text) ?? key, `"${text}" belongs to ${owner.get(text)} and ${key}`).toBe(key);
        owner.set(text, key);
      }
    }
  });

  it('has the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
    for (const key of keys) expect(names(de[key]), key).toEqual(names(en[key]));
  });

  it('keeps the spec texts to the letter', () => {
    expect(en.countryRequired).toBe('Country  is required');
    expect(en.phoneMin).toBe('Number must be at least 10 digits');
    expect(en.phoneMax).toBe('Number must not exceed 13 digits');
    expect(en.emailsMustMatch).toBe('Emails must match');
    expect(en.passwordMustMatch).toBe('Password must match');
    expect(en.passwordsMustMatch).toBe('Passwords must match');
    expect(en.emailChanged).toBe('Email Changed Successful');
    expect(en.otpSent).toBe('Input Your OTP Sent Via Email');
    expect(en.avatarRequired).toBe('please select an Avatar');
    expect(en.imageTooLarge).toBe('File size should not exceed 10MB.');
    expect(en.topupMinimum).toBe('Minimum topup amount is {amount} {symbol}');
  });

  it('gives schemas the key itself, so an issue carries a stable key', () => {
    for (const key of keys) expect(m[key]).toBe(key);
    expect(isMessageKey(m.required)).toBe(true);
    expect(isMessageKey('This field is required')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('translates a key, a key with values, and keeps a text it does not know', () => {
    expect(translate(m.emailsMustMatch, 'en')).toBe('Emails must match');
    expect(translate(m.emailsMustMatch, 'de')).toBe('Die E-Mail-Adressen müssen übereinstimmen');
    expect(translate(messageRef('topupMinimum', { amount: 500, symbol: '₦' }), 'en')).toBe(
      'Minimum topup amount is 500 ₦',
    );
    expect(translate(messageRef('topupMinimum', { amount: 500, symbol: '₦' }), 'de')).toBe(
      'Der Mindestbetrag für eine Aufladung ist 500 ₦',
    );
    expect(message('topupMinimum', 'en', { amount: 5, symbol: '$' })).toBe('Minimum topup amount is 5 $');
    expect(translate('Something else', 'de')).toBe('Something else');
    expect(translate('Unknown field: extra', 'de')).toBe('Unknown field: extra');
    expect(translate('required{not json', 'de')).toBe('required{not json');
  });

  it('finds the key of a text that arrives as text (a server answer, a stored ledger description)', () => {
    expect(keyOfText('Emails must match')).toEqual({ key: 'emailsMustMatch' });
    expect(keyOfText('Die E-Mail-Adressen müssen übereinstimmen')).toEqual({ key: 'emailsMustMatch' });
    expect(keyOfText('Minimum topup amount is 500 ₦')).toEqual({
      key: 'topupMinimum',
      params: { amount: '500', symbol: '₦' },
    });
    expect(localize(en.topupByCard, 'de')).toBe('Aufladung per Karte');
    expect(localize('Minimum topup amount is 500 ₦', 'de')).toBe('Der Mindestbetrag für eine Aufladung ist 500 ₦');
    expect(localize(en.emailsMustMatch, 'en')).toBe(en.emailsMustMatch);
    expect(localize('Something else', 'de')).toBe('Something else');
    expect(localize(m.emailsMustMatch, 'de')).toBe(de.emailsMustMatch);
  });
});
