import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A NUL is refused by PostgreSQL's text and jsonb (a 500 if it gets that far); a lone UTF-16 surrogate is not
 * Unicode at all (the driver would silently store U+FFFD, jsonb refuses it). Neither belongs in any field.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !loneSurrogate.test(text);

export const textInvalid = () => AppError.rule('textInvalid');

/** Every string and object key in a parsed value; iterative, so a deeply nested body cannot exhaust the stack. */
export function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isStorableText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v) stack.push(inner);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, inner] of Object.entries(v)) {
        if (!isStorableText(key)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * One check for every route, before its schema runs: the parsed body, query string and path parameters. Multipart
 * bodies are streams and are checked where they are read (`uploadedFile`).
 */
export function registerTextChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (hasUnstorableText(req.params) || hasUnstorableText(req.query) || hasUnstorableText(req.body))
      throw textInvalid();
  });
}
