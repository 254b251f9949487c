import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/render';
import { useAuthStore } from './auth-store';
import { onLiveMessage, onLiveReady, openLiveChannel, sendLive } from './live-channel';

const user = { ...sessionUser, userType: 'client' as const };

/** A WebSocket that records what the channel does with it; the test plays the server. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side.
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    this.push({ type: 'ready' });
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all.at(-1)!;

describe('live channel', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers();
    useAuthStore.setState({ status: 'authenticated', accessToken: 'token-1', user });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the token as the subprotocol pair, never in the URL, and hands on what it hears', () => {
    const onMessageChanged = vi.fn();
    const close = openLiveChannel({ onMessageChanged, onReconnected: vi.fn() });
    expect(latest().protocols).toEqual(['bearer', 'token-1']);
    expect(latest().url).toBe(`ws://${window.location.host}/api/v1/ws`);
    expect(latest().url).not.toContain('token');
    latest().accept();
    const change = { type: 'message.changed', conversationId: 'c', messageId: 'm', change: 'created', by: 'u' };
    latest().push(change);
    expect(onMessageChanged).toHaveBeenCalledWith(change);
    close();
    expect(latest().closedWith).toBe(1000);
  });

  it('re-authenticates in place when the app refreshes its token', () => {
    const close = openLiveChannel({ onMessageChanged: vi.fn(), onReconnected: vi.fn() });
    latest().accept();
    useAuthStore.setState({ accessToken: 'token-2' });
    expect(latest().sent.map((s) => JSON.parse(s) as unknown)).toEqual([{ type: 'auth', token: 'token-2' }]);
    expect(FakeSocket.all).toHaveLength(1);
    close();
  });

  it('closed for its token (4401): refreshes the session, connects again with the new token, and says it reconnected', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/user/token/refresh',
        respond: () => jsonResponse({ data: { accessToken: 'token-3', expiresIn: 900, user } }),
      },
    ]);
    const onReconnected = vi.fn();
    const close = openLiveChannel({ onMessageChanged: vi.fn(), onReconnected });
    latest().accept();
    latest().drop(4401);
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('token-3'));
    await vi.runAllTimersAsync();
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().protocols).toEqual(['bearer', 'token-3']);
    latest().accept();
    expect(onReconnected).toHaveBeenCalledTimes(1);
    close();
  });

  it('reads again when the server says it may have missed signals (resync), on the open socket', () => {
    const onReconnected = vi.fn();
    const onMessageChanged = vi.fn();
    const close = openLiveChannel({ onMessageChanged, onReconnected });
    latest().accept();
    expect(onReconnected).not.toHaveBeenCalled();
    latest().push({ type: 'resync' });
    expect(onReconnected).toHaveBeenCalledTimes(1);
    expect(onMessageChanged).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(1);
    close();
  });

  it('a broken connection is tried again after a pause, and stops for good when closed', async () => {
    const close = openLiveChannel({ onMessageChanged: vi.fn(), onReconnected: vi.fn() });
    latest().accept();
    latest().drop(1006);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSocket.all).toHaveLength(2);
    close();
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('sends for a screen (the video room) once ready, hands it the messages of its type, and tells it of every (re)connect', () => {
    const heard = vi.fn();
    const ready = vi.fn();
    const stopHearing = onLiveMessage('room.signal', heard);
    const stopReady = onLiveReady(ready);
    const close = openLiveChannel({ onMessageChanged: vi.fn(), onReconnected: vi.fn() });
    sendLive({ type: 'room.signal', bookingId: 'b', signal: { kind: 'hello' } });
    expect(latest().sent).toEqual([]);
    latest().accept();
    expect(latest().sent.map((s) => JSON.parse(s) as unknown)).toEqual([
      { type: 'room.signal', bookingId: 'b', signal: { kind: 'hello' } },
    ]);
    expect(ready).toHaveBeenCalledTimes(1);
    latest().push({ type: 'room.signal', bookingId: 'b', from: 'u', signal: { kind: 'bye' } });
    expect(heard).toHaveBeenCalledWith({ type: 'room.signal', bookingId: 'b', from: 'u', signal: { kind: 'bye' } });
    stopHearing();
    stopReady();
    latest().push({ type: 'room.signal', bookingId: 'b', from: 'u', signal: { kind: 'hello' } });
    expect(heard).toHaveBeenCalledTimes(1);
    close();
  });
});
