import { screen, waitFor } from '@testing-library/react';
import { de, en } from '@therapy/contracts/messages';
import type { MailPreferences } from '@therapy/contracts/mail-preferences';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { MailPreferencesRoute } from './mail-preferences-route';

const TOKEN = `reminders.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(22)}`;

function unsubscribing() {
  const posts: Array<{ body: string; lang: string | null }> = [];
  mockFetch([
    {
      method: 'POST',
      path: `/api/v1/mail/unsubscribe/${TOKEN}`,
      respond: (init) => {
        const lang = new Headers(init?.headers).get('accept-language');
        posts.push({ body: String(init?.body), lang });
        return jsonResponse({ message: lang?.startsWith('de') ? de.unsubscribedReminders : en.unsubscribedReminders });
      },
    },
  ]);
  return posts;
}

describe('mail preferences page', () => {
  // Signed out, whatever a file run before in the same worker left in the store (the web tests share modules).
  beforeEach(() => useAuthStore.getState().setAnonymous());

  it("a mail's unsubscribe link: says which mails it stops, asks, then sends the one-click POST", async () => {
    const posts = unsubscribing();
    const { user } = renderWithProviders(<MailPreferencesRoute />, {
      route: `/mail-preferences?token=${TOKEN}`,
      path: '/mail-preferences',
    });
    expect(await screen.findByText('This link stops reminder mails.')).toBeTruthy();
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stop these mails' }));
    await waitFor(() => expect(screen.getByText(en.unsubscribedReminders)).toBeTruthy());
    expect(posts).toEqual([{ body: 'List-Unsubscribe=One-Click', lang: 'en' }]);
    expect(screen.getByText('Sign in to choose each kind of mail.')).toBeTruthy();
  });

  it('in German (du-form)', async () => {
    await i18n.changeLanguage('de');
    try {
      const posts = unsubscribing();
      const { user } = renderWithProviders(<MailPreferencesRoute />, {
        route: `/mail-preferences?token=${TOKEN}`,
        path: '/mail-preferences',
      });
      expect(await screen.findByText('Dieser Link bestellt Erinnerungsmails ab.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Diese Mails abbestellen' }));
      await waitFor(() => expect(screen.getByText(de.unsubscribedReminders)).toBeTruthy());
      expect(posts[0]!.lang).toBe('de');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('mail preferences form (signed in)', () => {
  afterEach(() => useAuthStore.getState().setAnonymous());

  const stored: MailPreferences = { reminders: true, messages: false, bookingUpdates: true, marketing: false };

  /** GET answers after `release` is called (to see the loading state); PUT answers with `put`. */
  function preferencesApi(put: (body: MailPreferences) => Response) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const saved: MailPreferences[] = [];
    mockFetch([
      {
        path: '/api/v1/user/mail-preferences',
        respond: async () => {
          await held;
          return jsonResponse({ data: stored });
        },
      },
      {
        method: 'PUT',
        path: '/api/v1/user/mail-preferences',
        respond: (init) => {
          const body = JSON.parse(String(init?.body)) as MailPreferences;
          saved.push(body);
          return put(body);
        },
      },
    ]);
    return { saved, release: () => release() };
  }

  const open = () => {
    useAuthStore.getState().setSession('token-1', sessionUser);
    return renderWithProviders(<MailPreferencesRoute />, { route: '/mail-preferences', path: '/mail-preferences' });
  };

  it('announces loading, then shows each kind as stored', async () => {
    const api = preferencesApi((body) => jsonResponse({ data: body }));
    open();
    expect(screen.getByRole('status').textContent).toBe('Loading your mail settings…');
    expect(screen.queryByRole('checkbox')).toBeNull();
    api.release();
    const reminders = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Reminders before a session' });
    expect(reminders.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'New messages' }).checked).toBe(false);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'Booking updates (requests, proposed times, payment reminders)',
      }).checked,
    ).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'News and offers' }).checked).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('saves the changed set and says so; the form then shows what the server holds', async () => {
    const api = preferencesApi((body) => jsonResponse({ data: body, message: en.mailPreferencesSaved }));
    const { user } = open();
    api.release();
    await user.click(await screen.findByRole('checkbox', { name: 'Reminders before a session' }));
    await user.click(screen.getByRole('checkbox', { name: 'News and offers' }));
    expect(api.saved).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText(en.mailPreferencesSaved)).toBeTruthy();
    expect(api.saved).toEqual([{ reminders: false, messages: false, bookingUpdates: true, marketing: true }]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Reminders before a session' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'News and offers' }).checked).toBe(true);
  });

  it("a refused save shows the server's message and keeps the choice on screen", async () => {
    const api = preferencesApi(() =>
      jsonResponse(
        {
          message: en.mailPreferenceInvalid,
          code: 'VALIDATION_ERROR',
          errors: [en.mailPreferenceInvalid],
          requestId: 'r1',
        },
        400,
      ),
    );
    const { user } = open();
    api.release();
    await user.click(await screen.findByRole('checkbox', { name: 'New messages' }));
    await user.click(screen.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText(en.mailPreferenceInvalid)).toBeTruthy();
    expect(screen.queryByText(en.mailPreferencesSaved)).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'New messages' }).checked).toBe(true);
  });

  it('a failed load shows the error instead of a form', async () => {
    mockFetch([
      {
        path: '/api/v1/user/mail-preferences',
        respond: () => jsonResponse({ message: 'Something went wrong', code: 'INTERNAL_ERROR', requestId: 'r2' }, 500),
      },
    ]);
    open();
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save mail settings' })).toBeNull();
  });
});
