import { z } from 'zod';
import { locales, m } from './messages.ts';

export const userPreferencesInput = z.strictObject({
  locale: z.enum(locales, { error: m.localeInvalid }).optional(),
  countryCode: z.string().regex(/^[A-Z]{2}$/, m.countryRequired).optional(),
});
export type UserPreferencesInput = z.infer<typeof userPreferencesInput>;

export const timezoneInput = z.strictObject({
  timezone: z
    .string({ error: m.timezoneInvalid })
    .min(1, m.timezoneInvalid)
    .max(64, m.timezoneInvalid)
    .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC', m.timezoneInvalid),
});
export const timezoneResponse = z.object({ timezone: z.string().nullable() });
