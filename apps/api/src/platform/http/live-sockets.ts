import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AccessClaims, AccessTokens } from '../auth/tokens.ts';
import type { SessionLoader } from '../auth/plugin.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { DomainEventMap, EventBus } from '../events.ts';

/**
 * The live channel (issue 18): one WebSocket per open tab at `/api/v1/ws`, authenticated with the access token sent as
 * the subprotocol pair `bearer, <token>` (never in the URL, where logs and proxies would keep it). The socket lives as
 * long as the token: a tab that refreshes its token sends `{ "type": "auth", "token": "…" }` and keeps the socket;
 * one that does not is closed (4401) when the token runs out, as is every socket of a session that ends: the
 * `session.ended` event reaches every instance, and each closes the sockets of that session it holds (issue 45). Every
 * frame a tab sends is checked against a live session first, so a frame that races the close is refused. Modules push
 * to a user's sockets on this instance with `sendTo`; what happens on other instances reaches them through the domain
 * events (`everyInstance`), so each instance tells the sockets it holds.
 */
/** A socket message of a type a module handles: who sent it (the socket's user), the message, and a way to answer that one socket. */
/** A module's handler of one message type; `actor` is the socket's signed-in user (the access core decides the rest). */
export type LiveMessageHandler = (
  actor: AccessClaims,
  message: Record<string, unknown>,
  reply: (answer: object) => void,
) => Promise<void>;

export interface LiveSockets {
  /** Sends a JSON message to every open socket of the user held by this instance; how many it reached. */
  sendTo(userId: string, message: object): number;
  /** Takes the messages of one `type` that tabs send (the video room's signals); `auth` is the channel's own. */
  handle(type: string, handler: LiveMessageHandler): void;
  /**
   * Tells every socket held here to read again (`{ "type": "resync" }`): live signals may have been missed (the
   * instance's LISTEN connection was lost and is back), so the tabs fetch what they show instead of waiting for them.
   */
  resyncAll(): number;
  /** Sockets open on this instance (for tests and metrics). */
  count(): number;
}

/** Closed because its session ended (signed out, ended from another device, password changed, account deleted). */
const SESSION_ENDED = 'session ended';

export const SOCKET_PATH = '/api/v1/ws';
/** The message that tells a tab to read again what it shows (live signals may have been missed). */
export const RESYNC = 'resync';
/** Closed because the token ran out or was refused: the browser refreshes it and connects again. */
export const CLOSE_UNAUTHORIZED = 4401;
const PING_MS = 25_000;

export interface Held {
  socket: WebSocket;
  claims: AccessClaims;
  expiresAt: number;
  timer: NodeJS.Timeout | undefined;
}

/** The token from `Sec-WebSocket-Protocol: bearer, <token>` (a JWT fits a subprotocol's token characters). */
const tokenOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers['sec-websocket-protocol'];
  const parts = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((p) => p.trim());
  return parts[0] === 'bearer' && parts[1] ? parts[1] : undefined;
};

/**
 * The sockets this instance holds. Modules get it as their `LiveSockets` port (send to a user, take a message type,
 * tell every tab to read again) when they are made; `registerLiveSockets`'s route fills it as sockets open.
 */
export interface LiveSocketHub extends LiveSockets {
  readonly held: Map<string, Set<Held>>;
  readonly handlers: Map<string, LiveMessageHandler>;
  /** Closes the sockets held here of the sessions that ended (at once, before any later push reaches them); how many. */
  closeEnded(ended: DomainEventMap['session.ended']): number;
}

export function createLiveSockets(): LiveSocketHub {
  const held = new Map<string, Set<Held>>();
  const handlers = new Map<string, LiveMessageHandler>();
  return {
    held,
    handlers,
    sendTo(userId, message) {
      const text = JSON.stringify(message);
      let reached = 0;
      for (const entry of held.get(userId) ?? []) {
        if (entry.socket.readyState !== entry.socket.OPEN) continue;
        entry.socket.send(text);
        reached += 1;
      }
      return reached;
    },
    resyncAll() {
      const text = JSON.stringify({ type: RESYNC });
      let reached = 0;
      for (const set of held.values()) {
        for (const entry of set) {
          if (entry.socket.readyState !== entry.socket.OPEN) continue;
          entry.socket.send(text);
          reached += 1;
        }
      }
      return reached;
    },
    count: () => [...held.values()].reduce((n, set) => n + set.size, 0),
    closeEnded({ userId, sessionId, keepSessionId }) {
      let closed = 0;
      for (const entry of held.get(userId) ?? []) {
        const ended =
          sessionId === null ? entry.claims.sessionId !== keepSessionId : entry.claims.sessionId === sessionId;
        if (!ended || entry.socket.readyState !== entry.socket.OPEN) continue;
        // Closing moves the socket out of OPEN now, so `sendTo` skips it from here on.
        entry.socket.close(CLOSE_UNAUTHORIZED, SESSION_ENDED);
        closed += 1;
      }
      return closed;
    },
    handle(type, handler) {
      if (type === 'auth') throw new Error('live sockets: "auth" is the channel\'s own message');
      handlers.set(type, handler);
    },
  };
}

/** The live channel's route (`/api/v1/ws`): who may open a socket, and what its messages do. */
export async function registerLiveSockets(
  app: FastifyInstance,
  hub: LiveSocketHub,
  opts: {
    tokens: AccessTokens;
    clock: Clock;
    loadSession: SessionLoader;
    events: Pick<EventBus, 'subscribe' | 'onCrossInstanceReset'>;
  },
): Promise<void> {
  const { held, handlers } = hub;
  // A session ended on any instance (this one included): its sockets here close at once.
  opts.events.subscribe('session.ended', (ended) => void hub.closeEnded(ended), { everyInstance: true });
  // `session.ended` events may have been missed (the listener was lost): every socket held here is checked again.
  opts.events.onCrossInstanceReset(() => {
    void closeDeadSessions().catch((err: unknown) => app.log.error({ err }, 'live sockets: session check failed'));
  });

  // Pick `bearer` as the protocol, so the browser accepts the answer; the token itself is never echoed back.
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, handleProtocols: (protocols) => (protocols.has('bearer') ? 'bearer' : false) },
  });

  /** A token's claims and expiry when it is valid for a live session; undefined otherwise. */
  const check = async (token: string | undefined): Promise<{ claims: AccessClaims; expiresAt: number } | undefined> => {
    if (!token) return undefined;
    const claims = await opts.tokens.verify(token, opts.clock.now());
    if (!claims || !(await opts.loadSession(claims.userId, claims.sessionId))) return undefined;
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
    };
    return { claims, expiresAt: (payload.exp ?? 0) * 1000 };
  };

  /** The socket's session is still live and its token in date (what every frame it sends is checked against). */
  const stillLive = async (entry: Held): Promise<boolean> =>
    entry.expiresAt > opts.clock.now().getTime() &&
    (await opts.loadSession(entry.claims.userId, entry.claims.sessionId)) !== undefined;

  /** Closes every socket held here whose session is no longer live; one session check per session. */
  const closeDeadSessions = async (): Promise<void> => {
    const bySession = new Map<string, Held[]>();
    for (const set of held.values())
      for (const entry of set)
        bySession.set(entry.claims.sessionId, [...(bySession.get(entry.claims.sessionId) ?? []), entry]);
    for (const entries of bySession.values()) {
      if (await stillLive(entries[0]!)) continue;
      for (const entry of entries)
        if (entry.socket.readyState === entry.socket.OPEN) entry.socket.close(CLOSE_UNAUTHORIZED, SESSION_ENDED);
    }
  };

  const expireAt = (entry: Held) => {
    if (entry.timer) clearTimeout(entry.timer);
    const wait = Math.max(0, entry.expiresAt - opts.clock.now().getTime());
    entry.timer = setTimeout(
      () => entry.socket.close(CLOSE_UNAUTHORIZED, 'token expired'),
      Math.min(wait, 2_147_000_000),
    );
  };

  app.get(
    SOCKET_PATH,
    {
      websocket: true,
      schema: { hide: true },
      // Before the upgrade: no valid token of a live session, no socket (a plain 401 answer).
      onRequest: async (req) => {
        const ok = await check(tokenOf(req));
        if (!ok) throw AppError.unauthorized();
        req.actor = ok.claims;
        (req as FastifyRequest & { liveExpiresAt?: number }).liveExpiresAt = ok.expiresAt;
      },
    },
    (socket, req) => {
      const claims = req.actor!;
      const entry: Held = {
        socket,
        claims,
        expiresAt: (req as FastifyRequest & { liveExpiresAt?: number }).liveExpiresAt ?? 0,
        timer: undefined,
      };
      const set = held.get(claims.userId) ?? new Set<Held>();
      set.add(entry);
      held.set(claims.userId, set);
      expireAt(entry);
      let alive = true;
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_MS);
      socket.on('pong', () => (alive = true));
      // One message at a time, in the order they came: a room's offer must not be overtaken by its ICE candidates.
      let queue = Promise.resolve();
      socket.on('message', (data) => {
        queue = queue
          .then(async () => {
            let message: { type?: string; token?: string } & Record<string, unknown>;
            try {
              message = JSON.parse(String(data)) as typeof message;
            } catch {
              return;
            }
            if (typeof message !== 'object' || message === null) return;
            // A refreshed token keeps the socket: same user, a later expiry (and the socket now belongs to the
            // token's session, which is what ending a session looks for).
            if (message.type === 'auth') {
              const ok = await check(message.token);
              if (!ok || ok.claims.userId !== claims.userId) return socket.close(CLOSE_UNAUTHORIZED, 'token refused');
              entry.claims = ok.claims;
              entry.expiresAt = ok.expiresAt;
              expireAt(entry);
              socket.send(JSON.stringify({ type: 'auth.ok' }));
              return;
            }
            // Every other frame, before anything acts on it: the socket's session must still be live. The close of an
            // ended session may still be on its way (another instance ended it a moment ago): this frame is refused.
            if (!(await stillLive(entry))) return socket.close(CLOSE_UNAUTHORIZED, SESSION_ENDED);
            const handler = typeof message.type === 'string' ? handlers.get(message.type) : undefined;
            if (handler) {
              await handler(entry.claims, message, (answer) => {
                if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(answer));
              });
            }
          })
          // Whatever failed (a handler, the token check's database read) is logged, and the socket takes the next message:
          // a rejected chain would leave it deaf.
          .catch((err: unknown) => app.log.error({ err }, 'live socket message failed'));
      });
      socket.on('close', () => {
        clearInterval(ping);
        if (entry.timer) clearTimeout(entry.timer);
        set.delete(entry);
        if (set.size === 0) held.delete(claims.userId);
      });
      socket.send(JSON.stringify({ type: 'ready' }));
    },
  );

  app.addHook('onClose', async () => {
    for (const set of held.values()) for (const entry of set) entry.socket.close(1001, 'server stopping');
  });
}
