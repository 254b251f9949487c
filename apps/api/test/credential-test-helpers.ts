import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { SignedUp, TestApp } from './harness.ts';

export interface UploadFile {
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A tiny valid PDF, padded with a comment to `size` bytes when asked (the sniffer reads its "%PDF-" head). */
export function pdfBytes(size?: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n',
  );
  const tail = Buffer.from('\n%%EOF\n');
  if (size === undefined) return Buffer.concat([head, tail]);
  const pad = size - head.length - tail.length;
  if (pad < 1) throw new Error('size too small for a PDF');
  return Buffer.concat([head, Buffer.from('%'), Buffer.alloc(pad - 1, 0x20), tail]);
}
export const pdfFile = (filename: string, size?: number): UploadFile => ({
  filename,
  data: pdfBytes(size),
  contentType: 'application/pdf',
});

/** A multipart/form-data body: text fields first, then each file under `fileField`. */
export function multipartBody(fields: Record<string, string>, files: UploadFile[], fileField = 'files') {
  const boundary = `----cred${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadDocuments(
  t: TestApp,
  who: SignedUp,
  path: string,
  fields: Record<string, string>,
  files: UploadFile[],
  fileField = 'files',
  method: 'POST' | 'PUT' = 'POST',
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, files, fileField);
  return t.request({ method, url: `/api/v1${path}`, headers: { ...who.auth, ...body.headers }, payload: body.payload });
}

/** A minimal zip (stored, no compression) of the given entries. */
export function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A Word document as a .docx is: a zip with [Content_Types].xml and word/document.xml. */
export const docxBytes = () =>
  zipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml':
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  });
/** An old Word document's head: an OLE compound file (CFB). */
export const docBytes = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016, 0)]);
/** A Windows executable's head ("MZ"), as a renamed .exe would send it. */
export const exeBytes = () =>
  Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(62, 0),
    Buffer.from('This program cannot be run in DOS mode.'),
    Buffer.alloc(400, 0),
  ]);
