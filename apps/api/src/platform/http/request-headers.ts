import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Headers the API honours (DESIGN.md §5). A value of the wrong shape is a client error (400), never a crash, and
 * is not silently reinterpreted.
 */
const rules: Record<string, RegExp> = {
  'x-locale': /^(en|de)([-_][A-Za-z]{2})?$/,
  'x-language': /^(en|de)([-_][A-Za-z]{2})?$/,
  'x-country': /^[A-Za-z]{2}$/,
  'x-view-mode': /^(client|provider)$/,
};

export function registerHeaderChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    for (const [name, pattern] of Object.entries(rules)) {
      const value = req.headers[name];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !pattern.test(value))
        throw AppError.validation('malformedRequest', [`Invalid header: ${name}`]);
    }
  });
}
