import multipart, { type MultipartFile } from '@fastify/multipart';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { isStorableText, textInvalid } from '../http/text-checks.ts';
import { CREDENTIAL_FILE_MAX_BYTES } from '@therapy/contracts/credentials';
import { m } from '@therapy/contracts/messages';
import { AppError } from '../errors.ts';
import type { UploadedDocument } from './documents.ts';
import { uploadLimits } from './image.ts';

/**
 * Multipart for upload routes (they read `req.file()` and declare no JSON body). A route that declares a JSON body
 * keeps answering 415 to multipart, as before multipart was registered, unless its schema says it `consumes` it.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: uploadLimits });
  app.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema;
    if (!schema?.body || !req.isMultipart()) return;
    if ((schema as { consumes?: string[] }).consumes?.includes('multipart/form-data')) return;
    throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(req.headers['content-type']);
  });
}

/**
 * The request's one file part, or undefined when there is none (also when the request is not multipart at all).
 * Its names and the text fields sent before it get the check every JSON body gets (platform/http/text-checks.ts).
 */
export async function uploadedFile(req: FastifyRequest): Promise<MultipartFile | undefined> {
  if (!req.isMultipart()) return undefined;
  const part = await req.file();
  if (!part) return undefined;
  const texts = [part.fieldname, part.filename, part.mimetype];
  for (const field of Object.values(part.fields).flat()) {
    if (!field) continue;
    texts.push(field.fieldname);
    if (field.type === 'field' && typeof field.value === 'string') texts.push(field.value);
  }
  if (!texts.every(isStorableText)) {
    part.file.resume(); // the rest of the body is read and dropped, so the request ends cleanly
    throw textInvalid();
  }
  return part;
}

export interface UploadedParts {
  /** Text fields by name (the last value wins when a name repeats). */
  fields: Record<string, string>;
  /** The file parts named `fileField`, in the order sent. */
  files: UploadedDocument[];
  /** Text fields longer than the field size: cut there by the parser, so their value is not what was sent. */
  truncatedFields: string[];
}

/**
 * Every part of a multipart request with up to `maxFiles` documents (credentials, insurance): nothing is stored
 * here, so a request refused later leaves no bytes anywhere. Each file keeps at most 10 MB + 1 byte in memory (one
 * byte more than allowed says "too large"; the rest is read and dropped). Texts get the same check as JSON bodies.
 * Not multipart: no fields and no files. More than `maxFiles` files: 400 credentialTooManyFiles.
 */
export async function uploadedParts(
  req: FastifyRequest,
  fileField: string,
  maxFiles: number,
  fieldSize = 1024,
): Promise<UploadedParts> {
  const result: UploadedParts = { fields: {}, files: [], truncatedFields: [] };
  if (!req.isMultipart()) return result;
  const texts: string[] = [];
  try {
    // throwFileSizeLimit: false (read by @fastify/multipart, missing from its types): an over-long file is cut at the
    // limit and marked `truncated`, so the request is read to its end and answered with the message.
    const options = {
      limits: { files: maxFiles, fileSize: CREDENTIAL_FILE_MAX_BYTES + 1, fields: 20, fieldSize, parts: maxFiles + 20 },
      throwFileSizeLimit: false,
    };
    const parts = req.parts(options as Parameters<typeof req.parts>[0]);
    for await (const part of parts) {
      texts.push(part.fieldname);
      if (part.type === 'field') {
        if (typeof part.value === 'string') {
          texts.push(part.value);
          result.fields[part.fieldname] = part.value;
          if (part.valueTruncated) result.truncatedFields.push(part.fieldname);
        }
        continue;
      }
      texts.push(part.filename, part.mimetype);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= CREDENTIAL_FILE_MAX_BYTES) chunks.push(chunk);
      }
      const tooLarge = size > CREDENTIAL_FILE_MAX_BYTES || part.file.truncated;
      if (part.fieldname === fileField)
        result.files.push({
          filename: part.filename,
          data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks),
          tooLarge,
        });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw AppError.rule(m.credentialTooManyFiles, { max: maxFiles });
    throw err;
  }
  if (!texts.every(isStorableText)) throw textInvalid();
  return result;
}
