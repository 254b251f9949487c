import { z } from 'zod';
import { errorCodes } from './constants.ts';
import { m } from './messages/index.ts';

export const identifier = z.uuid();

/** `{ data, message? }` success envelope of DESIGN.md §5. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

export const pageMeta = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });

/** Every error answer (DESIGN.md §5); one component of the OpenAPI document (`ErrorBody`) that each status refers to. */
export const errorBody = z
  .object({
    message: z.string(),
    code: z.enum(errorCodes),
    errors: z.union([z.array(z.string()), z.string()]).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBody>;

export const messageOnly = z.object({ message: z.string() });

/**
 * DESIGN.md §5: writes a client may retry take an `Idempotency-Key` header; an endpoint says `optional` or `required`
 * (`idempotencyKey` in endpoint.ts) and the API validates the header with this.
 */
export const idempotencyKeyHeaders = (mode: 'optional' | 'required') => {
  const key = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, m.malformedRequest);
  return z.object({ 'idempotency-key': mode === 'required' ? key : key.optional() });
};
