import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { mailDeliveries, mailOutbox } from '../../db/schema/mail.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

/**
 * How long a mail job's mark is kept: its job runs again at most until its last retry, a few hours after its first run
 * (mail-queue.ts), so an older mark protects nothing.
 */
const MARK_KEPT = sql`interval '3 days'`;
/** Marks deleted per new mark: more than one, so deleting keeps ahead of writing; few, so a write stays small. */
const SWEPT_PER_MARK = 20;

export async function insertOutboxMail(db: Executor, mail: OutgoingMail, messageId?: string): Promise<void> {
  await db.insert(mailOutbox).values({
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    messageId: messageId ?? null,
  });
}

/** The dev outbox's mails to these addresses (any case) go: a deleted account's mails named the person. */
export async function deleteOutboxMailTo(db: Executor, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  await db.delete(mailOutbox).where(
    inArray(
      sql`lower(${mailOutbox.recipient})`,
      addresses.map((a) => a.toLowerCase()),
    ),
  );
}

export async function listOutboxMail(db: Executor, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

export async function mailMarkedSent(db: Executor, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ jobId: mailDeliveries.jobId })
    .from(mailDeliveries)
    .where(eq(mailDeliveries.jobId, jobId))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks a mail job's mail as handed over; false when it already was. The same statement deletes a few marks past
 * MARK_KEPT (SKIP LOCKED: concurrent marks never wait on each other), so the table holds only recent marks without a
 * sweep job of its own.
 */
export async function markMailSent(db: Executor, jobId: string): Promise<boolean> {
  const result = await db.execute(sql`
    WITH swept AS (
      DELETE FROM mail_deliveries WHERE job_id IN (
        SELECT job_id FROM mail_deliveries WHERE sent_at < now() - ${MARK_KEPT} ORDER BY sent_at LIMIT ${SWEPT_PER_MARK} FOR UPDATE SKIP LOCKED))
    INSERT INTO mail_deliveries (job_id) VALUES (${jobId}::uuid) ON CONFLICT (job_id) DO NOTHING RETURNING job_id`);
  return result.rows.length > 0;
}

/** The dev outbox's delivery: the mark and the kept mail commit together, so a retried job keeps its mail once. */
export async function keepOutboxMailOnce(
  db: Database,
  jobId: string,
  mail: OutgoingMail,
  messageId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (await markMailSent(tx, jobId)) await insertOutboxMail(tx, mail, messageId);
  });
}
