import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTACT_MESSAGE_MAX, CONTACT_PHONE_MAX } from '@therapy/contracts/contact';
import { NAME_MAX } from '@therapy/contracts/constants';
import { citext, createdAt, id, sealedLength } from './columns.ts';

/**
 * The contact form's inbox (issue 49, spec §5 "Contact form"): what a visitor wrote, for the operators. It names no
 * user (a sender need not have an account; the address is kept as written), so it needs no `record.merging` handler,
 * and a user's data export does not include messages sent from that user's address: they are the sender's words to
 * us, not part of an account. The message is sealed (platform/field-encryption.ts, context `contact:<id>:message`);
 * `ip_key` is an HMAC of the sender's address, only for the per-address limit.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    identifier: id(),
    email: citext().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    messageSealed: text().notNull(),
    locale: text({ enum: ['en', 'de'] }).notNull(),
    ipKey: text().notNull(),
    createdAt: createdAt(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('contact_messages_newest').on(t.createdAt.desc()),
    index('contact_messages_ip').on(t.ipKey, t.createdAt),
    check(
      'contact_messages_lengths',
      sql`char_length(${t.email}) <= 254 AND char_length(${t.firstName}) BETWEEN 1 AND ${sql.raw(String(NAME_MAX))} AND char_length(${t.lastName}) BETWEEN 1 AND ${sql.raw(String(NAME_MAX))} AND (${t.phone} IS NULL OR char_length(${t.phone}) BETWEEN 10 AND ${sql.raw(String(CONTACT_PHONE_MAX))}) AND char_length(${t.messageSealed}) <= ${sql.raw(String(sealedLength(CONTACT_MESSAGE_MAX)))}`,
    ),
  ],
);
