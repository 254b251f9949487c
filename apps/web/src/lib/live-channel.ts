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
  /**
   * Connected again after a break, or told by the server that it may have missed signals (`resync`): whatever happened
   * meanwhile was not heard, so the screens read again.
   */
  onReconnected: () => void;
}

/** The server closes a socket whose token ran out or was refused with this code. */
const CLOSE_UNAUTHORIZED = 4401;
const MAX_BACKOFF_MS = 30_000;

type Listener = (message: Record<string, unknown>) => void;
/** Listeners by message type (the video room's `room.signal`, `room.refused`), and who wants to know of a (re)connect. */
const listeners = new Map<string, Set<Listener>>();
const readyListeners = new Set<() => void>();
/** The open channel's socket (one per tab), and what was sent while it was not open (sent once it is). */
let liveSocket: WebSocket | null = null;
let outbox: Array<{ text: string; until: number }> = [];
const OUTBOX_MS = 20_000;

/** Hears socket messages of one type; returns a function that stops it. */
export function onLiveMessage(type: string, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(type, set);
  return () => void set.delete(listener);
}

/** Hears every time the channel is ready (again): whoever relies on it says what it must say again. */
export function onLiveReady(listener: () => void): () => void {
  readyListeners.add(listener);
  return () => void readyListeners.delete(listener);
}

/** Sends a message on the channel now, or as soon as it is open (within 20 s; after that it is of no use). */
export function sendLive(message: object): void {
  const text = JSON.stringify(message);
  if (liveSocket?.readyState === WebSocket.OPEN) liveSocket.send(text);
  else outbox.push({ text, until: Date.now() + OUTBOX_MS });
}

const flushOutbox = (socket: WebSocket) => {
  const now = Date.now();
  for (const item of outbox) if (item.until > now) socket.send(item.text);
  outbox = [];
};

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
    const sock = new WebSocket(socketUrl(), ['bearer', token]);
    socket = sock;
    sock.onopen = () => (opened = true);
    sock.onmessage = (event) => {
      let data: { type?: string };
      try {
        data = JSON.parse(String(event.data)) as { type?: string };
      } catch {
        return;
      }
      if (data.type === 'ready') {
        failures = 0;
        liveSocket = sock;
        flushOutbox(sock);
        if (everReady) handlers.onReconnected();
        everReady = true;
        for (const listener of readyListeners) listener();
      } else if (data.type === 'resync') {
        // The server may have missed signals meant for this tab (its database listener reconnected): read again.
        handlers.onReconnected();
      } else if (data.type === 'message.changed') {
        handlers.onMessageChanged(data as MessageChanged);
      } else if (typeof data.type === 'string') {
        for (const listener of listeners.get(data.type) ?? []) listener(data as Record<string, unknown>);
      }
    };
    sock.onclose = (event) => {
      if (socket === sock) socket = null;
      if (liveSocket === sock) liveSocket = null;
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
    if (liveSocket === socket) liveSocket = null;
    socket = null;
  };
}
