import { describe, expect, it } from 'vitest';
import { basenameOf, localeOfPath, localizedUrl, withoutLocale } from './locale-path';

describe('German URLs', () => {
  it('name their language by the /de prefix only', () => {
    expect(localeOfPath('/de/')).toBe('de');
    expect(localeOfPath('/de')).toBe('de');
    expect(localeOfPath('/de/therapists/x/')).toBe('de');
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/deutsch/')).toBe('en');
    expect(localeOfPath('/design')).toBe('en');
    expect(basenameOf('/de/login/')).toBe('/de');
    expect(basenameOf('/login/')).toBeUndefined();
  });

  it('move a page between the languages, keeping query and hash', () => {
    expect(withoutLocale('/de')).toBe('/');
    expect(withoutLocale('/de/therapists/')).toBe('/therapists/');
    expect(localizedUrl('/therapists/?state=NY#top', 'de')).toBe('/de/therapists/?state=NY#top');
    expect(localizedUrl('/de/therapists/?state=NY', 'en')).toBe('/therapists/?state=NY');
    expect(localizedUrl('/de/', 'de')).toBe('/de/');
    expect(localizedUrl('/', 'de')).toBe('/de/');
    expect(localizedUrl('/de', 'en')).toBe('/');
  });
});
