import type { FastifyReply } from 'fastify';

/**
 * A private file, opened for the one who may read it (a note's file, a chat attachment): never cached, never sniffed
 * by the browser, saved under its own name.
 */
export function sendDownload(reply: FastifyReply, file: { data: Buffer; contentType: string; filename: string }) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .send(file.data);
}
