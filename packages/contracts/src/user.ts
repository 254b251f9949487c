import { z } from 'zod';
import { ianaTimezone } from './fields.ts';
import { locales, m } from './messages/index.ts';

export const userPreferencesInput = z.strictObject({
  locale: z.enum(locales, { error: m.localeInvalid }).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, m.countryRequired)
    .optional(),
});
export type UserPreferencesInput = z.infer<typeof userPreferencesInput>;

export const timezoneInput = z.strictObject({
  timezone: ianaTimezone,
});
export const timezoneResponse = z.object({ timezone: z.string().nullable() });
