import { z } from 'zod';
import { m } from './messages/index.ts';

/**
 * The kinds of notification mail one can switch off (decision 0064). Transactional mail (security, verification,
 * password, receipts, booking confirmations with their calendar file, legal) has no kind: it is always sent.
 * `marketing` is off until the person switches it on; the others are on until switched off.
 */
export const notificationMailKinds = ['reminders', 'messages', 'bookingUpdates', 'marketing'] as const;
export type NotificationMailKind = (typeof notificationMailKinds)[number];

export const defaultMailPreferences: Readonly<Record<NotificationMailKind, boolean>> = {
  reminders: true,
  messages: true,
  bookingUpdates: true,
  marketing: false,
};

const onOff = z.boolean({ error: m.mailPreferenceInvalid });

/** GET and PUT /user/mail-preferences: each kind on (true) or off; the form and the server parse with this schema. */
export const mailPreferences = z.strictObject(
  {
    reminders: onOff,
    messages: onOff,
    bookingUpdates: onOff,
    marketing: onOff,
  },
  { error: m.mailPreferenceInvalid },
);
export type MailPreferences = z.infer<typeof mailPreferences>;

/**
 * The signed token of a one-click unsubscribe link (RFC 8058): `<kind>.<account id>.<signature>`. The kind is
 * readable (the page says which mails it stops); only the server's signature makes it valid.
 */
export const unsubscribeTokenPattern =
  /^(reminders|messages|bookingUpdates|marketing)\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/;
export const unsubscribeParams = z.strictObject({
  token: z.string({ error: m.unsubscribeLinkInvalid }).regex(unsubscribeTokenPattern, m.unsubscribeLinkInvalid),
});

/** The kind an unsubscribe token names, read from the token alone (the server checks its signature). */
export function kindOfUnsubscribeToken(token: string): NotificationMailKind | undefined {
  if (!unsubscribeTokenPattern.test(token)) return undefined;
  return token.slice(0, token.indexOf('.')) as NotificationMailKind;
}

/** RFC 8058's one-click body (`List-Unsubscribe=One-Click`, form-encoded); the page's button sends it as JSON. */
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).optional();
