import { describe, expect, it, vi } from 'vitest';
import { countryFromLanguages, countryName, seedCountryNames } from './country';

describe('countryFromLanguages', () => {
  it('takes the first tag that names a region', () => {
    expect(countryFromLanguages(['de', 'de-AT', 'en-US'])).toBe('AT');
    expect(countryFromLanguages(['en-us'])).toBe('US');
  });

  it('says nothing for languages without a region or malformed tags', () => {
    expect(countryFromLanguages(['de', 'en'])).toBeNull();
    expect(countryFromLanguages(['not a tag', '*'])).toBeNull();
    expect(countryFromLanguages([])).toBeNull();
  });
});

describe('countryName', () => {
  it('names a country in the locale', () => {
    expect(countryName('de', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'en')).toBe('Germany');
  });

  it('uses a name the server seeded without building the browser region names', () => {
    seedCountryNames('en', { NG: 'Nigeria (seeded)' });
    const displayNames = vi.spyOn(Intl, 'DisplayNames');
    expect(countryName('ng', 'en')).toBe('Nigeria (seeded)');
    expect(displayNames).not.toHaveBeenCalled();
    displayNames.mockRestore();
  });
});
