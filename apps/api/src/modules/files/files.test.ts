import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { createFileService, type FileService, type StoredFile } from '../../platform/files/file-service.ts';

let t: TestApp;
let files: FileService;
let stored: StoredFile;
const notFound = { message: 'Not found', code: 'NOT_FOUND' };

const partOf = (data: Buffer): MultipartFile =>
  ({
    type: 'file',
    file: Object.assign(Readable.from([data]), { truncated: false }),
    filename: 'me.png',
    mimetype: 'image/png',
    fieldname: 'file',
    encoding: '7bit',
    fields: {},
  }) as unknown as MultipartFile;

async function upload(): Promise<StoredFile> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  return files.saveImage((await t.signUp('provider')).userId, 'profile_picture', partOf(png));
}

beforeAll(async () => {
  t = await buildTestApp();
  // The same configuration as the app's own service: same storage, same URL key.
  files = createFileService({ db: t.db, config: t.config, clock: t.clock });
  stored = await upload();
});
afterAll(async () => t.close());

describe('GET /api/v1/files/:id (signed URL)', () => {
  it('serves the stored bytes with safe headers and no auth header', async () => {
    const url = files.signedUrl(stored.identifier);
    expect(url).toMatch(new RegExp(`^/api/v1/files/${stored.identifier}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(expires - Math.floor(t.clock.now().getTime() / 1000)).toBe(600);

    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(Number(res.headers['content-length'])).toBe(stored.sizeBytes);
    expect(res.rawPayload.length).toBe(stored.sizeBytes);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
  });

  it('still works just before expiry and stops at expiry', async () => {
    const url = files.signedUrl(stored.identifier);
    t.clock.advance(599_000);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    t.clock.advance(1_000);
    expectError(await t.request({ method: 'GET', url }), 404, notFound);
  });

  it('refuses a tampered signature, expiry or id, and a missing one, all as NOT_FOUND', async () => {
    const other = await upload();
    const url = new URL(files.signedUrl(stored.identifier), 'http://x');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    for (const bad of [
      `/api/v1/files/${stored.identifier}?expires=${expires}&signature=${flipped}`,
      `/api/v1/files/${stored.identifier}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/v1/files/${other.identifier}?expires=${expires}&signature=${signature}`,
      `/api/v1/files/${stored.identifier}?expires=${expires}`,
      `/api/v1/files/${stored.identifier}`,
      `/api/v1/files/${stored.identifier}?expires=abc&signature=${signature}`,
      `/api/v1/files/${stored.identifier}?expires=${expires}&signature=`,
      `/api/v1/files/not-a-uuid?expires=${expires}&signature=${signature}`,
      `/api/v1/files/..%2F..%2Fsecrets.json?expires=${expires}&signature=${signature}`,
    ]) {
      expectError(await t.request({ method: 'GET', url: bad }), 404, notFound);
    }
  });

  it('answers NOT_FOUND for a validly signed unknown id and after remove', async () => {
    expectError(
      await t.request({ method: 'GET', url: files.signedUrl('01900000-0000-7000-8000-000000000000') }),
      404,
      notFound,
    );
    expectError(await t.request({ method: 'GET', url: files.signedUrl('../../secrets.json') }), 404, notFound);
    const gone = await upload();
    const url = files.signedUrl(gone.identifier);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    await files.remove(gone.identifier);
    expectError(await t.request({ method: 'GET', url }), 404, notFound);
  });

  it('does not accept a URL signed with the key of another deployment', async () => {
    const other = await buildTestApp();
    try {
      const foreign = createFileService({ db: other.db, config: other.config, clock: other.clock }).signedUrl(
        stored.identifier,
      );
      expectError(await t.request({ method: 'GET', url: foreign }), 404, notFound);
    } finally {
      await other.close();
    }
  });
});
