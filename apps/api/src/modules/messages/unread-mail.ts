import crypto from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { mailTemplates } from '../../platform/mail/templates.ts';
import type { UserModule } from '../user/user.module.ts';
import { messagesRepository as repo } from './messages.repository.ts';

/**
 * The mail for a message that stays unread (issue 18): 15 minutes after a message, if its recipient has not read the
 * conversation up to it, one mail says who wrote (never what). One job per conversation, recipient and how far they
 * had read when it was planned: more messages in the same unread stretch plan nothing new (no mail storm); once the
 * recipient reads, the next unread stretch may mail again.
 */
export const UNREAD_MAIL_QUEUE = 'messages.unread-mail';
export const UNREAD_MAIL_DELAY_MS = 15 * 60_000;

export interface UnreadMailJob {
  conversationId: string;
  recipientId: string;
  senderId: string;
  /** The message's time (ISO): read up to it means nothing to say. */
  sentAt: string;
}

const jobId = (conversationId: string, recipientId: string, seenAt: Date | null) => {
  const h = crypto
    .createHash('sha256')
    .update(`${conversationId}|${recipientId}|${seenAt?.toISOString() ?? 'never'}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Plans the mail in the message's transaction (so a message that is not stored plans nothing). */
export async function planUnreadMail(
  deps: Pick<AppDeps, 'jobs' | 'clock'>,
  tx: Executor,
  job: UnreadMailJob,
): Promise<void> {
  const seenAt = await repo.seenAt(tx, job.conversationId, job.recipientId);
  await deps.jobs.send(UNREAD_MAIL_QUEUE, job, {
    id: jobId(job.conversationId, job.recipientId, seenAt),
    tx,
    startAfter: new Date(Date.parse(job.sentAt) + UNREAD_MAIL_DELAY_MS),
  });
}

/** Runs a due job: nothing when the recipient has read up to the message or is gone; else one mail in their language. */
export function sendUnreadMail(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  users: Pick<UserModule, 'findActiveUser'>,
) {
  return async (job: UnreadMailJob): Promise<void> => {
    const seenAt = await repo.seenAt(deps.db, job.conversationId, job.recipientId);
    if (seenAt && seenAt.getTime() >= Date.parse(job.sentAt)) return;
    const [recipient, sender] = [await users.findActiveUser(job.recipientId), await users.findActiveUser(job.senderId)];
    if (!recipient || !sender) return;
    const locale = recipient.locale === 'de' ? 'de' : 'en';
    const from =
      [sender.firstName, sender.lastName].filter(Boolean).join(' ') || (locale === 'de' ? 'Jemand' : 'Someone');
    const name = recipient.firstName ?? (locale === 'de' ? 'zusammen' : 'there');
    const content = mailTemplates.chatUnread[locale]({
      name,
      from,
      link: `${deps.config.appOrigin}/messages?conversation=${job.conversationId}`,
    });
    await deps.mail.queue(deps.db, {
      to: recipient.email,
      lang: locale,
      ...content,
      notification: { userId: job.recipientId, kind: 'messages' },
    });
  };
}
