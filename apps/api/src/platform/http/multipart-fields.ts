import { isMessageKey, m, type MessageKey, type MessageParams } from '@therapy/contracts/messages';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * A multipart request's text fields read into the endpoint's shared schema (multipart has no JSON body for the route
 * schema to check). A refusal is the 400 a JSON body would get: the first issue's message, with every key in `errors`;
 * an issue without a catalogue key is malformed input.
 */
export function parseMultipartFields<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const keys = parsed.error.issues
    .map((i) => i.message)
    .map((msg): string =>
      isMessageKey(msg) || isMessageKey(msg.slice(0, msg.indexOf('{'))) ? msg : m.malformedRequest,
    );
  const first = keys[0]!;
  const brace = first.indexOf('{');
  if (brace < 0) throw AppError.validation(first as MessageKey, keys);
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    first.slice(0, brace) as MessageKey,
    keys,
    JSON.parse(first.slice(brace)) as MessageParams,
  );
}
