import { authMessages } from './auth.ts';
import { availabilityMessages } from './availability.ts';
import { bankDetailsMessages } from './bank-details.ts';
import { bookingMessages } from './bookings.ts';
import { chatMessages } from './chat.ts';
import { clientMessages } from './clients.ts';
import { clientRecordMessages } from './client-records.ts';
import { commonMessages } from './common.ts';
import { consentMessages } from './consent.ts';
import { contactMessages } from './contact.ts';
import { credentialMessages } from './credentials.ts';
import { directoryMessages } from './directory.ts';
import type { MessageEntry } from './define.ts';
import { noteMessages } from './notes.ts';
import { noteRecordMessages } from './note-records.ts';
import { payoutMessages } from './payouts.ts';
import { practiceDetailsMessages } from './practice-details.ts';
import { profileMessages } from './profile.ts';
import { reviewMessages } from './reviews.ts';
import { verificationMessages } from './verification.ts';
import { walletMessages } from './wallet.ts';
import { waitlistMessages } from './waitlist.ts';
import { measureMessages } from './measures.ts';
import { accessLogMessages } from './access-log.ts';
import { dataExportMessages } from './data-export.ts';
import { stripeConnectMessages } from './stripe-connect.ts';
import { notificationMessages } from './notifications.ts';
import { mailPreferenceMessages } from './mail-preferences.ts';

/**
 * Every user-facing validation or error message, once, under a stable key (decision 0017). English texts are the
 * spec's, to the letter (spec §5, §8); where the spec gives no text we chose one (decision 0003). Schemas carry the
 * key (`m.emailsMustMatch` is the string "emailsMustMatch"); the server's error handler and the web's forms turn it
 * into the request's or the page's language with `message`/`translate`, so server and form say the same thing.
 */
export const featureCatalogues = {
  common: commonMessages,
  auth: authMessages,
  profile: profileMessages,
  availability: availabilityMessages,
  wallet: walletMessages,
  payouts: payoutMessages,
  practiceDetails: practiceDetailsMessages,
  bankDetails: bankDetailsMessages,
  credentials: credentialMessages,
  verification: verificationMessages,
  bookings: bookingMessages,
  reviews: reviewMessages,
  directory: directoryMessages,
  notes: noteMessages,
  noteRecords: noteRecordMessages,
  clients: clientMessages,
  clientRecords: clientRecordMessages,
  chat: chatMessages,
  waitlist: waitlistMessages,
  measures: measureMessages,
  accessLog: accessLogMessages,
  dataExport: dataExportMessages,
  stripeConnect: stripeConnectMessages,
  notifications: notificationMessages,
  consent: consentMessages,
  contact: contactMessages,
  mailPreferences: mailPreferenceMessages,
} as const;

export const catalogue = {
  ...commonMessages,
  ...authMessages,
  ...profileMessages,
  ...availabilityMessages,
  ...walletMessages,
  ...payoutMessages,
  ...practiceDetailsMessages,
  ...bankDetailsMessages,
  ...credentialMessages,
  ...verificationMessages,
  ...bookingMessages,
  ...reviewMessages,
  ...directoryMessages,
  ...noteMessages,
  ...noteRecordMessages,
  ...clientMessages,
  ...clientRecordMessages,
  ...chatMessages,
  ...waitlistMessages,
  ...measureMessages,
  ...accessLogMessages,
  ...dataExportMessages,
  ...stripeConnectMessages,
  ...notificationMessages,
  ...consentMessages,
  ...contactMessages,
  ...mailPreferenceMessages,
} satisfies Record<string, MessageEntry>;

export type MessageKey = keyof typeof catalogue;
export type MessageParams = Record<string, string | number>;

export const locales = ['en', 'de'] as const;
export type Locale = (typeof locales)[number];

const keys = Object.keys(catalogue) as MessageKey[];
const byLocale = (locale: Locale) =>
  Object.fromEntries(keys.map((key) => [key, catalogue[key][locale]])) as Record<MessageKey, string>;

/** The keys, for schemas: `z.string().min(1, m.required)` makes the message the key "required". */
export const m = Object.fromEntries(keys.map((key) => [key, key])) as { readonly [K in MessageKey]: K };
/** The texts of one language by key (tests compare answers with `en.someKey` and `de.someKey`). */
export const en = byLocale('en');
export const de = byLocale('de');

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(catalogue, value);

const fill = (template: string, params?: MessageParams) =>
  params
    ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
    : template;

/** The message for a key in a locale, with its {placeholders} filled in. */
export function message(key: MessageKey, locale: Locale, params?: MessageParams): string {
  return fill(catalogue[key][locale], params);
}

/**
 * A key with the values of its placeholders as one string, for where only a string fits (a zod issue's message, an
 * error's `errors` list): `topupMinimum{"amount":500,"symbol":"₦"}`. `translate` reads it back.
 */
export const messageRef = (key: MessageKey, params: MessageParams): string => `${key}${JSON.stringify(params)}`;

function parseRef(value: string): { key: MessageKey; params?: MessageParams } | undefined {
  if (isMessageKey(value)) return { key: value };
  const brace = value.indexOf('{');
  const key = brace > 0 ? value.slice(0, brace) : '';
  if (!isMessageKey(key)) return undefined;
  try {
    const params: unknown = JSON.parse(value.slice(brace));
    return params && typeof params === 'object' && !Array.isArray(params)
      ? { key, params: params as MessageParams }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A key (or a key with params) in the locale; anything else is a text that is not ours to translate, kept as it is. */
export function translate(keyOrText: string, locale: Locale): string {
  const ref = parseRef(keyOrText);
  return ref ? message(ref.key, locale, ref.params) : keyOrText;
}

/**
 * Catalogue texts of both languages, as patterns that recognise them filled in ("Minimum topup amount is 500 ₦").
 * Made on first use: a thousand regular expressions are a long task on a phone, which every page importing the
 * messages paid as it loaded (issue 49, Total Blocking Time), while only some pages ever match a text.
 */
let compiled: Array<{ key: MessageKey; names: string[]; pattern: RegExp }> | null = null;
const patterns = () =>
  (compiled ??= keys.flatMap((key) =>
    locales.map((locale) => {
      const text = catalogue[key][locale];
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!);
      const source = text
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)');
      return { key, names, pattern: new RegExp(`^${source}$`) };
    }),
  ));

/**
 * The key of a text that arrives as text, in either language: a server answer (already in the request's language) or
 * a ledger description stored in English. Unambiguous because no text belongs to two keys (messages.test.ts).
 */
export function keyOfText(text: string): { key: MessageKey; params?: MessageParams } | undefined {
  for (const { key, names, pattern } of patterns()) {
    const match = pattern.exec(text);
    if (match)
      return names.length
        ? { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) }
        : { key };
  }
  return undefined;
}

/**
 * Whatever a page shows as a message, in the page's locale: a key from a schema is translated by key; a text that
 * arrived as text (see `keyOfText`) is matched to its key first; a text the catalogue does not know is kept.
 */
export function localize(keyOrText: string, locale: Locale): string {
  const found = parseRef(keyOrText) ?? keyOfText(keyOrText);
  return found ? message(found.key, locale, found.params) : keyOrText;
}
