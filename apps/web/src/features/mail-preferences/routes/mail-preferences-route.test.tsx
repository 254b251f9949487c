import { screen, waitFor } from '@testing-library/react';
import { de, en } from '@therapy/contracts/messages';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
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
