import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { Header } from './header';

vi.mock('@/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() } }));

afterEach(async () => {
  useAuthStore.getState().setAnonymous();
  await i18n.changeLanguage('en');
});

describe('header sign-out', () => {
  // The spec's message comes from the messages loaded on first need (api-error.ts), not with the landing page.
  it.each([
    ['en', 'You have been signed out'],
    ['de', 'Du wurdest abgemeldet'],
  ])('signs out and says so in %s', async (language, text) => {
    await i18n.changeLanguage(language);
    useAuthStore.getState().setSession('token-1', sessionUser);
    const fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/v1/user/logout',
        respond: () => jsonResponse({ message: 'You have been signed out' }),
      },
    ]);
    renderWithProviders(<Header />, { route: '/appointments', path: '/appointments' });
    await userEvent.click(screen.getAllByRole('button', { name: i18n.t('nav.signOut') })[0]!);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(text));
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/v1/user/logout'))).toBe(true);
    expect(useAuthStore.getState().status).toBe('anonymous');
  });
});

describe("the provider's menu (issue 46)", () => {
  it.each([
    ['en', 'Earnings'],
    ['de', 'Einnahmen'],
  ])('links their earnings page, /wallet (%s)', async (language, label) => {
    await i18n.changeLanguage(language);
    useAuthStore.getState().setSession('token-1', sessionUser);
    mockFetch([
      {
        path: '/api/v1/messages/unread',
        respond: () => jsonResponse({ data: { conversations: 0 } }),
      },
    ]);
    renderWithProviders(<Header />, { route: '/appointments', path: '/appointments' });
    const links = screen.getAllByRole('link', { name: label, hidden: true });
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.getAttribute('href') === '/wallet')).toBe(true);
  });
});
