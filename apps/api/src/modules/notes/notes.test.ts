import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { pdfBytes, pdfFile, uploadDocuments, type UploadFile } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/**
 * Notes (issue 17): a provider's session notes (on their bookings) and client notes (about their clients). Health
 * data: only the author, sealed at rest, every access logged in an append-only table; bad input changes nothing.
 */
let t: TestApp;
let w: World;
let bookingId: string;
let otherProvider: SignedUp;
let otherClient: SignedUp;
let othersBookingId: string;

const add = (who: SignedUp, fields: Record<string, string>, files: UploadFile[] = []) =>
  uploadDocuments(t, who, '/note', fields, files, 'file');
const edit = (who: SignedUp, id: string, fields: Record<string, string>) =>
  uploadDocuments(t, who, `/note/${id}`, fields, [], 'file', 'PUT');
const typed = (title: string, content: string) => ({ type: 'booking', reference: bookingId, title, content });
const counts = async () => ({
  notes: await t.count('notes'),
  files: await t.count('files', { purpose: 'note' }),
  log: await t.count('note_access_log'),
});

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  ({ bookingId } = await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' }));
  const others = await bookingWorld(t);
  otherProvider = others.provider;
  otherClient = others.client;
  ({ bookingId: othersBookingId } = await insertBooking(others, {
    status: 'requested',
    start: '2026-05-07T10:00:00Z',
  }));
});
afterAll(async () => t.close());

describe('session and client notes', () => {
  it('adds a typed session note to a booking, then reads it alone, by booking and by client', async () => {
    const res = await add(w.provider, typed('First session', 'Spoke about sleep and work.'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(en.noteAdded);
    const note = res.json().data;
    expect(note).toMatchObject({
      type: 'booking',
      reference: bookingId,
      bookingIdentifier: bookingId,
      clientIdentifier: w.client.userId,
      title: 'First session',
      content: 'Spoke about sleep and work.',
      file: null,
    });

    expect((await t.api('GET', `/note/${note.identifier}`, w.provider)).json().data).toEqual(note);
    expect(
      (await t.api('GET', `/note/booking/${bookingId}`, w.provider))
        .json()
        .data.map((n: { identifier: string }) => n.identifier),
    ).toContain(note.identifier);
    const byClient = await t.api('GET', `/note/client/${w.client.userId}`, w.provider);
    expect(byClient.statusCode, byClient.body).toBe(200);
    expect(byClient.json().data.map((n: { identifier: string }) => n.identifier)).toContain(note.identifier);
  });

  it('adds a client note with a file: the content is empty, the file comes back as it was sent', async () => {
    const bytes = pdfBytes(4096);
    const res = await add(
      w.provider,
      { type: 'client', reference: w.client.userId, title: 'Intake form', content: 'ignored in file mode' },
      [{ filename: 'Intake form (signed).pdf', data: bytes }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data;
    expect(note).toMatchObject({
      type: 'client',
      reference: w.client.userId,
      bookingIdentifier: null,
      content: '',
      file: { filename: 'Intake form (signed).pdf', size: 4096, contentType: 'application/pdf' },
    });
    const file = await t.request({
      method: 'GET',
      url: `/api/v1/note/${note.identifier}/file`,
      headers: w.provider.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Intake%20form%20(signed).pdf");
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts each kind of note only its own extensions, and a CSV only when it is text', async () => {
    const csv = { filename: 'scores.csv', data: Buffer.from('week,score\n1,12\n2,9\n') };
    expect((await add(w.provider, typed('Scores', ''), [csv])).statusCode).toBe(201);
    const before = await counts();
    const docx = await add(w.provider, typed('Letter', ''), [{ filename: 'letter.docx', data: Buffer.from('PK') }]);
    expect(docx.statusCode).toBe(400);
    expect(docx.json().message).toBe(en.noteBookingFileType);
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(512, 1),
    ]);
    const renamed = await add(
      w.provider,
      { type: 'client', reference: w.client.userId, title: 'Report', content: '' },
      [{ filename: 'report.pdf', data: exe }],
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(en.noteFileContent);
    const binaryCsv = await add(w.provider, typed('Scores', ''), [{ filename: 'scores.csv', data: exe }]);
    expect(binaryCsv.json().message).toBe(en.noteFileContent);
    const program = await add(w.provider, { type: 'client', reference: w.client.userId, title: 'Tool', content: '' }, [
      { filename: 'tool.exe', data: exe },
    ]);
    expect(program.json().message).toBe(en.noteClientFileType);
    const tooLarge = await add(w.provider, typed('Scan', ''), [pdfFile('scan.pdf', 10 * 1024 * 1024 + 1)]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe(en.noteFileTooLarge);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad titles, contents and references with their messages, and stores nothing', async () => {
    const before = await counts();
    const cases: Array<[Record<string, string>, string]> = [
      [typed('ab', 'text'), en.noteTitleMin],
      [typed('x'.repeat(33), 'text'), en.noteTitleMax],
      [typed('', 'text'), en.noteTitleRequired],
      [typed('Session', 'x'.repeat(4001)), en.noteContentMax],
      [typed('Session', '   '), en.noteContentRequired],
      [{ type: 'client', title: 'Session', content: 'text' }, en.noteClientIdMissing],
      [{ type: 'client', reference: 'not-an-id', title: 'Session', content: 'text' }, en.noteClientIdMissing],
      [{ type: 'booking', title: 'Session', content: 'text' }, en.noteReferenceInvalid],
      [{ type: 'other', reference: bookingId, title: 'Session', content: 'text' }, en.noteTypeInvalid],
    ];
    for (const [fields, message] of cases) {
      const res = await add(w.provider, fields);
      expect(res.statusCode, `${JSON.stringify(fields).slice(0, 80)} ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const german = await uploadDocuments(
      t,
      { ...w.provider, auth: { ...w.provider.auth, 'x-locale': 'de' } } as SignedUp,
      '/note',
      { type: 'client', title: 'Session', content: 'text' },
      [],
      'file',
    );
    expect(german.json().message).toBe(de.noteClientIdMissing);
    // Exactly the limits are fine.
    expect((await add(w.provider, typed('abc', 'x'.repeat(4000)))).statusCode).toBe(201);
    expect((await add(w.provider, typed('x'.repeat(32), 'ok'))).statusCode).toBe(201);
    expect(await t.count('notes')).toBe(before.notes + 2);
  });

  it("another provider's booking, client or note is not found, nor is any note for the client or an operator; only providers write", async () => {
    const mine = (await add(w.provider, typed('Private', 'Only mine'))).json().data.identifier as string;
    const before = await counts();
    expect(
      (await add(w.provider, { type: 'booking', reference: othersBookingId, title: 'Theirs', content: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await add(w.provider, { type: 'client', reference: otherClient.userId, title: 'Stranger', content: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await t.api('GET', `/note/booking/${othersBookingId}`, w.provider)).statusCode).toBe(404);
    expect((await t.api('GET', `/note/client/${otherClient.userId}`, w.provider)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/note/${mine}`],
      ['DELETE', `/note/${mine}`],
      ['GET', `/note/${mine}/file`],
      ['GET', `/note/${mine}/access-log`],
    ] as const) {
      expect((await t.api(method, url, otherProvider)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await edit(otherProvider, mine, { title: 'Taken', content: 'over' })).statusCode).toBe(404);
    // The client the note is about and an operator find no note either (only writing one is refused by role).
    const operator = await t.signUpOperator();
    for (const who of [w.client, operator]) {
      for (const [method, url] of [
        ['GET', `/note/${mine}`],
        ['DELETE', `/note/${mine}`],
        ['GET', `/note/${mine}/file`],
        ['GET', `/note/${mine}/access-log`],
        ['GET', `/note/booking/${bookingId}`],
        ['GET', `/note/client/${w.client.userId}`],
      ] as const) {
        expect((await t.api(method, url, who)).statusCode, `${method} ${url} as ${who.session.user.userType}`).toBe(
          404,
        );
      }
      expect((await edit(who, mine, { title: 'Taken', content: 'over' })).statusCode).toBe(404);
    }
    expect(
      (await add(w.client, { type: 'booking', reference: bookingId, title: 'Mine', content: 'x' })).statusCode,
    ).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await t.api('GET', `/note/${mine}`, w.provider)).json().data.title).toBe('Private');
  });

  it('edits a typed note and the title of a file note (its file stays, its content stays empty)', async () => {
    const note = (await add(w.provider, typed('Draft', 'first words'))).json().data;
    const res = await edit(w.provider, note.identifier, { title: 'Second session', content: 'better words' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: en.noteUpdated,
      data: { title: 'Second session', content: 'better words', file: null },
    });
    const emptied = await edit(w.provider, note.identifier, { title: 'Second session', content: '' });
    expect(emptied.json().message).toBe(en.noteContentRequired);
    expect((await edit(w.provider, note.identifier, { title: 'no', content: 'x' })).json().message).toBe(
      en.noteTitleMin,
    );

    const withFile = (await add(w.provider, typed('Recording', ''), [pdfFile('recording.pdf')])).json().data;
    const renamed = await edit(w.provider, withFile.identifier, { title: 'Recording, May', content: 'extra' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      title: 'Recording, May',
      content: '',
      file: { filename: 'recording.pdf' },
    });
  });

  it('deletes a note and its file; it is gone for good', async () => {
    const note = (await add(w.provider, typed('Temporary', ''), [pdfFile('temporary.pdf')])).json().data;
    const [{ file_id: fileId }] = (
      await t.db.$client.query<{ file_id: string }>('SELECT file_id FROM notes WHERE identifier = $1', [
        note.identifier,
      ])
    ).rows as [{ file_id: string }];
    const res = await t.api('DELETE', `/note/${note.identifier}`, w.provider);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.noteDeleted);
    expect((await t.api('GET', `/note/${note.identifier}`, w.provider)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/note/${note.identifier}`, w.provider)).statusCode).toBe(404);
    expect(await t.count('files', { identifier: fileId })).toBe(0);
  });

  it("filters a client's notes by kind, title words (case-insensitive) and day written, a page at a time", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const world = { ...w, provider };
    const { bookingId: booking } = await insertBooking(world, { status: 'confirmed', start: '2026-05-08T10:00:00Z' });
    // Written on four days (the day is set afterwards: moving the clock back would outdate the session).
    const write = async (at: string, type: 'booking' | 'client', title: string) => {
      const res = await add(provider, {
        type,
        reference: type === 'booking' ? booking : w.client.userId,
        title,
        content: 'words',
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.db.$client.query('UPDATE notes SET created_at = $1 WHERE identifier = $2', [
        at,
        res.json().data.identifier,
      ]);
    };
    await write('2026-05-01T09:00:00Z', 'booking', 'Sleep diary');
    await write('2026-05-02T09:00:00Z', 'client', 'Family history');
    await write('2026-05-03T09:00:00Z', 'booking', 'SLEEP review');
    await write('2026-05-04T09:00:00Z', 'client', 'Medication');
    const list = async (query: string) => {
      const res = await t.api('GET', `/note/client/${w.client.userId}?${query}`, provider);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ title: string }>; meta: { total: number; totalPages: number } };
    };
    expect((await list('')).data.map((n) => n.title)).toEqual([
      'Medication',
      'SLEEP review',
      'Family history',
      'Sleep diary',
    ]);
    expect((await list('type=client')).data.map((n) => n.title)).toEqual(['Medication', 'Family history']);
    expect((await list('title=sleep')).data.map((n) => n.title)).toEqual(['SLEEP review', 'Sleep diary']);
    expect((await list('fromDate=2026-05-02&toDate=2026-05-03')).data.map((n) => n.title)).toEqual([
      'SLEEP review',
      'Family history',
    ]);
    const paged = await list('pageSize=3&page=2');
    expect(paged.data.map((n) => n.title)).toEqual(['Sleep diary']);
    expect(paged.meta).toMatchObject({ total: 4, totalPages: 2 });
    const wrongRange = await t.api(
      'GET',
      `/note/client/${w.client.userId}?fromDate=2026-05-04&toDate=2026-05-01`,
      provider,
    );
    expect(wrongRange.statusCode).toBe(400);
    expect(wrongRange.json().message).toBe(en.noteDateRangeInvalid);
  });
});

describe('health data at rest and its audit', () => {
  it('keeps no note text in the database files or the file storage (checked after a checkpoint)', async () => {
    const marker = `Quartzmarker${Date.now()}`;
    const fileMarker = `Filemarker${Date.now()}`;
    const pdf = Buffer.concat([pdfBytes(), Buffer.from(`%${fileMarker}\n`)]);
    const res = await add(w.provider, {
      type: 'client',
      reference: w.client.userId,
      title: `T${marker}`.slice(0, 32),
      content: `Content ${marker}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const withFile = await add(w.provider, { type: 'client', reference: w.client.userId, title: 'Scan', content: '' }, [
      { filename: `${marker}.pdf`, data: pdf },
    ]);
    expect(withFile.statusCode, withFile.body).toBe(201);
    await t.db.$client.query('CHECKPOINT');
    const { rows } = await t.db.$client.query<{ dir: string; oid: number }>(
      `SELECT current_setting('data_directory') AS dir, (SELECT oid FROM pg_database WHERE datname = current_database()) AS oid`,
    );
    const { dir, oid } = rows[0]!;
    const filesUnder = (root: string): string[] =>
      fs
        .readdirSync(root, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(root, e.name)) : [path.join(root, e.name)]));
    const places = [
      ...filesUnder(path.join(dir, 'base', String(oid))),
      ...filesUnder(path.join(dir, 'pg_wal')).filter((f) => /[0-9A-F]{24}$/.test(f)),
    ];
    expect(places.length).toBeGreaterThan(10);
    // The marker as the database would hold it in plain text (and the sanity check: the title's own row is there).
    const needles = [Buffer.from(marker), Buffer.from(fileMarker)];
    for (const file of places) {
      const bytes = fs.readFileSync(file);
      for (const needle of needles) expect(bytes.includes(needle), `${needle.toString()} in ${file}`).toBe(false);
    }
    expect(
      (await t.db.$client.query('SELECT title_sealed FROM notes WHERE identifier = $1', [res.json().data.identifier]))
        .rows[0].title_sealed,
    ).not.toContain(marker);
    const storage = t.config.storage;
    if (storage.kind !== 'local') throw new Error('the test expects local storage');
    for (const file of filesUnder(storage.root))
      expect(fs.readFileSync(file).includes(Buffer.from(fileMarker)), file).toBe(false);
    // ...and the author still reads both.
    expect((await t.api('GET', `/note/${res.json().data.identifier}`, w.provider)).json().data.content).toBe(
      `Content ${marker}`,
    );
    const download = await t.request({
      method: 'GET',
      url: `/api/v1/note/${withFile.json().data.identifier}/file`,
      headers: w.provider.auth,
    });
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('logs every read, write, download and delete with address and browser; the log refuses changes', async () => {
    const who = { ...w.provider, auth: { ...w.provider.auth, 'user-agent': 'NotesTest/1.0' } } as SignedUp;
    const note = (await add(who, typed('Audited', ''), [pdfFile('audited.pdf')])).json().data;
    await t.api('GET', `/note/${note.identifier}`, who);
    await edit(who, note.identifier, { title: 'Audited again', content: '' });
    await t.request({ method: 'GET', url: `/api/v1/note/${note.identifier}/file`, headers: who.auth });
    const res = await t.api('GET', `/note/${note.identifier}/access-log`, who);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Array<{
      action: string;
      actorIdentifier: string;
      ipAddress: string;
      userAgent: string;
      actorName: string;
    }>;
    expect(entries.map((e) => e.action)).toEqual(['download', 'update', 'read', 'create']);
    for (const e of entries)
      expect(e).toMatchObject({
        actorIdentifier: w.provider.userId,
        ipAddress: '127.0.0.1',
        userAgent: 'NotesTest/1.0',
      });
    expect(entries[0]!.actorName).toBeTruthy();

    await t.api('DELETE', `/note/${note.identifier}`, who);
    const { rows } = await t.db.$client.query<{ action: string }>(
      'SELECT action FROM note_access_log WHERE note_id = $1 ORDER BY at, identifier',
      [note.identifier],
    );
    expect(rows.map((r) => r.action)).toContain('delete');
    await expect(
      t.db.$client.query(`UPDATE note_access_log SET action = 'read' WHERE note_id = $1`, [note.identifier]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.$client.query('DELETE FROM note_access_log WHERE note_id = $1', [note.identifier]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query('TRUNCATE note_access_log')).rejects.toThrow(/append-only/);
  });

  it('names on each row the key it was sealed with', async () => {
    const note = (await add(w.provider, typed('Keyed', 'text'))).json().data;
    const { rows } = await t.db.$client.query<{ key_id: number }>('SELECT key_id FROM notes WHERE identifier = $1', [
      note.identifier,
    ]);
    expect(rows[0]!.key_id).toBe(1);
  });

  it("a provider's deleted account takes their notes and the notes' files with it; the log stays", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const { bookingId: past } = await insertBooking(
      { ...w, provider },
      { status: 'completed', start: '2026-05-01T10:00:00Z' },
    );
    const note = (
      await add(provider, { type: 'booking', reference: past, title: 'Last words', content: '' }, [pdfFile('last.pdf')])
    ).json().data;
    const { rows } = await t.db.$client.query<{ file_id: string }>('SELECT file_id FROM notes WHERE identifier = $1', [
      note.identifier,
    ]);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/v1/user/profile/delete-account',
      headers: { ...provider.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: provider.password }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.count('notes', { author_id: provider.userId })).toBe(0);
    expect(await t.count('files', { identifier: rows[0]!.file_id })).toBe(0);
    expect(await t.count('note_access_log', { note_id: note.identifier })).toBe(1);
  });
});
