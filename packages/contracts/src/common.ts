import { z } from 'zod';
import { errorCodes } from './constants.ts';

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

export const errorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  errors: z.union([z.array(z.string()), z.string()]).optional(),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageOnly = z.object({ message: z.string() });
