import multipart, { type MultipartFile } from '@fastify/multipart';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { isStorableText, textInvalid } from '../http/text-checks.ts';
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
