import { eq, sql } from 'drizzle-orm';
import {
  defaultMailPreferences,
  type MailPreferences,
  type NotificationMailKind,
} from '@therapy/contracts/mail-preferences';
import type { Executor } from '../../db/client.ts';
import { mailPreferences } from '../../db/schema/mail.ts';

const columns = {
  reminders: mailPreferences.reminders,
  messages: mailPreferences.messages,
  bookingUpdates: mailPreferences.bookingUpdates,
  marketing: mailPreferences.marketing,
};

/** An account's mail preferences; the defaults when it never changed them. */
export async function readMailPreferences(db: Executor, userId: string): Promise<MailPreferences> {
  const [row] = await db.select(columns).from(mailPreferences).where(eq(mailPreferences.userId, userId)).limit(1);
  return row ?? { ...defaultMailPreferences };
}

export async function mailKindOn(db: Executor, userId: string, kind: NotificationMailKind): Promise<boolean> {
  return (await readMailPreferences(db, userId))[kind];
}

/**
 * Saves the whole set. Marketing keeps the time it was first switched on (the consent), and loses it when switched
 * off (the table's check holds the two together). Only an existing account gets a row: false when there is none.
 */
export async function saveMailPreferences(db: Executor, userId: string, prefs: MailPreferences): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO mail_preferences (user_id, reminders, messages, booking_updates, marketing, marketing_consented_at)
    SELECT identifier, ${prefs.reminders}, ${prefs.messages}, ${prefs.bookingUpdates}, ${prefs.marketing},
      CASE WHEN ${prefs.marketing} THEN now() END
    FROM users WHERE identifier = ${userId}::uuid
    ON CONFLICT (user_id) DO UPDATE SET
      reminders = excluded.reminders,
      messages = excluded.messages,
      booking_updates = excluded.booking_updates,
      marketing = excluded.marketing,
      marketing_consented_at = CASE WHEN excluded.marketing
        THEN coalesce(mail_preferences.marketing_consented_at, excluded.marketing_consented_at) END,
      updated_at = now()
    RETURNING user_id`);
  return result.rows.length > 0;
}

/** One kind off (the one-click unsubscribe); false when the account does not exist. */
export async function switchOffMailKind(db: Executor, userId: string, kind: NotificationMailKind): Promise<boolean> {
  const current = await readMailPreferences(db, userId);
  return saveMailPreferences(db, userId, { ...current, [kind]: false });
}

/** A practice record's preferences go to the account it merges into, unless that account has its own. */
export async function moveMailPreferences(db: Executor, fromUserId: string, toUserId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO mail_preferences (user_id, reminders, messages, booking_updates, marketing, marketing_consented_at)
    SELECT ${toUserId}::uuid, reminders, messages, booking_updates, marketing, marketing_consented_at
    FROM mail_preferences WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id) DO NOTHING`);
  await db.delete(mailPreferences).where(eq(mailPreferences.userId, fromUserId));
}
