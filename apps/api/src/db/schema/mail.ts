import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Without SMTP_URL mail is kept here and shown at /dev/mailbox (never in production). */
export const mailOutbox = pgTable('mail_outbox', {
  identifier: id(),
  recipient: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  /** The Message-ID the mail would carry over SMTP (null for mail kept before it had one). */
  messageId: text(),
  createdAt: createdAt(),
});

/**
 * The mail jobs whose mail was handed over (SMTP accepted it, or the outbox kept it), keyed by the pg-boss job id: a
 * retried job finds its mark and sends nothing (platform/mail/mailer.ts). Marks outlive every retry of their job
 * by far and are then deleted a few at a time by the marks written after them.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    jobId: uuid().primaryKey(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_deliveries_sent_at_idx').on(t.sentAt)],
);

/**
 * Which kinds of notification mail an account gets (decision 0064); no row: the defaults (everything on but
 * marketing). Transactional mail is never looked up here. Marketing is on only with the time the person said yes.
 */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    reminders: boolean().notNull().default(true),
    messages: boolean().notNull().default(true),
    bookingUpdates: boolean().notNull().default(true),
    marketing: boolean().notNull().default(false),
    marketingConsentedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('mail_preferences_marketing_consent', sql`${t.marketing} = (${t.marketingConsentedAt} IS NOT NULL)`)],
);
