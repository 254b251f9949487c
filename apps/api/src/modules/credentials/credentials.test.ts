import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_FILE_MAX_BYTES } from '@therapy/contracts/credentials';
import { de, en } from '@therapy/contracts/messages';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import {
  docBytes,
  docxBytes,
  exeBytes,
  multipartBody,
  pdfBytes,
  pdfFile,
  uploadDocuments,
  type UploadFile,
} from '../../../test/credential-test-helpers.ts';
import { png } from '../../../test/profile-test-helpers.ts';
import type { AppDeps } from '../../deps.ts';
import { seedDemoCredentials } from '../../db/seed/demo-credentials.ts';
import { checkDocument } from '../../platform/files/documents.ts';
import { createFileService, createFileStorage } from '../../platform/files/file-service.ts';
import type { UserModule } from '../user/user.module.ts';
import { createCredentialsModule } from './credentials.module.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const licence = { type: 'license', body: 'New York State Board', credentialNumber: 'NY-123/45' };
const post = (
  who: SignedUp,
  fields: Record<string, string>,
  files: UploadFile[],
  headers: Record<string, string> = {},
) => {
  const body = multipartBody(fields, files);
  return t.request({
    method: 'POST',
    url: '/api/v1/provider/qualification',
    headers: { ...who.auth, ...body.headers, ...headers },
    payload: body.payload,
  });
};
const put = (who: SignedUp, url: string, fields: Record<string, string>, files: UploadFile[], field = 'files') => {
  const body = multipartBody(fields, files, field);
  return t.request({
    method: 'PUT',
    url: `/api/v1${url}`,
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
};

/** Every stored byte file under the app's upload folder (the `.type` side files aside). */
const storedBytes = (): string[] => {
  const root = (t.config.storage as { root: string }).root;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => !p.endsWith('.type') && fs.statSync(path.join(root, p)).isFile())
    .sort();
};
const state = async (userId: string) => ({
  qualifications: await t.count('qualifications', { provider_id: userId }),
  insurance: await t.count('insurance_files', { provider_id: userId }),
  files: await t.count('files', { owner_user_id: userId }),
  bytes: storedBytes(),
});
const fileIdOf = (url: string) => url.split('/files/')[1]!.split('?')[0]!;

describe('adding a qualification', () => {
  it('stores a licence with two files (pdf and png) and answers "File Upload Successful"; the list shows it with signed URLs', async () => {
    const provider = await t.signUp('provider');
    const picture = await png(64);
    const res = await post(provider, licence, [
      pdfFile('licence-front-page.pdf'),
      { filename: 'Back.PNG', data: picture, contentType: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('File Upload Successful');
    const created = res.json().data;
    expect(created).toMatchObject({
      type: 'license',
      details: { body: 'New York State Board', credentialNumber: 'NY-123/45', title: null },
    });
    expect(
      created.files.map((f: { filename: string; contentType: string; size: number }) => [
        f.filename,
        f.contentType,
        f.size,
      ]),
    ).toEqual([
      ['licence-front-page.pdf', 'application/pdf', pdfBytes().length],
      ['Back.PNG', 'image/png', picture.length],
    ]);
    expect(await t.count('qualification_files', {})).toBeGreaterThanOrEqual(2);
    expect((await state(provider.userId)).files).toBe(2);

    const list = await t.api('GET', '/provider/qualification', provider);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((q: { identifier: string }) => q.identifier)).toEqual([created.identifier]);
    // The bytes come back only through the signed URL, as they were sent.
    const served = await t.request({ method: 'GET', url: list.json().data[0].files[1].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(picture)).toBe(true);
  });

  it('stores the other kinds with a title; doc, docx and jpg (.jpeg too) are sniffed and accepted', async () => {
    const provider = await t.signUp('provider');
    const jpeg = await (
      await import('sharp')
    )
      .default({ create: { width: 20, height: 20, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    for (const [type, file] of [
      ['education', { filename: 'diploma.docx', data: docxBytes() }],
      ['association', { filename: 'member.doc', data: docBytes() }],
      ['certification', { filename: 'cert.jpg', data: jpeg }],
      ['conduct', { filename: 'conduct.jpeg', data: jpeg }],
    ] as const) {
      const res = await post(provider, { type, title: `My ${type}` }, [file]);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(201);
      expect(res.json().data.details).toEqual({
        body: null,
        credentialNumber: null,
        title: `My ${type}`,
        stateIdentifier: null,
        expiresOn: null,
      });
    }
    const types = (await t.api('GET', '/provider/qualification', provider))
      .json()
      .data.map((q: { files: Array<{ contentType: string }> }) => q.files[0]!.contentType);
    expect(types).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'image/jpeg',
      'image/jpeg',
    ]);
  });

  it('keeps only the fields of its kind: a licence stores no title, another kind no body or number', async () => {
    const provider = await t.signUp('provider');
    const a = await post(provider, { ...licence, title: 'ignored' }, [pdfFile('a.pdf')]);
    const b = await post(provider, { type: 'education', title: 'MSc', body: 'ignored', credentialNumber: 'x y' }, [
      pdfFile('b.pdf'),
    ]);
    expect(a.json().data.details.title).toBeNull();
    expect(b.json().data.details).toEqual({
      body: null,
      credentialNumber: null,
      title: 'MSc',
      stateIdentifier: null,
      expiresOn: null,
    });
  });

  it('accepts a file of exactly 10 MB', async () => {
    const provider = await t.signUp('provider');
    const res = await post(provider, licence, [pdfFile('big.pdf', CREDENTIAL_FILE_MAX_BYTES)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.files[0].size).toBe(CREDENTIAL_FILE_MAX_BYTES);
  });
});

describe('bad input: 400 VALIDATION_ERROR with the message, nothing stored (no rows, no bytes)', () => {
  const cases: Array<[string, Record<string, string>, () => Promise<UploadFile[]> | UploadFile[], string]> = [
    [
      'a type that is not allowed (.txt)',
      licence,
      () => [{ filename: 'notes.txt', data: Buffer.from('hello') }],
      en.credentialFileType,
    ],
    [
      'a renamed executable (evil.pdf)',
      licence,
      () => [{ filename: 'evil.pdf', data: exeBytes(), contentType: 'application/pdf' }],
      en.credentialFileContent,
    ],
    ['an executable named .doc', licence, () => [{ filename: 'evil.doc', data: exeBytes() }], en.credentialFileContent],
    [
      'a PNG named .pdf (name and content disagree)',
      licence,
      async () => [{ filename: 'scan.pdf', data: await png(20) }],
      en.credentialFileContent,
    ],
    [
      'a plain zip named .docx',
      licence,
      () => [{ filename: 'a.docx', data: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]) }],
      en.credentialFileContent,
    ],
    ['an empty file', licence, () => [{ filename: 'empty.pdf', data: Buffer.alloc(0) }], en.credentialFileContent],
    ['10 MB + 1 byte', licence, () => [pdfFile('big.pdf', CREDENTIAL_FILE_MAX_BYTES + 1)], 'File too large'],
    ['an empty file list', licence, () => [], en.credentialFilesRequired],
    [
      'one good file and one bad one',
      licence,
      () => [pdfFile('good.pdf'), { filename: 'bad.exe', data: exeBytes() }],
      en.credentialFileType,
    ],
    [
      'eleven files',
      licence,
      () => Array.from({ length: 11 }, (_, i) => pdfFile(`f${i}.pdf`)),
      'Please add at most 10 files at once',
    ],
    [
      'a credential number starting with a space sign',
      { ...licence, credentialNumber: '-NY 123' },
      () => [pdfFile('a.pdf')],
      en.credentialNumberPattern,
    ],
    [
      'a credential number with other signs',
      { ...licence, credentialNumber: 'NY#123' },
      () => [pdfFile('a.pdf')],
      en.credentialNumberPattern,
    ],
    [
      'a licence without a credential number',
      { type: 'license', body: 'Board' },
      () => [pdfFile('a.pdf')],
      en.credentialNumberRequired,
    ],
    [
      'a licence without a body',
      { type: 'license', body: '   ', credentialNumber: 'A1' },
      () => [pdfFile('a.pdf')],
      en.credentialBodyRequired,
    ],
    ['another kind without a title', { type: 'education' }, () => [pdfFile('a.pdf')], en.credentialTitleRequired],
    ['an unknown kind', { type: 'degree', title: 'x' }, () => [pdfFile('a.pdf')], en.credentialKindInvalid],
    ['no kind at all', { title: 'x' }, () => [pdfFile('a.pdf')], en.credentialKindInvalid],
    [
      'a title over 120 characters',
      { type: 'education', title: 'x'.repeat(121) },
      () => [pdfFile('a.pdf')],
      'Please use at most 120 characters',
    ],
  ];
  for (const [name, fields, files, expected] of cases) {
    it(name, async () => {
      const provider = await t.signUp('provider');
      const before = await state(provider.userId);
      const res = await post(provider, fields, await files());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expected });
      expect(res.json().errors).toContain(expected);
      expect(await state(provider.userId)).toEqual(before);
      expect(before.files).toBe(0);
    });
  }

  it('a body that is not multipart is refused the same way', async () => {
    const provider = await t.signUp('provider');
    const res = await t.api('POST', '/provider/qualification', provider, { type: 'education', title: 'MSc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: en.credentialKindInvalid });
    expect(await t.count('qualifications', { provider_id: provider.userId })).toBe(0);
  });

  it('says it in German for a German request', async () => {
    const provider = await t.signUp('provider');
    const res = await post(provider, { ...licence, credentialNumber: 'NY_1' }, [pdfFile('a.pdf')], {
      'x-locale': 'de',
    });
    expect(res.json().message).toBe(de.credentialNumberPattern);
    const big = await post(provider, licence, [pdfFile('a.pdf', CREDENTIAL_FILE_MAX_BYTES + 1)], { 'x-locale': 'de' });
    expect(big.json().message).toBe(de.credentialFileTooLarge);
  });
});

describe('editing a qualification', () => {
  it('changes the details and adds files ("File Updated Successfully"); bad details change nothing', async () => {
    const provider = await t.signUp('provider');
    const created = (await post(provider, licence, [pdfFile('one.pdf')])).json().data;
    const res = await put(
      provider,
      `/provider/qualification/${created.identifier}`,
      { type: 'license', body: 'Texas Board', credentialNumber: 'TX/9' },
      [pdfFile('two.pdf')],
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('File Updated Successfully');
    expect(res.json().data.details).toEqual({
      body: 'Texas Board',
      credentialNumber: 'TX/9',
      title: null,
      stateIdentifier: null,
      expiresOn: null,
    });
    expect(res.json().data.files.map((f: { filename: string }) => f.filename)).toEqual(['one.pdf', 'two.pdf']);

    // Only the details, no file: allowed (the files stay).
    const kind = await put(
      provider,
      `/provider/qualification/${created.identifier}`,
      { type: 'certification', title: 'CBT practitioner' },
      [],
    );
    expect(kind.statusCode, kind.body).toBe(200);
    expect(kind.json().data).toMatchObject({
      type: 'certification',
      details: { title: 'CBT practitioner', body: null, credentialNumber: null },
    });

    const before = await state(provider.userId);
    for (const [fields, files, msg] of [
      [
        { type: 'license', body: 'B', credentialNumber: 'with_underscore' },
        [pdfFile('x.pdf')],
        en.credentialNumberPattern,
      ],
      [{ type: 'education' }, [], en.credentialTitleRequired],
      [{ type: 'education', title: 'ok' }, [{ filename: 'evil.pdf', data: exeBytes() }], en.credentialFileContent],
      [
        { type: 'education', title: 'ok' },
        [pdfFile('big.pdf', CREDENTIAL_FILE_MAX_BYTES + 1)],
        en.credentialFileTooLarge,
      ],
    ] as const) {
      const bad = await put(provider, `/provider/qualification/${created.identifier}`, fields, [...files]);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: msg });
    }
    expect(await state(provider.userId)).toEqual(before);
    const [now] = (await t.api('GET', '/provider/qualification', provider)).json().data;
    expect(now.details.title).toBe('CBT practitioner');
  });

  it('replaces one file in its place; the old file is gone (its URL answers 404)', async () => {
    const provider = await t.signUp('provider');
    const created = (await post(provider, licence, [pdfFile('a.pdf'), pdfFile('b.pdf')])).json().data;
    const [first, second] = created.files;
    const res = await put(
      provider,
      `/provider/qualification/${created.identifier}/files/${first.identifier}`,
      {},
      [pdfFile('a-new.pdf')],
      'file',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('File Updated Successfully');
    expect(res.json().data.files.map((f: { filename: string }) => f.filename)).toEqual(['a-new.pdf', 'b.pdf']);
    expect((await t.request({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: second.url })).statusCode).toBe(200);
    expect(storedBytes().filter((b) => b.includes(first.identifier))).toEqual([]);
    expect(
      (
        await t.db.$client.query('SELECT 1 FROM files WHERE owner_user_id = $1 AND deleted_at IS NULL', [
          provider.userId,
        ])
      ).rowCount,
    ).toBe(2);

    const before = await state(provider.userId);
    const bad = await put(
      provider,
      `/provider/qualification/${created.identifier}/files/${second.identifier}`,
      {},
      [{ filename: 'x.pdf', data: exeBytes() }],
      'file',
    );
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: en.credentialFileContent });
    const none = await put(
      provider,
      `/provider/qualification/${created.identifier}/files/${second.identifier}`,
      {},
      [],
      'file',
    );
    expect(none.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: en.credentialFilesRequired });
    expect(await state(provider.userId)).toEqual(before);
    // A file id that is not this qualification's (the replaced one) is not found.
    const gone = await put(
      provider,
      `/provider/qualification/${created.identifier}/files/${first.identifier}`,
      {},
      [pdfFile('z.pdf')],
      'file',
    );
    expect(gone.statusCode).toBe(404);
    expect(await state(provider.userId)).toEqual(before);
  });

  it('deletes one file ("File Deleted") but never the last one; deleting the qualification removes its files', async () => {
    const provider = await t.signUp('provider');
    const created = (await post(provider, licence, [pdfFile('a.pdf'), pdfFile('b.pdf')])).json().data;
    const [first, second] = created.files;
    const res = await t.api(
      'DELETE',
      `/provider/qualification/${created.identifier}/files/${first.identifier}`,
      provider,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('File Deleted');
    expect(res.json().data.files.map((f: { identifier: string }) => f.identifier)).toEqual([second.identifier]);
    expect((await t.request({ method: 'GET', url: first.url })).statusCode).toBe(404);
    const { rows } = await t.db.$client.query('SELECT deleted_at FROM files WHERE identifier = $1', [first.identifier]);
    expect(rows[0].deleted_at).toBeInstanceOf(Date);

    const last = await t.api(
      'DELETE',
      `/provider/qualification/${created.identifier}/files/${second.identifier}`,
      provider,
    );
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: en.credentialLastFile });

    const bytesBefore = storedBytes();
    const removed = await t.api('DELETE', `/provider/qualification/${created.identifier}`, provider);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('File Deleted');
    expect(await state(provider.userId)).toMatchObject({ qualifications: 0 });
    expect(bytesBefore.filter((b) => !storedBytes().includes(b))).toEqual([expect.stringContaining(second.identifier)]);
    expect((await t.request({ method: 'GET', url: second.url })).statusCode).toBe(404);
    expect((await t.api('GET', '/provider/qualification', provider)).json().data).toEqual([]);
  });
});

describe('access', () => {
  let owner: SignedUp;
  let other: SignedUp;
  let client: SignedUp;
  let q: { identifier: string; files: Array<{ identifier: string; url: string }> };
  let insuranceId: string;
  beforeAll(async () => {
    [owner, other, client] = [await t.signUp('provider'), await t.signUp('provider'), await t.signUp('client')];
    q = (await post(owner, licence, [pdfFile('a.pdf'), pdfFile('b.pdf')])).json().data;
    insuranceId = (
      await uploadDocuments(t, owner, '/provider/indemnity-insurance', {}, [pdfFile('cover.pdf')], 'file')
    ).json().data.insuranceFiles[0].identifier;
  });

  it("another provider gets 404 on every route naming the owner's objects, and changes nothing", async () => {
    const before = await state(owner.userId);
    const file = q.files[0]!.identifier;
    const answers = [
      await put(other, `/provider/qualification/${q.identifier}`, { type: 'education', title: 'mine now' }, [
        pdfFile('x.pdf'),
      ]),
      await put(other, `/provider/qualification/${q.identifier}/files/${file}`, {}, [pdfFile('x.pdf')], 'file'),
      await t.api('DELETE', `/provider/qualification/${q.identifier}/files/${file}`, other),
      await t.api('DELETE', `/provider/qualification/${q.identifier}`, other),
      await t.api('DELETE', `/provider/indemnity-insurance/${insuranceId}`, other),
      // The owner's file id under the other provider's own qualification is not found either.
      await put(
        other,
        `/provider/qualification/${(await post(other, licence, [pdfFile('o.pdf')])).json().data.identifier}/files/${file}`,
        {},
        [pdfFile('x.pdf')],
        'file',
      ),
    ];
    for (const res of answers) expect(`${res.statusCode} ${res.json().code}`).toBe('404 NOT_FOUND');
    expect(await state(owner.userId)).toEqual({ ...before, bytes: (await state(owner.userId)).bytes });
    expect((await state(owner.userId)).files).toBe(before.files);
    expect(
      (await t.api('GET', '/provider/qualification', other))
        .json()
        .data.map((x: { identifier: string }) => x.identifier),
    ).not.toContain(q.identifier);
    expect((await t.api('GET', '/provider/indemnity-insurance', other)).json().data.insuranceFiles).toEqual([]);
  });

  it('a client gets 403 on every route; nobody gets 401', async () => {
    const file = q.files[0]!.identifier;
    const routes: Array<[string, string]> = [
      ['GET', '/provider/qualification'],
      ['POST', '/provider/qualification'],
      ['PUT', `/provider/qualification/${q.identifier}`],
      ['DELETE', `/provider/qualification/${q.identifier}`],
      ['PUT', `/provider/qualification/${q.identifier}/files/${file}`],
      ['DELETE', `/provider/qualification/${q.identifier}/files/${file}`],
      ['GET', '/provider/indemnity-insurance'],
      ['POST', '/provider/indemnity-insurance'],
      ['DELETE', `/provider/indemnity-insurance/${insuranceId}`],
    ];
    for (const [method, url] of routes) {
      const body = multipartBody({ type: 'education', title: 'x' }, [pdfFile('x.pdf')]);
      const asClient = await t.request({
        method: method as 'GET',
        url: `/api/v1${url}`,
        headers: { ...client.auth, ...(method === 'GET' || method === 'DELETE' ? {} : body.headers) },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body.payload }),
      });
      expect(`${method} ${url} ${asClient.statusCode} ${asClient.json().code}`).toBe(`${method} ${url} 403 FORBIDDEN`);
      const anonymous = await t.request({ method: method as 'GET', url: `/api/v1${url}` });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await t.count('files', { owner_user_id: client.userId })).toBe(0);
  });

  it('the bytes need the signed URL: no signature, a tampered one or an expired one answers 404', async () => {
    const { url } = q.files[0]!;
    const id = fileIdOf(url);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/v1/files/${id}` })).statusCode).toBe(404);
    // Its first character changed for certain (writing '0' over a signature that starts with '0' changes nothing).
    const tampered = url.replace(/signature=(.)/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(url);
    expect((await t.request({ method: 'GET', url: tampered })).statusCode).toBe(404);
    t.clock.advance(11 * 60 * 1000);
    try {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      t.clock.advance(-11 * 60 * 1000);
    }
  });
});

describe('indemnity insurance', () => {
  it('uploads ("File Upload Successful"), lists, serves and deletes ("File Deleted") files', async () => {
    const provider = await t.signUp('provider');
    const first = await uploadDocuments(
      t,
      provider,
      '/provider/indemnity-insurance',
      {},
      [pdfFile('indemnity-cover-2026.pdf')],
      'file',
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('File Upload Successful');
    const second = await uploadDocuments(
      t,
      provider,
      '/provider/indemnity-insurance',
      {},
      [{ filename: 'extra.docx', data: docxBytes() }],
      'file',
    );
    expect(second.statusCode, second.body).toBe(201);
    const list = (await t.api('GET', '/provider/indemnity-insurance', provider)).json().data.insuranceFiles;
    expect(list.map((f: { filename: string }) => f.filename)).toEqual(['indemnity-cover-2026.pdf', 'extra.docx']);
    expect((await t.request({ method: 'GET', url: list[0].url })).statusCode).toBe(200);

    const removed = await t.api('DELETE', `/provider/indemnity-insurance/${list[0].identifier}`, provider);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('File Deleted');
    expect(removed.json().data.insuranceFiles.map((f: { filename: string }) => f.filename)).toEqual(['extra.docx']);
    expect((await t.request({ method: 'GET', url: list[0].url })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/provider/indemnity-insurance/${list[0].identifier}`, provider)).statusCode).toBe(
      404,
    );
  });

  it('refuses a wrong type, a renamed executable, 10 MB + 1 and no file, storing nothing', async () => {
    const provider = await t.signUp('provider');
    const bytes = storedBytes();
    for (const [files, msg] of [
      [[{ filename: 'cover.txt', data: Buffer.from('x') }], en.credentialFileType],
      [[{ filename: 'cover.pdf', data: exeBytes() }], en.credentialFileContent],
      [[pdfFile('cover.pdf', CREDENTIAL_FILE_MAX_BYTES + 1)], en.credentialFileTooLarge],
      [[], en.fileRequired],
    ] as const) {
      const res = await uploadDocuments(t, provider, '/provider/indemnity-insurance', {}, [...files], 'file');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: msg });
    }
    expect(await state(provider.userId)).toEqual({ qualifications: 0, insurance: 0, files: 0, bytes });
  });
});

describe('the module face for the checklist and the review', () => {
  it("'credentials' is complete with a licence that has a file, 'insurance' with an insurance file; reviewDocuments lists both with signed URLs", async () => {
    const deps = {
      db: t.db,
      config: t.config,
      clock: t.clock,
      files: createFileService({ db: t.db, config: t.config, clock: t.clock }),
      // The face subscribes to account deletion; this test deletes no account.
      events: { subscribeInTransaction: () => undefined },
    } as unknown as AppDeps;
    const face = createCredentialsModule(deps, { users: {} as UserModule });
    const step = (key: string) => face.setupSteps.find((s) => s.key === key)!;
    expect(face.setupSteps.map((s) => s.key)).toEqual(['credentials', 'insurance']);
    const provider = await t.signUp('provider');
    expect(await step('credentials').isComplete(provider.userId)).toBe(false);
    expect(await step('insurance').isComplete(provider.userId)).toBe(false);

    await post(provider, { type: 'education', title: 'MSc Psychology' }, [pdfFile('msc.pdf')]);
    expect(await step('credentials').isComplete(provider.userId)).toBe(false);
    await post(provider, licence, [pdfFile('licence.pdf')]);
    await uploadDocuments(t, provider, '/provider/indemnity-insurance', {}, [pdfFile('cover.pdf')], 'file');
    expect(await step('credentials').isComplete(provider.userId)).toBe(true);
    expect(await step('insurance').isComplete(provider.userId)).toBe(true);
    const someoneElse = await t.signUp('provider');
    expect(await step('credentials').isComplete(someoneElse.userId)).toBe(false);

    const docs = await face.reviewDocuments.documentsOf(provider.userId);
    expect(docs.map((d) => [d.kind, d.title, d.files.map((f) => f.filename)])).toEqual([
      ['education', 'MSc Psychology', ['msc.pdf']],
      ['license', 'New York State Board, NY-123/45', ['licence.pdf']],
      ['insurance', 'cover.pdf', ['cover.pdf']],
    ]);
    for (const doc of docs) expect((await t.request({ method: 'GET', url: doc.files[0]!.url })).statusCode).toBe(200);
    expect(await face.reviewDocuments.documentsOf(someoneElse.userId)).toEqual([]);
  });
});

describe('demo data', () => {
  it('gives a provider a licence with one small valid PDF and an insurance PDF, once', async () => {
    const provider = await t.signUp('provider');
    const storage = createFileStorage(t.config.storage);
    const storeFile = (key: string, data: Buffer, type: string) => storage.put(key, data, type);
    await seedDemoCredentials(t.db, provider.userId, storeFile);
    await seedDemoCredentials(t.db, provider.userId, storeFile);
    const list = (await t.api('GET', '/provider/qualification', provider)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'license',
      details: { body: 'New York State Board', credentialNumber: 'NY-123456' },
    });
    const insurance = (await t.api('GET', '/provider/indemnity-insurance', provider)).json().data.insuranceFiles;
    expect(insurance.map((f: { filename: string }) => f.filename)).toEqual(['indemnity-insurance.pdf']);
    for (const url of [list[0].files[0].url, insurance[0].url]) {
      const served = await t.request({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      // The same check an upload gets: a PDF by its content, with an xref table and an end marker.
      const checked = await checkDocument({ filename: 'demo.pdf', data: served.rawPayload, tooLarge: false });
      expect(checked.contentType).toBe('application/pdf');
      expect(served.rawPayload.toString('latin1')).toMatch(/xref[\s\S]*%%EOF\n$/);
    }
  });
});
