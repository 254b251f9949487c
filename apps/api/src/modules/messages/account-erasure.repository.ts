import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatAttachments, chatMessages } from '../../db/schema/messages.ts';

/**
 * The person's own chat messages are erased as a delete would (the other side sees they were deleted); their
 * attachments go (the files are the person's own and go with the account's files).
 */
export async function eraseSentMessages(db: Executor, userId: string, now: Date): Promise<void> {
  const sent = db.select({ id: chatMessages.identifier }).from(chatMessages).where(eq(chatMessages.senderId, userId));
  await db.delete(chatAttachments).where(inArray(chatAttachments.messageId, sent));
  await db
    .update(chatMessages)
    .set({ contentSealed: null, keyId: null, deletedAt: now })
    .where(and(eq(chatMessages.senderId, userId), isNull(chatMessages.deletedAt)));
}
