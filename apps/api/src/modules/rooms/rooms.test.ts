import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { bookingWorld, insertBooking, moveClock, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { connectSocket, tokenOf, twoInstances } from '../../../test/live-socket.ts';

/**
 * The video room (issue 19): who may join and when (GET /session/{id}/room), and its signals relayed between the two
 * parties over the live sockets when they are held by two different instances on one database. A stranger, a closed
 * room and a malformed signal are refused, and nothing is stored for them.
 */
let t: TestApp;
let instances: Awaited<ReturnType<typeof twoInstances>>;
let urlA: string;
let urlB: string;
let sockets: WebSocket[];
let w: World;
let bookingId: string;
let stranger: SignedUp;
const START = '2026-05-06T10:00:00Z';

const room = (who: SignedUp | undefined, id = bookingId) => t.api('GET', `/session/${id}/room`, who);
const signals = () => t.count('room_signals');

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  instances = await twoInstances(t);
  ({ urlA, urlB, sockets } = instances);
  w = await bookingWorld(t);
  // bookingWorld's first modality is online (the reference seed's order); the room is for online sessions.
  bookingId = (await insertBooking(w, { status: 'confirmed', start: START })).bookingId;
});
afterAll(async () => instances.close());

describe('GET /session/{bookingId}/room', () => {
  it('tells the parties when the room opens; it opens 10 minutes before the start and closes at the end', async () => {
    const early = await room(w.client);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toMatchObject({
      bookingIdentifier: bookingId,
      role: 'client',
      otherParty: { identifier: w.provider.userId, name: 'Theo Provider' },
      startsAt: '2026-05-06T10:00:00.000Z',
      opensAt: '2026-05-06T09:50:00.000Z',
      endsAt: '2026-05-06T11:00:00.000Z',
      state: 'early',
      canJoin: false,
      iceServers: [],
    });
    await moveClock(w, '2026-05-06T09:49:59Z');
    expect((await room(w.provider)).json().data).toMatchObject({ role: 'provider', state: 'early', canJoin: false });
    await moveClock(w, '2026-05-06T09:50:00Z');
    expect((await room(w.provider)).json().data).toMatchObject({
      state: 'open',
      canJoin: true,
      otherParty: { name: 'Ada Client' },
    });
    await moveClock(w, '2026-05-06T11:00:00Z');
    expect((await room(w.client)).json().data).toMatchObject({ state: 'ended', canJoin: false });
  });

  it("is nobody else's: a stranger and a made-up booking are 404, an operator 403, nobody signed in 401", async () => {
    await moveClock(w, '2026-05-06T09:55:00Z');
    stranger = await t.signUp('client');
    expect((await room(stranger)).statusCode).toBe(404);
    expect((await room(w.client, '0190a6c4-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await room(w.client, 'not-an-id')).statusCode).toBe(400);
    expect((await room(await t.signUpOperator())).statusCode).toBe(403);
    expect((await room(undefined)).statusCode).toBe(401);
  });

  it('an in-person or unconfirmed booking has no open room', async () => {
    const pending = (await insertBooking(w, { status: 'pending', start: '2026-05-07T10:00:00Z' })).bookingId;
    expect((await room(w.client, pending)).json().data).toMatchObject({ state: 'notConfirmed', canJoin: false });
    const inPerson = (await insertBooking(w, { status: 'confirmed', start: '2026-05-08T12:00:00Z' })).bookingId;
    await t.db.$client.query(
      `UPDATE bookings SET modality_id = (SELECT identifier FROM reference_items WHERE list = 'modality' AND code = 'in-person') WHERE identifier = $1`,
      [inPerson],
    );
    expect((await room(w.client, inPerson)).json().data).toMatchObject({ state: 'notOnline', canJoin: false });
  });
});

describe('signals', () => {
  it('cross from one instance to the other, both ways, in order: hello, an offer, a candidate, an answer, bye', async () => {
    await moveClock(w, '2026-05-06T09:55:00Z');
    const client = await connectSocket(urlA, tokenOf(w.client), sockets);
    const provider = await connectSocket(urlB, tokenOf(w.provider), sockets);
    const forBooking = (kind: string) => (m: Record<string, unknown>) =>
      m.type === 'room.signal' && m.bookingId === bookingId && (m.signal as { kind: string }).kind === kind;

    client.send({ type: 'room.signal', bookingId, signal: { kind: 'hello' } });
    expect(await provider.next(forBooking('hello'))).toEqual({
      type: 'room.signal',
      bookingId,
      from: w.client.userId,
      signal: { kind: 'hello' },
    });
    const offer = { kind: 'description', description: { type: 'offer', sdp: `v=0\r\n${'a=x\r\n'.repeat(2_000)}` } };
    client.send({ type: 'room.signal', bookingId, signal: offer });
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
    // An SDP of 10 KB passes (NOTIFY alone would refuse more than 8,000 bytes).
    expect((await provider.next(forBooking('description'))).signal).toEqual(offer);
    await provider.next(forBooking('candidate'));
    expect(
      provider.received.filter((m) => m.type === 'room.signal').map((m) => (m.signal as { kind: string }).kind),
    ).toEqual(['hello', 'description', 'candidate']);

    provider.send({
      type: 'room.signal',
      bookingId,
      signal: { kind: 'description', description: { type: 'answer', sdp: 'v=0\r\n' } },
    });
    expect((await client.next(forBooking('description'))).from).toBe(w.provider.userId);
    provider.send({ type: 'room.signal', bookingId, signal: { kind: 'bye' } });
    await client.next(forBooking('bye'));
    // Nobody hears their own signals.
    expect(client.received.some((m) => m.type === 'room.signal' && m.from === w.client.userId)).toBe(false);
  });

  it('refuses a stranger, a closed room and a malformed signal; nothing is stored or delivered', async () => {
    await moveClock(w, '2026-05-06T09:56:00Z');
    stranger = await t.signUp('client');
    const provider = await connectSocket(urlB, tokenOf(w.provider), sockets);
    const intruder = await connectSocket(urlA, tokenOf(stranger), sockets);
    const before = await signals();
    intruder.send({ type: 'room.signal', bookingId, signal: { kind: 'hello' } });
    expect(await intruder.next((m) => m.type === 'room.refused')).toEqual({
      type: 'room.refused',
      bookingId,
      reason: 'notFound',
    });

    const client = await connectSocket(urlA, tokenOf(w.client), sockets);
    client.send({ type: 'room.signal', bookingId, signal: { kind: 'shout', text: 'hi' } });
    expect(await client.next((m) => m.type === 'room.refused')).toMatchObject({ reason: 'invalid' });
    client.send({ type: 'room.signal', bookingId: 'nope', signal: { kind: 'hello' } });
    await client.next((m) => m.type === 'room.refused' && m.bookingId === 'nope');

    await moveClock(w, '2026-05-06T11:00:00Z');
    const late = await connectSocket(urlA, tokenOf(w.client), sockets);
    late.send({ type: 'room.signal', bookingId, signal: { kind: 'hello' } });
    expect(await late.next((m) => m.type === 'room.refused')).toEqual({
      type: 'room.refused',
      bookingId,
      reason: 'closed',
    });

    expect(await signals()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(provider.received.some((m) => m.type === 'room.signal')).toBe(false);
  });
});
