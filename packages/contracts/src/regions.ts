import { z } from 'zod';

export const country = z.object({
  identifier: z.uuid(),
  code: z.string(),
  name: z.string(),
  currencyCode: z.string(),
  isOperating: z.boolean(),
});
export type Country = z.infer<typeof country>;

export const state = z.object({ identifier: z.uuid(), code: z.string(), name: z.string() });
export type State = z.infer<typeof state>;

export const language = z.object({ identifier: z.uuid(), code: z.string(), name: z.string(), isPrimary: z.boolean() });
export type Language = z.infer<typeof language>;

export const countryListQuery = z.strictObject({ all: z.enum(['true', 'false']).optional() });
export const languageListQuery = z.strictObject({ primary: z.enum(['true', 'false']).optional() });
export const countryIdParams = z.strictObject({ id: z.uuid() });
export const countryCodeParams = z.strictObject({ code: z.string().regex(/^[A-Za-z]{2}$/) });

/** GET /region/user-timezone: the zone guessed for the request's country, and the zones of that country. */
export const userTimezone = z.object({ suggested: z.string(), timezones: z.array(z.string()) });

/** Reference lists (therapy categories, modalities, ...) share one shape. */
export const referenceItem = z.object({ identifier: z.uuid(), code: z.string(), name: z.string() });
export type ReferenceItem = z.infer<typeof referenceItem>;
