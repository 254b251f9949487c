import { refreshSession } from './api-client';
import { useAuthStore } from './auth-store';

/** What the server pushes on the live channel (apps/api/src/modules/messages/messages.module.ts). */
export interface MessageChanged {
  type: 'message.changed';
  conversationId: string;
  messageId: string;
  change: 'created' | 'updated' | 'deleted' | 'seen';
  by: string;
}

export interface LiveChannelHandlers {
  onMessageChanged: (event: MessageChanged) => void;
  /** Connected again after a break: whatever happened meanwhile was not heard, so the screens read again. */
  onReconnected: () => void;
}

/** The server closes a socket whose token ran out or was refused with this code. */
const CLOSE_UNAUTHORIZED = 4401;
const MAX_BACKOFF_MS = 30_000;

const socketUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/v1/ws`;

/**
 * The live channel (issue 18): one WebSocket per tab at /api/v1/ws, authenticated with the access token as the
 * subprotocol pair `bearer, <token>` (never in the URL). When the app refreshes its token the socket is told the new
 * one and stays open; when the server closes it for a token that ran out (4401) or refuses it at the door, the
 * session is refreshed once and the socket opens again. Other breaks reconnect with a growing pause; a reconnect
 * tells the screens to read again, so a tab that was offline finds what it missed. Returns a function that closes it.
 */
export function openLiveChannel(handlers: LiveChannelHandlers): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let failures = 0;
  let everReady = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(connect, ms);
  };

  function connect() {
    const token = useAuthStore.getState().accessToken;
    // One socket at a time: a refreshed token and a pending retry may both ask for one.
    if (stopped || !token || socket) return;
    let opened = false;
    const current = new WebSocket(socketUrl(), ['bearer', token]);
    socket = current;
    current.onopen = () => (opened = true);
    current.onmessage = (event) => {
      let data: { type?: string };
      try {
        data = JSON.parse(String(event.data)) as { type?: string };
      } catch {
        return;
      }
      if (data.type === 'ready') {
        failures = 0;
        if (everReady) handlers.onReconnected();
        everReady = true;
      } else if (data.type === 'message.changed') {
        handlers.onMessageChanged(data as MessageChanged);
      }
    };
    current.onclose = (event) => {
      if (socket === current) socket = null;
      if (stopped) return;
      failures += 1;
      // Refused at the door (a browser cannot see the 401) or closed for its token: a fresh token first.
      if (event.code === CLOSE_UNAUTHORIZED || !opened) {
        // A failed refresh (the server is down) tries again later; a session that really ended stops the channel from
        // outside (the app closes it when the user is signed out).
        void refreshSession().then(() => schedule(backoff()));
        return;
      }
      schedule(backoff());
    };
  }

  const backoff = () => Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(failures, 6)) * (0.75 + Math.random() * 0.5);

  // A refreshed token keeps the socket: it is sent in place, and the server moves the socket's expiry.
  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if (!state.accessToken || state.accessToken === previous.accessToken) return;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'auth', token: state.accessToken }));
    else if (!socket) schedule(0);
  });
  // Back online: try now instead of waiting out the pause.
  const online = () => {
    if (!socket) schedule(0);
  };
  window.addEventListener('online', online);

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    unsubscribe();
    window.removeEventListener('online', online);
    socket?.close(1000, 'closed by the app');
    socket = null;
  };
}
