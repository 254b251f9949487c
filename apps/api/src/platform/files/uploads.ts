import multipart, { type MultipartFile } from '@fastify/multipart';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
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

/** The request's one file part, or undefined when there is none (also when the request is not multipart at all). */
export async function uploadedFile(req: FastifyRequest): Promise<MultipartFile | undefined> {
  return req.isMultipart() ? req.file() : undefined;
}
