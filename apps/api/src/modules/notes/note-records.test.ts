import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/**
 * Notes that are records (issue 47): templates (built-in and the provider's own), sign and lock (also in the
 * database, also against an edit in flight), dated addenda.
 */
let t: TestApp;
let w: World;
let bookingId: string;
let other: World;

const add = (who: SignedUp, fields: Record<string, string>) => uploadDocuments(t, who, '/note', fields, [], 'file');
const edit = (who: SignedUp, id: string, fields: Record<string, string>) =>
  uploadDocuments(t, who, `/note/${id}`, fields, [], 'file', 'PUT');
const plain = async (title = 'Plain note', content = 'Spoke about sleep.') => {
  const res = await add(w.provider, { type: 'booking', reference: bookingId, title, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.identifier as string;
};
const sign = (who: SignedUp, id: string) => t.api('POST', `/note/${id}/sign`, who);
const noteRow = async (id: string) =>
  (await t.db.$client.query('SELECT * FROM notes WHERE identifier = $1', [id])).rows[0];

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  ({ bookingId } = await insertBooking(w, { status: 'confirmed', start: '2026-05-06T10:00:00Z' }));
  other = await bookingWorld(t);
});
afterAll(async () => t.close());

describe('note templates', () => {
  it("the provider's own templates: create, list, edit, delete; another provider's id is not found", async () => {
    const created = await t.api('POST', '/note-template', w.provider, {
      name: '  Intake  ',
      sections: ['Reason', 'History', 'Goals'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(en.templateCreated);
    const tpl = created.json().data;
    expect(tpl).toMatchObject({ name: 'Intake', sections: ['Reason', 'History', 'Goals'] });

    const list = await t.api('GET', '/note-template', w.provider);
    expect(list.json().data.map((x: { identifier: string }) => x.identifier)).toEqual([tpl.identifier]);
    expect((await t.api('GET', '/note-template', other.provider)).json().data).toEqual([]);

    const changed = await t.api('PUT', `/note-template/${tpl.identifier}`, w.provider, {
      name: 'Intake v2',
      sections: ['Reason', 'Goals'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.sections).toEqual(['Reason', 'Goals']);

    for (const [method, body] of [
      ['PUT', { name: 'Stolen', sections: ['A'] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.api(method, `/note-template/${tpl.identifier}`, other.provider, body);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await t.api('GET', '/note-template', w.provider)).json().data[0].name).toBe('Intake v2');
    expect((await t.api('GET', '/note-template', w.client)).statusCode).toBe(403);

    const gone = await t.api('DELETE', `/note-template/${tpl.identifier}`, w.provider);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.api('GET', '/note-template', w.provider)).json().data).toEqual([]);
  });

  it('refuses bad templates with their exact messages, changing nothing', async () => {
    const before = await t.count('note_templates');
    const cases: [unknown, string][] = [
      [{ name: '', sections: ['A'] }, en.templateNameRequired],
      [{ name: 'ab', sections: ['A'] }, en.templateNameMin],
      [{ name: 'x'.repeat(61), sections: ['A'] }, en.templateNameMax],
      [{ name: 'Fine', sections: [] }, en.templateSectionsMin],
      [{ name: 'Fine', sections: Array.from({ length: 11 }, (_, i) => `S${i}`) }, en.templateSectionsMax],
      [{ name: 'Fine', sections: ['  '] }, en.templateSectionRequired],
      [{ name: 'Fine', sections: ['h'.repeat(61)] }, en.templateSectionMax],
    ];
    for (const [body, text] of cases) {
      const res = await t.api('POST', '/note-template', w.provider, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(text);
    }
    expect(await t.count('note_templates')).toBe(before);
  });

  it('writes a SOAP note: one text per section, kept sealed, shown as sections and as readable text', async () => {
    const res = await add(w.provider, {
      type: 'booking',
      reference: bookingId,
      title: 'Session 3',
      template: 'soap',
      sections: JSON.stringify(['Feels calmer', 'Good eye contact', '', 'Keep the sleep diary']),
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data;
    expect(note.template).toEqual({ builtIn: 'soap', identifier: null });
    expect(note.sections).toEqual([
      { heading: 'Subjective', text: 'Feels calmer' },
      { heading: 'Objective', text: 'Good eye contact' },
      { heading: 'Assessment', text: '' },
      { heading: 'Plan', text: 'Keep the sleep diary' },
    ]);
    expect(note.content).toBe('Subjective\nFeels calmer\n\nObjective\nGood eye contact\n\nPlan\nKeep the sleep diary');
    const row = await noteRow(note.identifier);
    expect(row.built_in_template).toBe('soap');
    expect(row.sections_sealed).not.toMatch(/calmer|Subjective/);

    // In German the built-in headings are German.
    const body = {
      type: 'booking',
      reference: bookingId,
      title: 'Sitzung 4',
      template: 'birp',
      sections: JSON.stringify(['a', 'b', 'c', 'd']),
    };
    const inGerman = await t.request({
      method: 'POST',
      url: '/api/v1/note',
      headers: { ...w.provider.auth, 'accept-language': 'de', ...multipart(body).headers },
      payload: multipart(body).payload,
    });
    expect(inGerman.statusCode, inGerman.body).toBe(201);
    expect(inGerman.json().data.sections.map((s: { heading: string }) => s.heading)).toEqual([
      'Verhalten',
      'Intervention',
      'Reaktion',
      'Plan',
    ]);

    // Editing keeps the template's headings and takes new texts.
    const changed = await edit(w.provider, note.identifier, {
      title: 'Session 3',
      sections: JSON.stringify(['Feels calmer', 'Good eye contact', 'Improving', 'Keep the sleep diary']),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.sections[2]).toEqual({ heading: 'Assessment', text: 'Improving' });
  });

  it("writes from the provider's own template, never from another's; bad sections change nothing", async () => {
    const mine = (
      await t.api('POST', '/note-template', w.provider, { name: 'Two parts', sections: ['First', 'Second'] })
    ).json().data.identifier as string;
    const theirs = (
      await t.api('POST', '/note-template', other.provider, { name: 'Theirs', sections: ['Only'] })
    ).json().data.identifier as string;

    const ok = await add(w.provider, {
      type: 'booking',
      reference: bookingId,
      title: 'Custom',
      template: mine,
      sections: JSON.stringify(['one', 'two']),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.template).toEqual({ builtIn: null, identifier: mine });

    const before = await t.count('notes');
    const bad: [Record<string, string>, string][] = [
      [{ template: theirs, sections: JSON.stringify(['x']) }, en.noteTemplateInvalid],
      [{ template: 'freestyle', sections: JSON.stringify(['x']) }, en.noteTemplateInvalid],
      [{ template: mine, sections: JSON.stringify(['only one']) }, en.noteSectionsInvalid],
      [{ template: mine, sections: 'not json' }, en.noteSectionsInvalid],
      [{ template: mine, sections: JSON.stringify(['', ' ']) }, en.noteSectionsRequired],
      [{ template: mine, sections: JSON.stringify(['x'.repeat(4001), 'y']) }, en.noteSectionMax],
      [{ template: mine, sections: JSON.stringify(['x'.repeat(2500), 'y'.repeat(2500)]) }, en.noteSectionsTotalMax],
    ];
    for (const [fields, text] of bad) {
      const res = await add(w.provider, { type: 'booking', reference: bookingId, title: 'Custom', ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(text);
    }
    expect(await t.count('notes')).toBe(before);

    // A note written from a deleted template keeps its sections.
    await t.api('DELETE', `/note-template/${mine}`, w.provider);
    const kept = await t.api('GET', `/note/${ok.json().data.identifier as string}`, w.provider);
    expect(kept.json().data.sections).toEqual([
      { heading: 'First', text: 'one' },
      { heading: 'Second', text: 'two' },
    ]);
    expect(kept.json().data.template).toBeNull();
  });
});

describe('signed and locked notes', () => {
  it('signs a note: signed_at and signer recorded; edits and deletes are refused with 409, nothing changes', async () => {
    const id = await plain('To be signed', 'Original text');
    const res = await sign(w.provider, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.noteSigned);
    expect(res.json().data).toMatchObject({ signedByIdentifier: w.provider.userId, content: 'Original text' });
    const row = await noteRow(id);
    expect(row.signed_by).toBe(w.provider.userId);
    expect(new Date(row.signed_at).toISOString()).toBe(res.json().data.signedAt);

    const changed = await edit(w.provider, id, { title: 'Changed', content: 'Changed text' });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().message).toBe(en.noteSignedLocked);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/note/${id}`,
      headers: { ...w.provider.auth, 'accept-language': 'de' },
    });
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(deleted.json().message).toBe(de.noteSignedLocked);
    const again = await sign(w.provider, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(en.noteAlreadySigned);

    const now = (await t.api('GET', `/note/${id}`, w.provider)).json().data;
    expect(now).toMatchObject({ title: 'To be signed', content: 'Original text' });
    expect(now.signedAt).toBe(res.json().data.signedAt);
  });

  it("another provider's or a client's sign is not found", async () => {
    const id = await plain();
    expect((await sign(other.provider, id)).statusCode).toBe(404);
    expect((await sign(w.client, id)).statusCode).toBe(403);
    expect((await noteRow(id)).signed_at).toBeNull();
  });

  it('the database itself refuses changing or deleting a signed note, and changing or deleting an addendum', async () => {
    const id = await plain('Locked in the DB', 'Locked text');
    await sign(w.provider, id);
    await t.api('POST', `/note/${id}/addendum`, w.provider, { content: 'Later thought' });
    const q = (text: string, params: unknown[] = [id]) => t.db.$client.query(text, params);
    await expect(q("UPDATE notes SET title_sealed = 'x' WHERE identifier = $1")).rejects.toThrow(/signed and locked/);
    await expect(q("UPDATE notes SET content_sealed = 'x' WHERE identifier = $1")).rejects.toThrow(/signed and locked/);
    await expect(q('UPDATE notes SET signed_at = NULL, signed_by = NULL WHERE identifier = $1')).rejects.toThrow(
      /signed and locked/,
    );
    await expect(q('DELETE FROM notes WHERE identifier = $1')).rejects.toThrow(/signed and locked/);
    await expect(q("UPDATE note_addenda SET content_sealed = 'x' WHERE note_id = $1")).rejects.toThrow(/append-only/);
    await expect(q('DELETE FROM note_addenda WHERE note_id = $1')).rejects.toThrow(/append-only/);
    // An unsigned note is still the author's to change.
    const open = await plain();
    await expect(q('UPDATE notes SET updated_at = now() WHERE identifier = $1', [open])).resolves.toBeTruthy();
    expect((await t.api('GET', `/note/${id}`, w.provider)).json().data.content).toBe('Locked text');
  });

  it('a signature and an edit sent at the same time: the edit lands before the signature or is refused', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await plain('Race', 'Before');
      const [edited, signed] = await Promise.all([
        edit(w.provider, id, { title: 'Race', content: `After ${round}` }),
        sign(w.provider, id),
      ]);
      expect(signed.statusCode, signed.body).toBe(200);
      expect([200, 409], edited.body).toContain(edited.statusCode);
      const row = await noteRow(id);
      expect(row.signed_at).not.toBeNull();
      const stored = (await t.api('GET', `/note/${id}`, w.provider)).json().data.content;
      expect(stored).toBe(edited.statusCode === 200 ? `After ${round}` : 'Before');
      // Nothing was written after the signature.
      expect(new Date(row.updated_at).getTime()).toBe(new Date(row.signed_at).getTime());
    }
  });
});

describe('addenda', () => {
  it('adds dated addenda to a signed note only, shown under it with date and author, sealed at rest', async () => {
    const id = await plain('With addenda', 'Main text');
    const early = await t.api('POST', `/note/${id}/addendum`, w.provider, { content: 'Too early' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(en.noteAddendumNeedsSignature);
    await sign(w.provider, id);

    t.clock.advance(60_000);
    const first = await t.api('POST', `/note/${id}/addendum`, w.provider, { content: '  Client called back  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(en.noteAddendumAdded);
    expect(first.json().data).toMatchObject({ content: 'Client called back', authorIdentifier: w.provider.userId });
    expect(first.json().data.authorName).toBeTruthy();
    t.clock.advance(60_000);
    await t.api('POST', `/note/${id}/addendum`, w.provider, { content: 'Second thought' });

    const note = (await t.api('GET', `/note/${id}`, w.provider)).json().data;
    expect(note.addenda.map((a: { content: string }) => a.content)).toEqual(['Client called back', 'Second thought']);
    expect(Date.parse(note.addenda[0].createdAt)).toBeLessThan(Date.parse(note.addenda[1].createdAt));
    const { rows } = await t.db.$client.query('SELECT content_sealed FROM note_addenda WHERE note_id = $1', [id]);
    expect(rows.map((r) => r.content_sealed).join()).not.toMatch(/called|thought/);

    const before = await t.count('note_addenda');
    for (const [body, text] of [
      [{ content: '   ' }, en.noteAddendumRequired],
      [{ content: 'x'.repeat(4001) }, en.noteAddendumMax],
      [{}, en.noteAddendumRequired],
    ] as const) {
      const res = await t.api('POST', `/note/${id}/addendum`, w.provider, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(text);
    }
    expect((await t.api('POST', `/note/${id}/addendum`, other.provider, { content: 'Mine?' })).statusCode).toBe(404);
    expect(await t.count('note_addenda')).toBe(before);
  });

  it("erasing the author's account removes even signed notes and their addenda", async () => {
    const erased = await bookingWorld(t);
    const { bookingId: b } = await insertBooking(erased, { status: 'completed', start: '2026-05-01T10:00:00Z' });
    const res = await uploadDocuments(
      t,
      erased.provider,
      '/note',
      { type: 'booking', reference: b, title: 'Signed then gone', content: 'x' },
      [],
      'file',
    );
    const id = res.json().data.identifier as string;
    await sign(erased.provider, id);
    await t.api('POST', `/note/${id}/addendum`, erased.provider, { content: 'y' });
    const gone = await t.api('DELETE', '/user/profile/delete-account', erased.provider, {
      password: erased.provider.password,
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await noteRow(id)).toBeUndefined();
  });
});

function multipart(fields: Record<string, string>) {
  const boundary = '----note-records-test';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
  };
}
