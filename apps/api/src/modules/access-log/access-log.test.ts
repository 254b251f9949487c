import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import type { AccessLogEntry } from '@therapy/contracts/access-log';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { logRecordAccess } from '../../platform/record-access-log.ts';

/**
 * The provider's access log (issue 20; HIPAA §164.312(b)): the notes' log and the record access log as one list,
 * newest first, filtered and paged, only ever the provider's own lines; a client page's read is logged.
 */
let t: TestApp;
let w: World;
let others: World;
/** The provider, calling from a browser that says who it is. */
let me: SignedUp;
let theirs: SignedUp;
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const withAgent = (who: SignedUp, agent: string) =>
  ({ ...who, auth: { ...who.auth, 'user-agent': agent } }) as SignedUp;
const addClientNote = async (who: SignedUp, clientId: string, title: string) => {
  const res = await uploadDocuments(
    t,
    who,
    '/note',
    { type: 'client', reference: clientId, title, content: 'Spoke about sleep.' },
    [],
    'file',
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.identifier as string;
};
const log = async (who: SignedUp, query = '') => {
  const res = await t.api('GET', `/practice/access-log${query ? `?${query}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: AccessLogEntry[];
    meta: { page: number; pageSize: number; total: number; totalPages: number };
  };
};
const what = (entries: AccessLogEntry[]) => entries.map((e) => `${e.recordType}:${e.action}`);

let keptNote: string;
let deletedNote: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await bookingWorld(t);
  others = await bookingWorld(t);
  t.clock.set('2026-05-04T08:00:00Z');
  await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' });
  await insertBooking(others, { status: 'confirmed', start: '2026-05-06T12:00:00Z' });
  // Days are the provider's: New York, four hours behind UTC in May.
  expect((await t.api('POST', '/user/timezone', w.provider, { timezone: 'America/New_York' })).statusCode).toBe(200);
  me = withAgent(w.provider, FIREFOX);
  theirs = withAgent(others.provider, FIREFOX);

  // 1 May (New York): a note written and read; 2 May: another written, then deleted; 3 May 01:30 UTC (still 2 May in
  // New York): the client's page opened; 4 May: the client answers a questionnaire (as the measures module will log it).
  t.clock.set('2026-05-01T14:00:00Z');
  keptNote = await addClientNote(me, w.client.userId, 'Intake');
  t.clock.set('2026-05-01T14:05:00Z');
  expect((await t.api('GET', `/note/${keptNote}`, me)).statusCode).toBe(200);
  t.clock.set('2026-05-02T15:00:00Z');
  deletedNote = await addClientNote(me, w.client.userId, 'Draft');
  t.clock.set('2026-05-02T15:10:00Z');
  expect((await t.api('DELETE', `/note/${deletedNote}`, me)).statusCode).toBe(200);
  t.clock.set('2026-05-03T01:30:00Z');
  expect((await t.api('GET', `/clients/relation/${w.client.userId}`, me)).statusCode).toBe(200);
  t.clock.set('2026-05-04T09:00:00Z');
  await logRecordAccess(t.db, {
    ownerId: w.provider.userId,
    actorId: w.client.userId,
    recordType: 'measure',
    recordId: '0197a000-0000-7000-8000-000000000001',
    clientId: w.client.userId,
    action: 'answer',
    origin: { ipAddress: '203.0.113.9', userAgent: SAFARI_IPHONE },
    at: t.clock.now(),
  });

  // The other provider's own lines, on the same days, about their own client.
  t.clock.set('2026-05-02T10:00:00Z');
  await addClientNote(theirs, others.client.userId, 'Theirs');
  expect((await t.api('GET', `/clients/relation/${others.client.userId}`, theirs)).statusCode).toBe(200);
  t.clock.set('2026-05-05T08:00:00Z');
});
afterAll(async () => t.close());

describe('the provider access log', () => {
  it('lists notes written, read and deleted and the client page read, newest first, with who, address and browser', async () => {
    const { data, meta } = await log(me);
    expect(what(data)).toEqual([
      'measure:answer',
      'client:read',
      'note:delete',
      'note:create',
      'note:read',
      'note:create',
    ]);
    expect(meta).toEqual({ page: 1, pageSize: 20, total: 6, totalPages: 1 });
    // The test clock runs on from where it is set, so the instants are compared to the minute.
    expect(data.map((e) => e.at.slice(0, 16))).toEqual([
      '2026-05-04T09:00',
      '2026-05-03T01:30',
      '2026-05-02T15:10',
      '2026-05-02T15:00',
      '2026-05-01T14:05',
      '2026-05-01T14:00',
    ]);
    for (const e of data) expect(e.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const [answer, page, deleted, , read] = data;
    expect(answer).toMatchObject({
      actorIdentifier: w.client.userId,
      actorName: 'Ada Client',
      actorRole: 'client',
      clientIdentifier: w.client.userId,
      clientName: 'Ada Client',
      ipAddress: '203.0.113.9',
      device: { browser: 'Safari', os: 'iOS' },
    });
    expect({ ...page, at: page!.at.slice(0, 16) }).toEqual({
      at: '2026-05-03T01:30',
      action: 'read',
      recordType: 'client',
      recordIdentifier: w.client.userId,
      noteTitle: null,
      noteCreatedAt: null,
      clientIdentifier: w.client.userId,
      clientName: 'Ada Client',
      actorIdentifier: w.provider.userId,
      actorName: 'Theo Provider',
      actorRole: 'you',
      ipAddress: '127.0.0.1',
      userAgent: FIREFOX,
      device: { browser: 'Firefox', os: 'Linux' },
    });
    expect(read).toMatchObject({
      recordIdentifier: keptNote,
      noteTitle: 'Intake',
      clientIdentifier: w.client.userId,
      clientName: 'Ada Client',
      actorRole: 'you',
      ipAddress: '127.0.0.1',
      userAgent: FIREFOX,
    });
    // A deleted note's lines stay, with the note's id; its client is no longer known.
    expect(deleted).toMatchObject({
      recordIdentifier: deletedNote,
      noteTitle: null,
      clientIdentifier: null,
      clientName: null,
      actorIdentifier: w.provider.userId,
      actorRole: 'you',
    });
  });

  it("filters by kind of record, by client and by days in the provider's time zone", async () => {
    expect(what((await log(me, 'recordType=note')).data)).toEqual([
      'note:delete',
      'note:create',
      'note:read',
      'note:create',
    ]);
    expect(what((await log(me, 'recordType=client')).data)).toEqual(['client:read']);
    expect(what((await log(me, 'recordType=measure')).data)).toEqual(['measure:answer']);
    // The deleted note's lines no longer name the client, so they drop out of the client's list.
    expect(what((await log(me, `clientIdentifier=${w.client.userId}`)).data)).toEqual([
      'measure:answer',
      'client:read',
      'note:read',
      'note:create',
    ]);
    expect(what((await log(me, `clientIdentifier=${w.client.userId}&recordType=note`)).data)).toEqual([
      'note:read',
      'note:create',
    ]);
    // 01:30 UTC on 3 May is still 2 May in New York.
    expect(what((await log(me, 'fromDate=2026-05-02&toDate=2026-05-02')).data)).toEqual([
      'client:read',
      'note:delete',
      'note:create',
    ]);
    expect(what((await log(me, 'fromDate=2026-05-03')).data)).toEqual(['measure:answer']);
    expect(what((await log(me, 'toDate=2026-05-01')).data)).toEqual(['note:read', 'note:create']);
    const none = await log(me, 'fromDate=2026-06-01');
    expect(none).toEqual({ data: [], meta: { page: 1, pageSize: 20, total: 0, totalPages: 0 } });
  });

  it('pages the list and says how much there is, past the last page too', async () => {
    const first = await log(me, 'pageSize=4');
    expect(what(first.data)).toEqual(['measure:answer', 'client:read', 'note:delete', 'note:create']);
    expect(first.meta).toEqual({ page: 1, pageSize: 4, total: 6, totalPages: 2 });
    const second = await log(me, 'pageSize=4&page=2');
    expect(what(second.data)).toEqual(['note:read', 'note:create']);
    expect(second.meta).toEqual({ page: 2, pageSize: 4, total: 6, totalPages: 2 });
    expect(await log(me, 'pageSize=4&page=3')).toEqual({
      data: [],
      meta: { page: 3, pageSize: 4, total: 6, totalPages: 2 },
    });
    expect((await log(me, 'pageSize=100')).meta.pageSize).toBe(100);
  });

  it("never shows another provider's lines, whatever the filter", async () => {
    const mine = await log(me);
    const theirsLog = await log(theirs);
    expect(what(theirsLog.data)).toEqual(['client:read', 'note:create']);
    for (const e of theirsLog.data) expect(e.clientIdentifier).toBe(others.client.userId);
    const myRecords = new Set(mine.data.map((e) => e.recordIdentifier));
    for (const e of theirsLog.data) expect(myRecords.has(e.recordIdentifier)).toBe(false);
    // Filtering by my client, or by my provider's id, finds nothing of mine.
    for (const query of [
      `clientIdentifier=${w.client.userId}`,
      `clientIdentifier=${w.provider.userId}`,
      `clientIdentifier=${w.client.userId}&recordType=note`,
      `clientIdentifier=${w.client.userId}&recordType=measure`,
    ]) {
      expect(await log(theirs, query), query).toEqual({
        data: [],
        meta: { page: 1, pageSize: 20, total: 0, totalPages: 0 },
      });
    }
  });

  it('is for providers only: a client and an operator are refused, nobody signed in is asked to sign in', async () => {
    const client = await t.api('GET', '/practice/access-log', w.client);
    expect(client.statusCode).toBe(403);
    const operator = await t.api('GET', '/practice/access-log', await t.signUpOperator());
    expect(operator.statusCode).toBe(403);
    for (const res of [client, operator]) expect(JSON.stringify(res.json())).not.toContain(w.provider.userId);
    expect((await t.api('GET', '/practice/access-log', undefined)).statusCode).toBe(401);
  });

  it("refuses a bad query with a clear message in the caller's language, never a 5xx", async () => {
    const cases: Array<[string, string]> = [
      ['pageSize=1000', en.accessLogPageSizeMax],
      ['pageSize=0', en.pageInvalid],
      ['page=0', en.pageInvalid],
      ['page=two', en.pageInvalid],
      ['fromDate=2026-13-01', en.dateInvalid],
      ['toDate=yesterday', en.dateInvalid],
      ['fromDate=2026-05-04&toDate=2026-05-01', en.noteDateRangeInvalid],
      ['recordType=invoice', en.accessLogRecordTypeInvalid],
      ['clientIdentifier=not-a-client', en.accessLogClientInvalid],
      ['clientIdentifier=1%27%20OR%201%3D1--', en.accessLogClientInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await t.api('GET', `/practice/access-log?${query}`, me);
      expect(res.statusCode, `${query} ${res.body}`).toBe(400);
      expect(res.json().message, query).toBe(message);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const unknown = await t.api('GET', '/practice/access-log?actorIdentifier=x', me);
    expect(unknown.statusCode).toBe(400);
    const german = await t.request({
      method: 'GET',
      url: '/api/v1/practice/access-log?pageSize=1000',
      headers: { ...me.auth, 'x-locale': 'de' },
    });
    expect(german.statusCode).toBe(400);
    expect(german.json().message).toBe(de.accessLogPageSizeMax);
  });
});

describe('client page reads', () => {
  it("are logged only when the page is the provider's client's; a refused one leaves no line", async () => {
    const before = await t.count('record_access_log');
    expect((await t.api('GET', `/clients/relation/${others.client.userId}`, me)).statusCode).toBe(404);
    expect((await t.api('GET', '/clients/relation/00000000-0000-7000-8000-000000000000', me)).statusCode).toBe(404);
    expect((await t.api('GET', `/clients/relation/${w.client.userId}`, w.client)).statusCode).toBe(403);
    expect(await t.count('record_access_log')).toBe(before);
    expect((await t.api('GET', `/clients/relation/${w.client.userId}`, me)).statusCode).toBe(200);
    expect(
      await t.count('record_access_log', {
        owner_id: w.provider.userId,
        record_type: 'client',
        actor_id: w.provider.userId,
      }),
    ).toBe(2);
  });

  it('land in an append-only table: the database refuses to change or remove a line', async () => {
    const id = w.client.userId;
    await expect(
      t.db.$client.query(`UPDATE record_access_log SET action = 'review' WHERE record_id = $1`, [id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.$client.query(`UPDATE record_access_log SET ip_address = NULL WHERE record_id = $1`, [id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query('DELETE FROM record_access_log WHERE record_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.$client.query('TRUNCATE record_access_log')).rejects.toThrow(/append-only/);
    expect(await t.count('record_access_log', { record_id: id })).toBeGreaterThan(0);
  });
});

describe('names', () => {
  it('are shown only while the account exists: a deleted client is no longer named, their lines stay', async () => {
    // The clock first: tokens are issued on its time.
    t.clock.set('2026-05-06T10:00:00Z');
    const world = await bookingWorld(t);
    await insertBooking(world, { status: 'completed', start: '2026-05-01T10:00:00Z' });
    expect((await t.api('GET', `/clients/relation/${world.client.userId}`, world.provider)).statusCode).toBe(200);
    await logRecordAccess(t.db, {
      ownerId: world.provider.userId,
      actorId: world.client.userId,
      recordType: 'measure',
      recordId: '0197a000-0000-7000-8000-000000000002',
      clientId: world.client.userId,
      action: 'answer',
      origin: { ipAddress: null, userAgent: null },
      at: t.clock.now(),
    });
    const before = (await log(world.provider)).data;
    expect(before.map((e) => [e.actorName, e.clientName])).toEqual([
      ['Ada Client', 'Ada Client'],
      ['Theo Provider', 'Ada Client'],
    ]);

    const gone = await t.request({
      method: 'DELETE',
      url: '/api/v1/user/profile/delete-account',
      headers: { ...world.client.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: world.client.password }),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const after = (await log(world.provider)).data;
    expect(after.map((e) => [e.actorName, e.clientName, e.actorRole, e.clientIdentifier])).toEqual([
      [null, null, 'client', world.client.userId],
      ['Theo Provider', null, 'you', world.client.userId],
    ]);
    expect(after[0]).toMatchObject({ ipAddress: null, userAgent: null, device: { browser: null, os: null } });
  });
});
