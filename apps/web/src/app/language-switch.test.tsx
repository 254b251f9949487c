import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { pageLocation } from '@/lib/page-location';
import { applySession } from '@/lib/session-state';
import { getCookie, setCookie } from '@/lib/storage';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { LanguageSwitch } from './language-switch';

// The browser's page loads, stood in for (the config restores spies after each test).
let loadPage: MockInstance<(url: string) => void>;
beforeEach(() => {
  loadPage = vi.spyOn(pageLocation, 'load').mockImplementation(() => undefined);
});

/** The browser's address bar (the memory router of the test does not touch it). */
const visit = (url: string) => window.history.replaceState(null, '', url);

afterEach(async () => {
  useAuthStore.getState().setAnonymous();
  visit('/');
  await i18n.changeLanguage('en');
});

/** The switch saves the choice (and loads the German texts) before it leaves: seconds on a loaded machine. */
const SWITCH = { timeout: 5000 };

describe('the language switch (German URLs, docs/decisions/0063)', () => {
  it('loads the page’s German URL, query and hash kept, and saves the choice', async () => {
    visit('/therapists/?state=NY#results');
    renderWithProviders(<LanguageSwitch />);
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/de/therapists/?state=NY#results'), SWITCH);
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(getCookie('X-Locale')).toBe('de');
    expect(getCookie('X-Language')).toBe('de');
    // The page itself is not switched in place: the German one comes from its own URL.
    expect(i18n.language).toBe('en');
  });

  it('from a German page, loads the bare English URL', async () => {
    visit('/de/therapists/');
    await i18n.changeLanguage('de');
    renderWithProviders(<LanguageSwitch />);
    await userEvent.selectOptions(screen.getByLabelText('Sprache'), 'en');
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/therapists/'), SWITCH);
    expect(getCookie('X-Locale')).toBe('en');
    visit('/de');
    await userEvent.selectOptions(screen.getByLabelText('Sprache'), 'en');
    await waitFor(() => expect(loadPage).toHaveBeenLastCalledWith('/'), SWITCH);
  });

  it('signed in, saves the language on the account before leaving the page', async () => {
    visit('/overview/');
    useAuthStore.getState().setSession('token-1', sessionUser);
    const order: string[] = [];
    loadPage.mockImplementation((url) => void order.push(`load ${url}`));
    const fetchMock = mockFetch([
      {
        method: 'PUT',
        path: '/api/v1/user/preferences',
        respond: (init) => {
          order.push(`save ${String(init?.body)}`);
          return jsonResponse({ data: { ...sessionUser, locale: 'de' } });
        },
      },
    ]);
    renderWithProviders(<LanguageSwitch />);
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    await waitFor(() => expect(order).toEqual(['save {"locale":"de"}', 'load /de/overview/']), SWITCH);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().user?.locale).toBe('de');
  });

  it('choosing the page’s own language changes nothing', async () => {
    visit('/de/login/');
    await i18n.changeLanguage('de');
    renderWithProviders(<LanguageSwitch />);
    await userEvent.selectOptions(screen.getByLabelText('Sprache'), 'de');
    expect(loadPage).not.toHaveBeenCalled();
  });
});

describe('a sign-in (the account’s language, German URLs)', () => {
  it('lands on the page’s German URL when the account says German and this browser has no choice saved', async () => {
    visit('/overview/');
    applySession({ accessToken: 'token-1', expiresIn: 900, user: { ...sessionUser, locale: 'de' } });
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/de/overview/'), SWITCH);
    expect(getCookie('X-Locale')).toBe('de');
  });

  it('keeps a choice made in this browser before signing in', async () => {
    visit('/overview/');
    setCookie('X-Locale', 'en');
    applySession({ accessToken: 'token-1', expiresIn: 900, user: { ...sessionUser, locale: 'de' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadPage).not.toHaveBeenCalled();
    expect(i18n.language).toBe('en');
  });
});
