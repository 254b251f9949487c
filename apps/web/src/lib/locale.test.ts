import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { syncDocumentLanguage } from './locale';
import { applyPageTitle } from './page-title';

describe('syncDocumentLanguage', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it("keeps the page's own title, in the new language", async () => {
    applyPageTitle({ key: 'login' }, 'en');
    expect(document.title).toBe('Sign in · Therapy Finder');
    await i18n.changeLanguage('de');
    syncDocumentLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Anmelden · Therapy Finder');
  });

  it("keeps a page's own text (a therapist's name) across a language switch", () => {
    applyPageTitle({ key: 'therapist', name: 'Dr. Ada Lovelace' }, 'en');
    syncDocumentLanguage('de');
    expect(document.title).toBe('Dr. Ada Lovelace · Therapy Finder');
  });
});
