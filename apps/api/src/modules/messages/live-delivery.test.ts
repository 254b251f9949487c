import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { CLOSE_UNAUTHORIZED } from '../../platform/http/live-sockets.ts';
import { connectSocket, tokenOf, twoInstances } from '../../../test/live-socket.ts';

/**
 * Live delivery across instances (issue 18): two API instances on one database; the client's socket is held by one,
 * the provider's by the other, and a message, its edit and its delete cross over (LISTEN/NOTIFY through the domain
 * events). The socket takes the access token as the subprotocol pair `bearer, <token>` and nothing else.
 */
let t: TestApp;
let instances: Awaited<ReturnType<typeof twoInstances>>;
let urlA: string;
let urlB: string;
let w: World;
let conversationId: string;
let sockets: WebSocket[];

const connect = (base: string, token: string | undefined, protocols?: string[]) =>
  connectSocket(base, token, sockets, protocols);

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  instances = await twoInstances(t);
  ({ urlA, urlB, sockets } = instances);
  w = await bookingWorld(t);
  await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' });
  conversationId = (
    await t.api('POST', '/messages/conversations', w.client, { participantIdentifier: w.provider.userId })
  ).json().data.identifier;
});
afterAll(async () => instances.close());

describe('live delivery', () => {
  it('a message, its edit and its delete cross from one instance to the other, both ways', async () => {
    const client = await connect(urlA, tokenOf(w.client));
    const provider = await connect(urlB, tokenOf(w.provider));

    const sent = await uploadDocuments(
      t,
      w.client,
      '/messages/store',
      { conversationIdentifier: conversationId, content: 'Are you free on Tuesday?' },
      [],
      'files',
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data.identifier as string;
    const created = await provider.next(
      (m) => m.type === 'message.changed' && m.messageId === id && m.change === 'created',
    );
    expect(created).toEqual({
      type: 'message.changed',
      conversationId,
      messageId: id,
      change: 'created',
      by: w.client.userId,
    });
    // The push carries ids only; the provider (on the other instance) fetches the text.
    const fetched = await fetch(`${urlB}/api/v1/messages/conversations/${conversationId}`, {
      headers: w.provider.auth,
    });
    expect(((await fetched.json()) as { data: Array<{ content: string }> }).data[0]!.content).toBe(
      'Are you free on Tuesday?',
    );

    expect(
      (await t.api('PUT', `/messages/${id}/update`, w.client, { content: 'Are you free on Wednesday?' })).statusCode,
    ).toBe(200);
    await provider.next((m) => m.messageId === id && m.change === 'updated');
    expect((await t.api('DELETE', `/messages/${id}`, w.client)).statusCode).toBe(200);
    await provider.next((m) => m.messageId === id && m.change === 'deleted');

    // The other way: the provider writes through instance B, the client's socket on A hears it.
    const reply = await fetch(`${urlB}/api/v1/messages/store`, {
      method: 'POST',
      headers: w.provider.auth,
      body: (() => {
        const form = new FormData();
        form.set('conversationIdentifier', conversationId);
        form.set('content', 'Wednesday works.');
        return form;
      })(),
    });
    expect(reply.status).toBe(201);
    const replyId = ((await reply.json()) as { data: { identifier: string } }).data.identifier;
    await client.next((m) => m.messageId === replyId && m.change === 'created');
    // Every open tab hears it: a second tab of the client on instance B.
    const secondTab = await connect(urlB, tokenOf(w.client));
    expect(
      (await t.api('PUT', '/messages/mark-seen', w.provider, { conversationIdentifier: conversationId })).statusCode,
    ).toBe(200);
    await secondTab.next((m) => m.change === 'seen' && m.by === w.provider.userId);
    await client.next((m) => m.change === 'seen' && m.by === w.provider.userId);
  });

  it('a stranger hears nothing of a conversation that is not theirs', async () => {
    const stranger = await t.signUp('client');
    const theirs = await connect(urlB, tokenOf(stranger));
    const sent = await uploadDocuments(
      t,
      w.client,
      '/messages/store',
      { conversationIdentifier: conversationId, content: 'Private' },
      [],
      'files',
    );
    expect(sent.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 500));
    expect(theirs.received.filter((m) => m.type === 'message.changed')).toEqual([]);
  });

  it('tells the sockets to read again once the listeners listen again, and the reading finds what was sent in the gap', async () => {
    const provider = await connect(urlB, tokenOf(w.provider));
    // Counted from before the listeners go: the first resync (at the loss) can arrive before the query below answers.
    const marker = provider.received.length;
    // Both instances lose their domain-event listeners; what is sent before they listen again is never pushed.
    const { rows } = await t.db.$client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "domain_events"'`,
    );
    expect(rows.length).toBe(2);
    const gap = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const sent = await uploadDocuments(
          t,
          w.client,
          '/messages/store',
          { conversationIdentifier: conversationId, content: `In the gap ${i}` },
          [],
          'files',
        );
        expect(sent.statusCode).toBe(201);
        return sent.json().data.identifier as string;
      }),
    );
    // Told twice: when its instance lost the listener, and once it listens again, after which a read sees the whole gap.
    const resyncs = () => provider.received.slice(marker).filter((m) => m.type === 'resync').length;
    for (let i = 0; i < 100 && resyncs() < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(resyncs()).toBe(2);
    const fetched = await fetch(`${urlB}/api/v1/messages/conversations/${conversationId}`, {
      headers: w.provider.auth,
    });
    const ids = ((await fetched.json()) as { data: Array<{ identifier: string }> }).data.map((m) => m.identifier);
    expect(ids).toEqual(expect.arrayContaining(gap));
    // Listening again, a new message is pushed as before.
    const after = await uploadDocuments(
      t,
      w.client,
      '/messages/store',
      { conversationIdentifier: conversationId, content: 'After the gap' },
      [],
      'files',
    );
    expect(after.statusCode, after.body).toBe(201);
    const afterId = after.json().data.identifier as string;
    await provider.next((m) => m.messageId === afterId && m.change === 'created');
  });

  it('refuses a socket without a token, with a bad one or a token in the wrong place; a refreshed token keeps it', async () => {
    await expect(connect(urlA, undefined)).rejects.toThrow('HTTP 401');
    await expect(connect(urlA, 'not-a-token')).rejects.toThrow('HTTP 401');
    await expect(connect(urlA, undefined, [tokenOf(w.client)])).rejects.toThrow('HTTP 401');
    const open = await connect(urlA, tokenOf(w.client));
    open.socket.send(JSON.stringify({ type: 'auth', token: tokenOf(w.client) }));
    await open.next((m) => m.type === 'auth.ok');
    // Another user's token on this socket ends it.
    const closed = new Promise<number>((resolve) => open.socket.on('close', (code) => resolve(code)));
    open.socket.send(JSON.stringify({ type: 'auth', token: tokenOf(w.provider) }));
    expect(await closed).toBe(CLOSE_UNAUTHORIZED);
  });

  it('refuses an expired token (last: it moves the clock past every token of this file)', async () => {
    t.clock.set('2026-05-04T09:00:00Z');
    await expect(connect(urlA, tokenOf(w.client))).rejects.toThrow('HTTP 401');
  });
});
