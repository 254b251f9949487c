import { screen, waitFor, within } from '@testing-library/react';
import { cookieNames } from '@therapy/contracts/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { readConsent, saveConsent, useConsentBanner } from '@/lib/consent';
import { i18n } from '@/lib/i18n';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';

/** Issue 49: "Cookie settings" in the footer opens the banner again, so the analytics choice can change later. */

function consentApi() {
  const sent: unknown[] = [];
  mockFetch([
    {
      method: 'PUT',
      path: '/api/v1/user/cookie-consent',
      respond: (init) => {
        const body = JSON.parse(String(init?.body)) as { consent: true | { analytics: boolean } };
        sent.push(body);
        const analytics = body.consent === true || body.consent.analytics;
        return jsonResponse({ data: { analytics } });
      },
    },
  ]);
  return sent;
}

const page = () =>
  renderWithProviders(
    <>
      <Footer />
      <CookieBanner />
    </>,
  );

afterEach(async () => {
  useAuthStore.getState().setAnonymous();
  useConsentBanner.setState({ reopened: false, opener: null });
  await i18n.changeLanguage('en');
});

describe('cookie settings in the footer', () => {
  it('reopens the banner on the stored choice; switching analytics off tells the account and the cookie', async () => {
    saveConsent(true);
    useAuthStore.getState().setSession('token-1', sessionUser);
    const sent = consentApi();
    const { user } = page();
    // A choice was made: no banner until it is asked for.
    expect(screen.queryByRole('region', { name: 'Your privacy' })).toBeNull();

    // By keyboard: Tab to the control and press Enter.
    const control = screen.getByRole('button', { name: 'Cookie settings' });
    control.focus();
    await user.keyboard('{Enter}');
    const banner = screen.getByRole('region', { name: 'Your privacy' });
    // Focus moves into the banner, so a screen reader announces it.
    expect(document.activeElement).toBe(banner);
    // The switches load with the banner's choices (a chunk of their own, not on the landing page).
    const analytics = await within(banner).findByRole('switch', { name: 'Analytics' });
    expect(analytics.getAttribute('aria-checked')).toBe('true');
    expect(within(banner).getByRole('switch', { name: 'Advertising' }).getAttribute('aria-checked')).toBe('true');

    await user.click(analytics);
    expect(analytics.getAttribute('aria-checked')).toBe('false');
    expect(sent).toEqual([]);
    await user.click(within(banner).getByRole('button', { name: 'Save choices' }));

    await waitFor(() =>
      expect(sent).toEqual([{ consent: { analytics: false, advertising: true, personalization: true } }]),
    );
    expect(readConsent()).toEqual({ analytics: false, advertising: true, personalization: true });
    expect(document.cookie).toContain(`${cookieNames.cookieConsent}=`);
    expect(screen.queryByRole('region', { name: 'Your privacy' })).toBeNull();
    // Focus goes back to the control that opened it.
    expect(document.activeElement).toBe(control);
  });

  it('switching analytics back on later sends the new value too', async () => {
    saveConsent({ analytics: false, advertising: false, personalization: false });
    useAuthStore.getState().setSession('token-1', sessionUser);
    const sent = consentApi();
    const { user } = page();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const banner = screen.getByRole('region', { name: 'Your privacy' });
    const analytics = await within(banner).findByRole('switch', { name: 'Analytics' });
    expect(analytics.getAttribute('aria-checked')).toBe('false');
    await user.click(analytics);
    await user.click(within(banner).getByRole('button', { name: 'Save choices' }));
    await waitFor(() =>
      expect(sent).toEqual([{ consent: { analytics: true, advertising: false, personalization: false } }]),
    );
    expect(readConsent()).toEqual({ analytics: true, advertising: false, personalization: false });
  });

  it('"Keep my choice" and Escape close it with nothing changed and nothing sent', async () => {
    saveConsent(true);
    useAuthStore.getState().setSession('token-1', sessionUser);
    const sent = consentApi();
    const { user } = page();
    const control = screen.getByRole('button', { name: 'Cookie settings' });
    await user.click(control);
    await user.click(await screen.findByRole('switch', { name: 'Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Keep my choice' }));
    expect(screen.queryByRole('region', { name: 'Your privacy' })).toBeNull();
    expect(document.activeElement).toBe(control);

    await user.click(control);
    // Reopened again: the switches show what is stored, not what was clicked before.
    expect((await screen.findByRole('switch', { name: 'Analytics' })).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Your privacy' })).toBeNull();
    expect(readConsent()).toBe(true);
    expect(sent).toEqual([]);
  });

  it('signed out, the new choice is kept in the cookie and the API is not called', async () => {
    saveConsent(true);
    const sent = consentApi();
    const { user } = page();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await user.click(await screen.findByRole('button', { name: 'Reject all' }));
    expect(readConsent()).toEqual({ analytics: false, advertising: false, personalization: false });
    expect(sent).toEqual([]);
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    saveConsent(true);
    consentApi();
    const { user } = page();
    await user.click(screen.getByRole('button', { name: 'Cookie-Einstellungen' }));
    const banner = screen.getByRole('region', { name: 'Deine Privatsphäre' });
    expect(await within(banner).findByRole('switch', { name: 'Analyse' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Auswahl beibehalten' })).toBeTruthy();
  });
});
