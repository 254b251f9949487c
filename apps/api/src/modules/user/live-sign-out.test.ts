import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bookingWorld, insertBooking, moveClock, type World } from '../../../test/booking-fixtures.ts';
import { uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { connectSocket, tokenOf, twoInstances, type TestSocket } from '../../../test/live-socket.ts';
import { CLOSE_UNAUTHORIZED } from '../../platform/http/live-sockets.ts';

/**
 * Live sockets end with their session (issue 45): signing out, ending a device, a password change or deleting the
 * account closes the sockets of every session that ended, on both instances of one database, at once; and a frame
 * from a socket whose session ended (the close not there yet) is refused before anything acts on it.
 */
let t: TestApp;
let instances: Awaited<ReturnType<typeof twoInstances>>;
let urlA: string;
let urlB: string;
let sockets: WebSocket[];
let w: World;
let bookingId: string;
let conversationId: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  instances = await twoInstances(t);
  ({ urlA, urlB, sockets } = instances);
  w = await bookingWorld(t);
  // An online session (bookingWorld's first modality), whose room is open from 09:50.
  bookingId = (await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' })).bookingId;
  conversationId = (
    await t.api('POST', '/messages/conversations', w.client, { participantIdentifier: w.provider.userId })
  ).json().data.identifier;
  await moveClock(w, '2026-05-06T09:55:00Z');
});
afterAll(async () => instances.close());

interface Device {
  token: string;
  auth: { authorization: string };
  cookie: string;
  sessionId: string;
}
let signIns = 0;
/** Another signed-in device of `who`: a session of its own. */
async function device(who: { email: string; password: string }): Promise<Device> {
  signIns += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: who.email, password: who.password },
    remoteAddress: `10.77.${(signIns >> 8) & 255}.${signIns & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.accessToken as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
  return {
    token,
    auth: { authorization: `Bearer ${token}` },
    cookie: res.cookies.find((c) => c.name === 'refresh_token')!.value,
    sessionId: claims.sid,
  };
}
const connect = (base: string, token: string) => connectSocket(base, token, sockets);
/** The code the server closed the socket with, within 5 s. */
const closeCode = (s: TestSocket) =>
  Promise.race([
    s.closed.then((c) => c.code),
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error('the socket is still open after 5 s')), 5_000)),
  ]);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A message the provider sends in the conversation (through instance A); its id. */
async function providerWrites(content: string): Promise<string> {
  const sent = await uploadDocuments(
    t,
    w.provider,
    '/messages/store',
    { conversationIdentifier: conversationId, content },
    [],
    'files',
  );
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json().data.identifier as string;
}
const changes = (s: TestSocket) => s.received.filter((m) => m.type === 'message.changed');

describe('ending a session closes its live sockets on every instance', () => {
  it('sign-out closes the sockets of that session on both instances, and only those; they hear no message after it', async () => {
    const leaving = await device(w.client);
    const staying = await device(w.client);
    const onA = await connect(urlA, leaving.token);
    const onB = await connect(urlB, leaving.token);
    const other = await connect(urlB, staying.token);
    // Sign-out reaches instance A; the socket on B hears of it through the database.
    const out = await t.request({
      method: 'POST',
      url: '/api/v1/user/logout',
      cookies: { refresh_token: leaving.cookie },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await closeCode(onA)).toBe(CLOSE_UNAUTHORIZED);
    expect(await closeCode(onB)).toBe(CLOSE_UNAUTHORIZED);

    const id = await providerWrites('After the sign-out');
    await other.next((m) => m.type === 'message.changed' && m.messageId === id);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    expect(changes(onA)).toEqual([]);
    expect(changes(onB)).toEqual([]);
  });

  it("sign-out with only the bearer token closes that session's sockets too", async () => {
    const leaving = await device(w.client);
    const onB = await connect(urlB, leaving.token);
    const out = await t.request({ method: 'POST', url: '/api/v1/user/logout', headers: leaving.auth });
    expect(out.statusCode, out.body).toBe(200);
    expect(await closeCode(onB)).toBe(CLOSE_UNAUTHORIZED);
  });

  it("ending a device from another one (on the other instance) closes that device's sockets on both", async () => {
    const ended = await device(w.client);
    const asking = await device(w.client);
    const onA = await connect(urlA, ended.token);
    const onB = await connect(urlB, ended.token);
    const askingSocket = await connect(urlA, asking.token);
    const res = await fetch(`${urlB}/api/v1/user/sessions/${ended.sessionId}`, {
      method: 'DELETE',
      headers: asking.auth,
    });
    expect(res.status).toBe(200);
    expect(await closeCode(onA)).toBe(CLOSE_UNAUTHORIZED);
    expect(await closeCode(onB)).toBe(CLOSE_UNAUTHORIZED);
    const id = await providerWrites('After the device was signed out');
    await askingSocket.next((m) => m.type === 'message.changed' && m.messageId === id);
    expect(changes(onA)).toEqual([]);
    expect(changes(onB)).toEqual([]);
  });

  it("a password change closes the other sessions' sockets; the device that changed it keeps its socket", async () => {
    const user = await t.signUp('client');
    const other = await device(user);
    const mine = await connect(urlA, tokenOf(user));
    const theirsOnA = await connect(urlA, other.token);
    const theirsOnB = await connect(urlB, other.token);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/profile/update-password',
      headers: user.auth,
      payload: { oldPassword: user.password, newPassword: 'Silver-Lantern-55', confirmPassword: 'Silver-Lantern-55' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closeCode(theirsOnA)).toBe(CLOSE_UNAUTHORIZED);
    expect(await closeCode(theirsOnB)).toBe(CLOSE_UNAUTHORIZED);
    await pause(300);
    expect(mine.socket.readyState).toBe(WebSocket.OPEN);
    mine.send({ type: 'auth', token: tokenOf(user) });
    await mine.next((m) => m.type === 'auth.ok');
  });

  it('deleting the account closes its sockets on both instances', async () => {
    const user = await t.signUp('client');
    const onA = await connect(urlA, tokenOf(user));
    const onB = await connect(urlB, (await device(user)).token);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/v1/user/profile/delete-account',
      headers: user.auth,
      payload: { password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closeCode(onA)).toBe(CLOSE_UNAUTHORIZED);
    expect(await closeCode(onB)).toBe(CLOSE_UNAUTHORIZED);
  });
});

describe('every frame is checked against a live session', () => {
  it('a signal from a socket whose session ended (its close still on the way) is refused: nothing is stored or relayed', async () => {
    const racing = await device(w.client);
    const client = await connect(urlA, racing.token);
    const provider = await connect(urlB, tokenOf(w.provider));
    const signalsTo = () => provider.received.filter((m) => m.type === 'room.signal').length;
    // While the session lives, its signals go through.
    client.send({ type: 'room.signal', bookingId, signal: { kind: 'hello' } });
    await provider.next((m) => m.type === 'room.signal' && m.from === w.client.userId);
    const stored = await t.count('room_signals');
    // The session ends in the database and nothing tells the sockets (as when the close has not arrived yet).
    await t.db.$client.query('UPDATE user_sessions SET revoked_at = $2 WHERE identifier = $1', [
      racing.sessionId,
      t.clock.now(),
    ]);
    client.send({
      type: 'room.signal',
      bookingId,
      signal: {
        kind: 'candidate',
        candidate: {
          candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      },
    });
    expect(await closeCode(client)).toBe(CLOSE_UNAUTHORIZED);
    expect(await t.count('room_signals')).toBe(stored);
    await pause(300);
    expect(signalsTo()).toBe(1);
  });

  it('a session that ended while the instances could not hear it: its sockets close once they listen again', async () => {
    const missed = await device(w.client);
    const onB = await connect(urlB, missed.token);
    const kept = await connect(urlB, tokenOf(w.provider));
    await t.db.$client.query('UPDATE user_sessions SET revoked_at = $2 WHERE identifier = $1', [
      missed.sessionId,
      t.clock.now(),
    ]);
    const { rows } = await t.db.$client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "domain_events"'`,
    );
    expect(rows.length).toBe(2);
    expect(await closeCode(onB)).toBe(CLOSE_UNAUTHORIZED);
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
  });
});
