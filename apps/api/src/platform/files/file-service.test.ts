import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, m } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { AppError } from '../errors.ts';
import { createFileService, type FileService } from './file-service.ts';
import { MAX_IMAGE_BYTES } from './image.ts';
import { uploadedFile } from './uploads.ts';

let t: TestApp;
let files: FileService;
let owner: string;
let uploads: string;

beforeAll(async () => {
  t = await buildTestApp();
  files = createFileService({ db: t.db, config: t.config, clock: t.clock });
  owner = (await t.signUp('client')).userId;
  uploads = path.join(t.config.dataDir, 'uploads');
});
afterAll(async () => t.close());

/** What req.file() hands over, built from bytes: the service reads only .file, .filename and .file.truncated. */
function partOf(data: Buffer, filename = 'photo.png', mimetype = 'image/png'): MultipartFile {
  const chunks: Buffer[] = [];
  for (let i = 0; i < data.length; i += 64 * 1024) chunks.push(data.subarray(i, i + 64 * 1024));
  const file = Object.assign(Readable.from(chunks), { truncated: false, bytesRead: 0 });
  return {
    type: 'file',
    file,
    filename,
    mimetype,
    fieldname: 'file',
    encoding: '7bit',
    fields: {},
    toBuffer: async () => data,
  } as unknown as MultipartFile;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const storedFiles = () =>
  fs.existsSync(uploads)
    ? fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
const rowOf = async (id: string) =>
  (await t.db.$client.query('SELECT * FROM files WHERE identifier = $1', [id])).rows[0] as Record<string, unknown>;

/** A PNG whose header claims a huge canvas: a few bytes that would decode to gigabytes. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('saveImage', () => {
  it('stores a valid 400x400 PNG re-encoded as WebP, with its row', async () => {
    const stored = await files.saveImage(owner, 'profile_picture', partOf(await png(400, 400), '../../etc/passwd.png'));
    expect(stored).toEqual({
      identifier: expect.any(String),
      contentType: 'image/webp',
      sizeBytes: expect.any(Number),
    });
    const row = await rowOf(stored.identifier);
    expect(row).toMatchObject({
      owner_user_id: owner,
      purpose: 'profile_picture',
      content_type: 'image/webp',
      original_name: '../../etc/passwd.png',
      deleted_at: null,
    });
    // The key is ours: the client's name never reaches the path.
    expect(row.storage_key).toBe(`profile_picture/${stored.identifier}.webp`);
    const bytes = fs.readFileSync(path.join(uploads, String(row.storage_key)));
    expect(bytes.length).toBe(stored.sizeBytes);
    expect(Number(row.size_bytes)).toBe(stored.sizeBytes);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('shrinks a large image to fit 1024x1024 without enlarging small ones', async () => {
    const stored = await files.saveImage(owner, 'profile_picture', partOf(await png(3000, 1500)));
    const row = await rowOf(stored.identifier);
    const meta = await sharp(fs.readFileSync(path.join(uploads, String(row.storage_key)))).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
  });

  it('drops EXIF and GPS, and applies the EXIF orientation', async () => {
    const input = await sharp({ create: { width: 300, height: 240, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const gpsIfdPointer = (exif: Buffer | undefined) =>
      !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(before.orientation).toBe(6);
    expect(gpsIfdPointer(before.exif)).toBe(true);

    const stored = await files.saveImage(owner, 'profile_picture', partOf(input, 'holiday.jpg', 'image/jpeg'));
    const bytes = fs.readFileSync(path.join(uploads, String((await rowOf(stored.identifier)).storage_key)));
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect([after.width, after.height]).toEqual([240, 300]); // rotated upright
  });

  it.each([
    ['text bytes named x.png', Buffer.from('hello, I am not a picture at all\n'.repeat(100)), 'x.png', 'image/png'],
    [
      'an SVG carrying a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>',
      ),
      'x.svg',
      'image/svg+xml',
    ],
    ['a PDF named photo.jpg', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'photo.jpg', 'image/jpeg'],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'x.png',
      'image/png',
    ],
    ['a decompression bomb (100000x100000 claimed)', pngClaiming(100_000, 100_000), 'bomb.png', 'image/png'],
  ])('refuses %s with imageInvalid and stores nothing', async (_name, data, filename, mimetype) => {
    const before = { rows: await t.count('files'), files: storedFiles().length };
    const err = await rejection(files.saveImage(owner, 'profile_picture', partOf(data, filename, mimetype)));
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      messageKey: 'imageInvalid',
      errors: [m.imageInvalid],
    });
    expect({ rows: await t.count('files'), files: storedFiles().length }).toEqual(before);
  });

  it('refuses 150x150 with imageTooSmall', async () => {
    const err = await rejection(files.saveImage(owner, 'profile_picture', partOf(await png(150, 150))));
    expect(err).toMatchObject({ statusCode: 400, messageKey: 'imageTooSmall', errors: [m.imageTooSmall] });
    const narrow = await rejection(files.saveImage(owner, 'profile_picture', partOf(await png(1000, 199))));
    expect(narrow.messageKey).toBe('imageTooSmall');
  });

  it('refuses 10 MB + 1 byte with imageTooLarge and stores nothing, without reading past the limit', async () => {
    const before = { rows: await t.count('files'), files: storedFiles().length };
    const start = await png(400, 400);
    const big = Buffer.concat([start, Buffer.alloc(MAX_IMAGE_BYTES + 1 - start.length)]);
    const err = await rejection(files.saveImage(owner, 'profile_picture', partOf(big)));
    expect(err).toMatchObject({ statusCode: 400, messageKey: 'imageTooLarge', errors: [m.imageTooLarge] });
    expect({ rows: await t.count('files'), files: storedFiles().length }).toEqual(before);

    // An endless stream: the service stops once it holds one byte more than allowed.
    let served = 0;
    const endless = new Readable({
      read() {
        served += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024));
      },
    });
    const part = {
      ...partOf(Buffer.alloc(0)),
      file: Object.assign(endless, { truncated: false, bytesRead: 0 }),
    } as unknown as MultipartFile;
    expect((await rejection(files.saveImage(owner, 'profile_picture', part))).messageKey).toBe('imageTooLarge');
    expect(served).toBeLessThanOrEqual(MAX_IMAGE_BYTES + 2 * 1024 * 1024);
  });

  it('says fileRequired when there is no file part', async () => {
    const err = await rejection(files.saveImage(owner, 'profile_picture', undefined));
    expect(err).toMatchObject({ statusCode: 400, messageKey: 'fileRequired', errors: [m.fileRequired] });
  });

  it('inserts inside the caller transaction, so a rollback leaves no row', async () => {
    const image = await png(300, 300);
    let id = '';
    await t.db
      .transaction(async (tx) => {
        id = (await files.saveImage(owner, 'profile_picture', partOf(image), tx)).identifier;
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(id).not.toBe('');
    expect(await t.count('files', { identifier: id })).toBe(0);
  });

  it('remove soft-deletes the row and deletes the bytes; twice is fine', async () => {
    const stored = await files.saveImage(owner, 'profile_picture', partOf(await png(300, 300)));
    const key = String((await rowOf(stored.identifier)).storage_key);
    expect(fs.existsSync(path.join(uploads, key))).toBe(true);
    await files.remove(stored.identifier);
    expect((await rowOf(stored.identifier)).deleted_at).toBeInstanceOf(Date);
    expect(fs.existsSync(path.join(uploads, key))).toBe(false);
    await files.remove(stored.identifier);
    await files.remove('01900000-0000-7000-8000-000000000000');
  });
});

describe('uploads through the real app (multipart limits as registered in app.ts)', () => {
  let app: FastifyInstance;
  const boundary = '----therapy-test-boundary';
  const body = (data: Buffer | null, filename = 'photo.png', type = 'image/png') =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
      ...(data
        ? [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
            ),
            data,
            Buffer.from('\r\n'),
          ]
        : []),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
  const upload = (payload: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/test-upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });

  beforeAll(async () => {
    app = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    app.post('/test-upload', async (req, reply) =>
      reply.code(201).send({ data: await files.saveImage(owner, 'profile_picture', await uploadedFile(req)) }),
    );
    await app.ready();
  });
  afterAll(async () => app.close());

  it('stores a valid upload', async () => {
    const res = await upload(body(await png(400, 400)));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.contentType).toBe('image/webp');
  });

  it('refuses 10 MB + 1 byte with the spec message and stores nothing', async () => {
    const before = { rows: await t.count('files'), files: storedFiles().length };
    const start = await png(400, 400);
    expectError(
      await upload(body(Buffer.concat([start, Buffer.alloc(MAX_IMAGE_BYTES + 1 - start.length)]))),
      400,
      validation(en.imageTooLarge),
    );
    expectError(
      await upload(body(Buffer.concat([start, Buffer.alloc(MAX_IMAGE_BYTES + 500_000)]))),
      400,
      validation(en.imageTooLarge),
    );
    expect({ rows: await t.count('files'), files: storedFiles().length }).toEqual(before);
  });

  it('accepts exactly 10 MB of image bytes as far as size goes', async () => {
    const start = await png(400, 400);
    // Trailing bytes after IEND are ignored by decoders: the size check passes, the image is valid.
    const res = await upload(body(Buffer.concat([start, Buffer.alloc(MAX_IMAGE_BYTES - start.length)])));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a renamed text file and an SVG, and asks for a file when there is none', async () => {
    expectError(await upload(body(Buffer.from('not an image'.repeat(50)), 'x.png')), 400, validation(en.imageInvalid));
    expectError(
      await upload(
        body(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'x.svg',
          'image/svg+xml',
        ),
      ),
      400,
      validation(en.imageInvalid),
    );
    expectError(await upload(body(null)), 400, validation(en.fileRequired));
    expectError(
      await app.inject({ method: 'POST', url: '/test-upload', payload: { file: 'x' } }),
      400,
      validation(en.fileRequired),
    );
  });

  it('keeps routes with a JSON body answering 415 to multipart', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body(await png(300, 300)),
    });
    expectError(res, 415, { message: 'The request could not be read', code: 'BAD_REQUEST' });
  });
});
