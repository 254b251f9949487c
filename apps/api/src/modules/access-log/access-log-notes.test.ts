import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 47: the access log names which note was read (its title opened for the author, its client, the day it was
 * written), and the log comes as a CSV file that a spreadsheet cannot be tricked by (cells starting = + - @).
 */
let t: TestApp;
let w: World;
let other: World;
let noteId: string;
let noteCreatedAt: string;
const HOSTILE = '=HYPERLINK("x")';

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  other = await bookingWorld(t);
  const { bookingId } = await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' });
  const res = await uploadDocuments(
    t,
    w.provider,
    '/note',
    { type: 'booking', reference: bookingId, title: HOSTILE, content: 'Text never in the log' },
    [],
    'file',
  );
  expect(res.statusCode, res.body).toBe(201);
  noteId = res.json().data.identifier;
  noteCreatedAt = res.json().data.createdAt;
  await t.request({
    method: 'GET',
    url: `/api/v1/note/${noteId}`,
    headers: { ...w.provider.auth, 'user-agent': '@evil agent' },
  });
});
afterAll(async () => t.close());

describe('the access log names the note', () => {
  it('shows the title, the client and the day written of each note entry, for the author only', async () => {
    const res = await t.api('GET', '/practice/access-log?recordType=note', w.provider);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as { action: string; noteTitle: string | null; noteCreatedAt: string | null }[];
    expect(entries.map((e) => e.action)).toEqual(['read', 'create']);
    for (const e of entries) {
      expect(e).toMatchObject({ noteTitle: HOSTILE, clientIdentifier: w.client.userId });
      expect(e.noteCreatedAt).toBe(noteCreatedAt);
    }
    expect(JSON.stringify(res.json())).not.toContain('Text never in the log');
    expect((await t.api('GET', '/practice/access-log', other.provider)).json().data).toEqual([]);
  });

  it('exports the filtered log as CSV, read back by an independent parser, with formula cells escaped', async () => {
    const res = await t.api('GET', '/practice/access-log/csv?recordType=note', w.provider);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([
      'When',
      'Action',
      'Record',
      'Note title',
      'Note written',
      'Client',
      'Who',
      'IP address',
      'Browser',
      'System',
    ]);
    expect(rows.map((r) => r[1])).toEqual(['read', 'created']);
    for (const r of rows) {
      expect(r[3]).toBe(`'${HOSTILE}`);
      // The day written, in the provider's time zone (Europe/London).
      expect(r[4]).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(noteCreatedAt)),
      );
      expect(r[6]).toBe('you');
      for (const cell of r) expect(cell).not.toMatch(/^[=+\-@]/);
    }
    expect(res.body).not.toContain('Text never in the log');
  });

  it('says it in German, filters like the list, refuses bad filters and anyone but a provider', async () => {
    const inGerman = await t.request({
      method: 'GET',
      url: '/api/v1/practice/access-log/csv?recordType=measure',
      headers: { ...w.provider.auth, 'accept-language': 'de' },
    });
    expect(inGerman.statusCode).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(inGerman.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(header![0]).toBe('Wann');
    expect(header![5]).toBe('Klient*in');
    expect(rows).toEqual([]);
    const bad = await t.api('GET', '/practice/access-log/csv?fromDate=2026-05-05&toDate=2026-05-01', w.provider);
    expect(bad.statusCode).toBe(400);
    expect((await t.api('GET', '/practice/access-log/csv', w.client)).statusCode).toBe(403);
    expect((await t.api('GET', '/practice/access-log/csv', undefined)).statusCode).toBe(401);
  });
});
