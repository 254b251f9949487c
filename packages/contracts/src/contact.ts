import { z } from 'zod';
import { email, personName } from './fields.ts';
import { m } from './messages/index.ts';

/** Spec §5 "Text": the contact form's message is 30 to 1000 characters. */
export const CONTACT_MESSAGE_MIN = 30;
export const CONTACT_MESSAGE_MAX = 1000;
/** Spec §5 "Contact form", §8: the phone is optional, digits and ()+- only, 10 to 32 characters. */
export const CONTACT_PHONE_MIN = 10;
export const CONTACT_PHONE_MAX = 32;
export const CONTACT_PAGE_SIZE = 20;

const length = (v: string) => [...v].length;
/** A required field of the form: missing or blank says the spec's "Please fill in your complain", then its own rule. */
const required = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z.string({ error: m.contactRequired }).trim().min(1, m.contactRequired).pipe(rule);

/** POST /contact: the public contact form (the form and the server parse with this one schema). */
export const contactInput = z.strictObject({
  email: required(email),
  firstName: required(personName),
  lastName: required(personName),
  phone: z
    .string({ error: m.contactPhoneCharacters })
    .trim()
    .regex(/^[\d()+-]*$/, m.contactPhoneCharacters)
    .refine((v) => v === '' || (v.length >= CONTACT_PHONE_MIN && v.length <= CONTACT_PHONE_MAX), m.contactPhoneLength)
    .optional(),
  message: z
    .string({ error: m.contactRequired })
    .normalize('NFC')
    .trim()
    .min(1, m.contactRequired)
    .refine((v) => v.length === 0 || length(v) >= CONTACT_MESSAGE_MIN, m.contactTextMin)
    .refine((v) => length(v) <= CONTACT_MESSAGE_MAX, m.contactTextMax),
});
export type ContactInput = z.input<typeof contactInput>;
export type ContactRequest = z.output<typeof contactInput>;

/** GET /operator/contact-messages: a page of the inbox, newest first. */
export const contactListQuery = z.strictObject({
  page: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(100_000, m.pageInvalid)
    .default(1),
});

export const contactMessage = z.object({
  identifier: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  locale: z.enum(['en', 'de']),
  receivedAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessage>;
