import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/client.ts';
import { SOCKET_PATH } from '../src/platform/http/live-sockets.ts';
import type { SignedUp, TestApp } from './harness.ts';

/** The access token of a signed-up user, for the socket's subprotocol pair. */
export const tokenOf = (who: SignedUp) => who.auth.authorization.slice('Bearer '.length);

export interface TestSocket {
  socket: WebSocket;
  received: Array<Record<string, unknown>>;
  /** The first message (received already or still to come within 5 s) that matches. */
  next: (match: (m: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
  send: (message: object) => void;
  /** Settles when the socket closes, with the close code the server gave. */
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * A live socket (issue 18) with its messages collected; resolves once the server said it is ready. Every socket made
 * goes into `opened`, for the test to terminate at the end.
 */
export function connectSocket(
  base: string,
  token: string | undefined,
  opened: WebSocket[],
  protocols?: string[],
): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${base.replace('http', 'ws')}${SOCKET_PATH}`,
      protocols ?? (token ? ['bearer', token] : []),
    );
    opened.push(socket);
    const received: Array<Record<string, unknown>> = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: String(reason) })),
    );
    const waiters: Array<{
      match: (m: Record<string, unknown>) => boolean;
      done: (m: Record<string, unknown>) => void;
    }> = [];
    const next = (match: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((done, fail) => {
        const found = received.find(match);
        if (found) return done(found);
        waiters.push({ match, done });
        setTimeout(() => fail(new Error(`no matching message within 5 s; got ${JSON.stringify(received)}`)), 5_000);
      });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      received.push(message);
      for (const waiter of waiters.splice(0)) {
        if (waiter.match(message)) waiter.done(message);
        else waiters.push(waiter);
      }
      if (message.type === 'ready')
        resolve({ socket, received, next, send: (m) => socket.send(JSON.stringify(m)), closed });
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

/**
 * A second API instance beside the test app (issue 18): the same configuration (keys) and database, its own pool and
 * its own LISTEN connection; both listen on free ports. `close` ends the sockets, the second instance and the app.
 */
export async function twoInstances(
  t: TestApp,
): Promise<{ urlA: string; urlB: string; sockets: WebSocket[]; close: () => Promise<void> }> {
  const otherDb = createDatabase(t.config.databaseUrl!, { max: 5 });
  const other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false });
  const urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const urlB = await other.listen({ port: 0, host: '127.0.0.1' });
  const sockets: WebSocket[] = [];
  return {
    urlA,
    urlB,
    sockets,
    close: async () => {
      for (const socket of sockets) socket.terminate();
      await other.close();
      await otherDb.$client.end();
      await t.close();
    },
  };
}
