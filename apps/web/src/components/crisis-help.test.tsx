import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { CrisisHelp, crisisLines } from './crisis-help';

afterEach(() => {
  Cookies.remove('X-CountryCode', { path: '/' });
  useAuthStore.setState({ user: null, status: 'unknown', accessToken: null });
});

describe('crisisLines (issue 48 "Help in a crisis")', () => {
  it("puts the visitor's own line first and keeps the others", () => {
    expect(crisisLines('US', 'en')).toEqual(['us', 'eu', 'uk']);
    expect(crisisLines('GB', 'en')).toEqual(['uk', 'us', 'eu']);
    expect(crisisLines('DE', 'en')).toEqual(['eu', 'us', 'uk']);
    expect(crisisLines('AT', 'de')).toEqual(['eu', 'us', 'uk']);
    expect(crisisLines('NO', 'en')).toEqual(['eu', 'us', 'uk']);
  });

  it('shows all of them when the country is unknown or none of the three (the German page leads with 112)', () => {
    expect(crisisLines(null, 'en')).toEqual(['us', 'eu', 'uk']);
    expect(crisisLines('NG', 'en')).toEqual(['us', 'eu', 'uk']);
    expect(crisisLines(null, 'de')).toEqual(['eu', 'us', 'uk']);
  });
});

describe('CrisisHelp', () => {
  const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

  it('is a line of tel: links named for what they do, the chosen country first', () => {
    Cookies.set('X-CountryCode', 'GB', { path: '/' });
    renderWithProviders(<CrisisHelp />);
    expect(screen.getByText('In crisis? Call')).toBeTruthy();
    expect(links()).toEqual([
      ['Call 116 123 (UK, Samaritans)', 'tel:116123'],
      ['Call 988 (US)', 'tel:988'],
      ['Call 112 (EU)', 'tel:112'],
    ]);
    expect(screen.getByRole('link', { name: 'Call 988 (US)' })).toBeTruthy();
  });

  it("follows a signed-in user's country when none was chosen", () => {
    useAuthStore.getState().setSession('token', {
      identifier: '01890a5d-ac96-774b-bcce-b302099a8001',
      email: 'ada@example.com',
      userType: 'client',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isSocial: false,
      emailVerified: true,
      accountActive: true,
      countryCode: 'DE',
      locale: 'en',
      timezone: 'Europe/Berlin',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    renderWithProviders(<CrisisHelp />);
    expect(links()[0]).toEqual(['Call 112 (EU)', 'tel:112']);
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    try {
      Cookies.set('X-CountryCode', 'US', { path: '/' });
      renderWithProviders(<CrisisHelp />);
      expect(screen.getByText('In einer Krise? Ruf an:')).toBeTruthy();
      expect(links()).toEqual([
        ['Anrufen: 988 (USA)', 'tel:988'],
        ['Anrufen: 112 (EU)', 'tel:112'],
        ['Anrufen: 116 123 (UK, Samaritans)', 'tel:116123'],
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
