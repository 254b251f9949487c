import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { LiveUpdates } from './live-updates';
import { NotificationBell } from './notification-bell';

/** A WebSocket the test plays the server of (as lib/live-channel.test.ts does). */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

afterEach(async () => {
  vi.unstubAllGlobals();
  useAuthStore.getState().setAnonymous();
  await i18n.changeLanguage('en');
});

describe('the notification bell (issue 47)', () => {
  it.each([
    ['en', 'Notifications, 3 unread', 'Notifications'],
    ['de', 'Benachrichtigungen, 3 ungelesen', 'Benachrichtigungen'],
  ])(
    'says how many are unread in words (%s), links the centre, and shows none when all are read',
    async (language, unread, none) => {
      await i18n.changeLanguage(language);
      let count = 3;
      mockFetch([
        { path: '/api/v1/notifications/unread-count', respond: () => jsonResponse({ data: { unread: count } }) },
      ]);
      const view = renderWithProviders(<NotificationBell />);
      const bell = await screen.findByRole('link', { name: unread });
      expect(bell.getAttribute('href')).toBe('/notifications');
      expect(screen.getByTestId('notification-count').textContent).toBe('3');
      count = 0;
      view.unmount();
      renderWithProviders(<NotificationBell />);
      expect(await screen.findByRole('link', { name: none })).toBeTruthy();
      expect(screen.queryByTestId('notification-count')).toBeNull();
    },
  );

  it('reads the count again when the socket says notifications changed', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.all = [];
    useAuthStore.getState().setSession('token-1', { ...sessionUser, userType: 'client' });
    let count = 1;
    mockFetch([
      { path: '/api/v1/notifications/unread-count', respond: () => jsonResponse({ data: { unread: count } }) },
      { path: '/api/v1/messages/unread', respond: () => jsonResponse({ data: { conversations: 0 } }) },
    ]);
    renderWithProviders(
      <>
        <LiveUpdates />
        <NotificationBell />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    const socket = FakeSocket.all[0]!;
    socket.readyState = FakeSocket.OPEN;
    socket.onopen?.();
    socket.push({ type: 'ready' });
    count = 2;
    socket.push({ type: 'notifications.changed' });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });
});
