import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { pdfBytes, pdfFile, uploadDocuments, type UploadFile } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { JOBS_SCHEMA } from '../../platform/jobs.ts';
import { sendUnreadMail, UNREAD_MAIL_QUEUE } from './unread-mail.ts';

/**
 * Secure messaging (issue 18), the REST side: a client and a provider who share a booking chat; strangers cannot start
 * a conversation, nobody else reads one; text and attachments are sealed; edit and delete one's own; seen and unread;
 * cursor pages; a send limit counted in PostgreSQL; bad input stores nothing.
 */
let t: TestApp;
let w: World;
let conversationId: string;
let stranger: SignedUp;

const send = (who: SignedUp, conversation: string, content: string, files: UploadFile[] = []) =>
  uploadDocuments(t, who, '/messages/store', { conversationIdentifier: conversation, content }, files, 'files');
const counts = async () => ({
  messages: await t.count('chat_messages'),
  attachments: await t.count('chat_attachments'),
  files: await t.count('files', { purpose: 'chat' }),
});
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2210f6d0000000049454e44ae426082',
  'hex',
);
const exe = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(512, 1),
]);

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' });
  stranger = await t.signUp('provider', {}, { verified: true });
});
afterAll(async () => t.close());

describe('conversations', () => {
  it('opens one conversation per client and provider, from either side; a stranger or oneself is not found', async () => {
    const first = await t.api('POST', '/messages/conversations', w.client, {
      participantIdentifier: w.provider.userId,
    });
    expect(first.statusCode, first.body).toBe(201);
    conversationId = first.json().data.identifier;
    expect(first.json().data).toMatchObject({
      participant: { identifier: w.provider.userId, userType: 'provider' },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await t.api('POST', '/messages/conversations', w.client, {
      participantIdentifier: w.provider.userId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.identifier).toBe(conversationId);
    expect(
      (await t.api('POST', '/messages/conversations', w.provider, { participantIdentifier: w.client.userId })).json()
        .data.identifier,
    ).toBe(conversationId);
    for (const [who, other] of [
      [w.client, stranger.userId],
      [stranger, w.client.userId],
      [w.client, w.client.userId],
      [w.provider, stranger.userId],
    ] as const) {
      expect((await t.api('POST', '/messages/conversations', who, { participantIdentifier: other })).statusCode).toBe(
        404,
      );
    }
    expect(await t.count('conversations')).toBe(1);
  });

  it('lists whom one may write to, with the conversation there is', async () => {
    const mine = await t.api('GET', '/messages/contacts', w.client);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ identifier: w.provider.userId, conversationIdentifier: conversationId }),
    ]);
    const theirs = await t.api('GET', '/messages/contacts?searchQuery=ad', w.provider);
    expect(theirs.json().data.map((c: { identifier: string }) => c.identifier)).toEqual([w.client.userId]);
    expect((await t.api('GET', '/messages/contacts?searchQuery=zzz', w.provider)).json().data).toEqual([]);
    expect((await t.api('GET', '/messages/contacts', stranger)).json().data).toEqual([]);
  });
});

describe('messages', () => {
  it('sends text and a file; the other side reads both, sees one unread, marks it seen; the sender sees it seen', async () => {
    const res = await send(w.client, conversationId, 'Hello, can we talk about Tuesday?', [
      { filename: 'scan.png', data: png },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    expect(sent).toMatchObject({
      content: 'Hello, can we talk about Tuesday?',
      isDeleted: false,
      seen: false,
      attachments: [{ filename: 'scan.png', contentType: 'image/png', size: png.length }],
    });

    const list = await t.api('GET', '/messages/chat-list', w.provider);
    expect(list.json().data[0]).toMatchObject({
      identifier: conversationId,
      unreadCount: 1,
      lastMessage: { preview: 'Hello, can we talk about Tuesday?', hasAttachments: true },
    });
    const messages = await t.api('GET', `/messages/conversations/${conversationId}`, w.provider);
    expect(messages.json().data[0]).toMatchObject({ identifier: sent.identifier, content: sent.content });
    // The conversation's header names the other side: the client, for the provider.
    expect(messages.json().participant).toMatchObject({ identifier: w.client.userId, userType: 'client' });
    const file = await t.request({
      method: 'GET',
      url: `/api/v1/messages/${sent.identifier}/attachments/${sent.attachments[0].identifier}`,
      headers: w.provider.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);

    expect(
      (await t.api('PUT', '/messages/mark-seen', w.provider, { conversationIdentifier: conversationId })).statusCode,
    ).toBe(200);
    expect((await t.api('GET', '/messages/chat-list', w.provider)).json().data[0].unreadCount).toBe(0);
    expect((await t.api('GET', `/messages/conversations/${conversationId}`, w.client)).json().data[0].seen).toBe(true);
  });

  it('keeps no text, file name or file bytes in plain form', async () => {
    const marker = `Saltmarker${Date.now()}`;
    const pdf = Buffer.concat([pdfBytes(), Buffer.from(`%${marker}\n`)]);
    const res = await send(w.provider, conversationId, `Note ${marker}`, [{ filename: `${marker}.pdf`, data: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await t.db.$client.query(
      `SELECT m.content_sealed, a.name_sealed, f.storage_key FROM chat_messages m JOIN chat_attachments a ON a.message_id = m.identifier JOIN files f ON f.identifier = a.file_id WHERE m.identifier = $1`,
      [res.json().data.identifier],
    );
    expect(JSON.stringify(rows)).not.toContain(marker);
    const storage = t.config.storage;
    if (storage.kind !== 'local') throw new Error('local storage expected');
    const fs = await import('node:fs');
    const path = await import('node:path');
    expect(fs.readFileSync(path.join(storage.root, rows[0].storage_key)).includes(Buffer.from(marker))).toBe(false);
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const before = await counts();
    const cases: Array<[Promise<{ statusCode: number; json: () => { message: string } }>, number, string]> = [
      [send(w.client, conversationId, '   '), 400, en.chatMessageRequired],
      [send(w.client, conversationId, 'x'.repeat(10_001)), 400, en.chatMessageTooLong],
      [send(w.client, conversationId, '', [{ filename: 'tool.exe', data: exe }]), 400, en.chatFileType],
      [send(w.client, conversationId, '', [{ filename: 'report.pdf', data: exe }]), 400, en.chatFileContent],
      [send(w.client, conversationId, 'big', [pdfFile('big.pdf', 10 * 1024 * 1024 + 1)]), 400, en.chatFileTooLarge],
      [
        send(
          w.client,
          conversationId,
          'many',
          Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.png`, data: png })),
        ),
        400,
        'Please attach at most 5 files to one message',
      ],
      [send(stranger, conversationId, 'Let me in'), 404, en.notFound],
    ];
    for (const [call, status, message] of cases) {
      const res = await call;
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const german = await uploadDocuments(
      t,
      { ...w.client, auth: { ...w.client.auth, 'x-locale': 'de' } } as SignedUp,
      '/messages/store',
      { conversationIdentifier: conversationId, content: '' },
      [],
      'files',
    );
    expect(german.json().message).toBe(de.chatMessageRequired);
    expect(await counts()).toEqual(before);
    expect((await send(w.client, conversationId, 'x'.repeat(10_000))).statusCode).toBe(201);
  });

  it("edits and deletes one's own message; another's is not found; the other side sees it was deleted, its files gone", async () => {
    const sent = (await send(w.client, conversationId, 'See you at 10', [pdfFile('plan.pdf')])).json().data;
    const edited = await t.api('PUT', `/messages/${sent.identifier}/update`, w.client, { content: 'See you at 11' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ content: 'See you at 11', attachments: [{ filename: 'plan.pdf' }] });
    expect(Date.parse(edited.json().data.editedAt)).toBeGreaterThanOrEqual(Date.parse(sent.createdAt));
    for (const who of [w.provider, stranger]) {
      expect((await t.api('PUT', `/messages/${sent.identifier}/update`, who, { content: 'Mine now' })).statusCode).toBe(
        404,
      );
      expect((await t.api('DELETE', `/messages/${sent.identifier}`, who)).statusCode).toBe(404);
    }
    expect((await t.api('PUT', `/messages/${sent.identifier}/update`, w.client, { content: '' })).json().message).toBe(
      en.chatMessageRequired,
    );

    const fileId = (
      await t.db.$client.query<{ file_id: string }>('SELECT file_id FROM chat_attachments WHERE message_id = $1', [
        sent.identifier,
      ])
    ).rows[0]!.file_id;
    const removed = await t.api('DELETE', `/messages/${sent.identifier}`, w.client);
    expect(removed.statusCode, removed.body).toBe(200);
    const seenByProvider = (await t.api('GET', `/messages/conversations/${conversationId}`, w.provider))
      .json()
      .data.find((m: { identifier: string }) => m.identifier === sent.identifier);
    expect(seenByProvider).toMatchObject({ isDeleted: true, content: null, attachments: [] });
    expect(await t.count('files', { identifier: fileId })).toBe(0);
    expect(
      (await t.api('PUT', `/messages/${sent.identifier}/update`, w.client, { content: 'Back' })).json().message,
    ).toBe(en.chatNotEditable);
    expect((await t.api('GET', '/messages/chat-list', w.provider)).json().data[0].lastMessage).toMatchObject({
      isDeleted: true,
      preview: null,
    });
  });

  it('pages a conversation by a signed cursor; a changed cursor is refused', async () => {
    const client = await t.signUp('client');
    await insertBooking(w, { status: 'requested', start: '2026-05-08T10:00:00Z', client });
    const id = (
      await t.api('POST', '/messages/conversations', client, { participantIdentifier: w.provider.userId })
    ).json().data.identifier as string;
    for (let i = 1; i <= 30; i += 1) {
      t.clock.set(new Date(Date.parse('2026-05-04T08:00:00Z') + i * 1000).toISOString());
      expect((await send(client, id, `Message ${i}`)).statusCode).toBe(201);
    }
    t.clock.set('2026-05-04T08:00:00Z');
    // 30 a minute: the next one waits.
    const limited = await send(client, id, 'One more');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(en.chatRateLimited);
    t.clock.set('2026-05-04T08:02:00Z');
    expect((await send(client, id, 'Message 31')).statusCode).toBe(201);

    const first = await t.api('GET', `/messages/conversations/${id}`, w.provider);
    expect(first.json().data).toHaveLength(30);
    expect(first.json().data[0].content).toBe('Message 31');
    const cursor = first.json().nextCursor as string;
    expect(cursor).toBeTruthy();
    const second = await t.api('GET', `/messages/conversations/${id}?cursor=${encodeURIComponent(cursor)}`, w.provider);
    expect(second.json().data.map((m: { content: string }) => m.content)).toEqual(['Message 1']);
    expect(second.json().nextCursor).toBeNull();
    const [body, signature] = cursor.split('.');
    const forged = `${Buffer.from(JSON.stringify({ a: '2030-01-01T00:00:00.000Z', i: id })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${body}.x${signature}`, 'nonsense']) {
      const res = await t.api('GET', `/messages/conversations/${id}?cursor=${encodeURIComponent(bad)}`, w.provider);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(en.chatCursorInvalid);
    }
    t.clock.set('2026-05-04T08:00:00Z');
  });

  it('an operator has no conversations (403); nobody signed in gets 401', async () => {
    expect((await t.api('GET', '/messages/chat-list', await t.signUpOperator())).statusCode).toBe(403);
    expect((await t.api('GET', '/messages/chat-list', undefined)).statusCode).toBe(401);
  });

  it("a deleted account's messages read as deleted, and their files go", async () => {
    const client = await t.signUp('client');
    await insertBooking(w, { status: 'completed', start: '2026-05-01T10:00:00Z', client });
    const id = (
      await t.api('POST', '/messages/conversations', client, { participantIdentifier: w.provider.userId })
    ).json().data.identifier as string;
    const sent = (await send(client, id, 'Goodbye', [pdfFile('bye.pdf')])).json().data;
    const res = await t.request({
      method: 'DELETE',
      url: '/api/v1/user/profile/delete-account',
      headers: { ...client.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: client.password }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.$client.query(
      'SELECT content_sealed, deleted_at FROM chat_messages WHERE identifier = $1',
      [sent.identifier],
    );
    expect(rows[0]).toMatchObject({ content_sealed: null });
    expect(rows[0].deleted_at).not.toBeNull();
    expect(await t.count('chat_attachments', { message_id: sent.identifier })).toBe(0);
  });

  it('counts conversations with unread messages (the badge), and plans one unread mail per unread stretch', async () => {
    const client = await t.signUp('client');
    await insertBooking(w, { status: 'requested', start: '2026-05-09T10:00:00Z', client });
    const id = (
      await t.api('POST', '/messages/conversations', client, { participantIdentifier: w.provider.userId })
    ).json().data.identifier as string;
    const jobs = async () =>
      (
        await t.db.$client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'conversationId' = $2 AND data->>'recipientId' = $3`,
          [UNREAD_MAIL_QUEUE, id, w.provider.userId],
        )
      ).rows[0]!.n;
    const badge = async () => (await t.api('GET', '/messages/unread', w.provider)).json().data.conversations as number;
    const before = await badge();
    expect((await send(client, id, 'First')).statusCode).toBe(201);
    expect((await send(client, id, 'Second')).statusCode).toBe(201);
    expect(await jobs()).toBe(1);
    expect(await badge()).toBe(before + 1);
    expect((await t.api('PUT', '/messages/mark-seen', w.provider, { conversationIdentifier: id })).statusCode).toBe(
      200,
    );
    expect(await badge()).toBe(before);
    t.clock.set('2026-05-04T08:05:00Z');
    expect((await send(client, id, 'Third')).statusCode).toBe(201);
    expect(await jobs()).toBe(2);
    t.clock.set('2026-05-04T08:00:00Z');
  });

  it('the due mail says who wrote, never what, and only while the message is unread', async () => {
    const client = await t.signUp('client');
    await insertBooking(w, { status: 'requested', start: '2026-05-10T10:00:00Z', client });
    const id = (
      await t.api('POST', '/messages/conversations', client, { participantIdentifier: w.provider.userId })
    ).json().data.identifier as string;
    // The clock is in the past of the job queue's own time, so the mail planned 15 minutes on is due at once.
    expect((await send(client, id, 'Secret words')).statusCode).toBe(201);
    const mail = await t.mail.waitFor(
      w.provider.email,
      (m) => m.subject.startsWith('You have a new message from') && m.text.includes(id),
    );
    expect(mail.subject).toBe('You have a new message from Ada Client');
    expect(mail.text).not.toContain('Secret words');
    expect(mail.text).toContain(`/messages?conversation=${id}`);

    // Read up to the message by the time the job runs: nothing is sent.
    const queued: unknown[] = [];
    const run = sendUnreadMail(
      { db: t.db, config: t.config, mail: { queue: async (_ex: unknown, m: unknown) => void queued.push(m) } as never },
      {
        findActiveUser: async () => ({ email: 'x@example.com', firstName: 'X', lastName: null, locale: 'en' }) as never,
      },
    );
    const sentAt = new Date(Date.now() - 60_000).toISOString();
    await t.db.$client.query(
      `INSERT INTO conversation_reads (conversation_id, user_id, seen_at) VALUES ($1, $2, now()) ON CONFLICT (conversation_id, user_id) DO UPDATE SET seen_at = now()`,
      [id, w.provider.userId],
    );
    await run({ conversationId: id, recipientId: w.provider.userId, senderId: client.userId, sentAt });
    expect(queued).toEqual([]);
    // Unread (the message after the last read): one mail.
    await run({
      conversationId: id,
      recipientId: w.provider.userId,
      senderId: client.userId,
      sentAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(queued).toHaveLength(1);
  });
});
