import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { actionTokens, emailChangeCodes, users } from '../../db/schema/users.ts';
import { deleteOutboxMailTo } from '../../platform/mail/outbox.repository.ts';
import { filesRepository } from '../../platform/files/files.repository.ts';

/**
 * The user module's part of account deletion (docs/decisions/0013-account-deletion.md), after every other module
 * erased its own rows (`account.erasing`): single-use links, email-change codes and their mails in the dev outbox;
 * then the person's files are marked deleted. The `users` row itself is anonymised by userRepository.anonymise;
 * ledger and payment rows stay (the law keeps financial records), pointing at that row. Returns the ids of the
 * person's files: their bytes go after the commit (FileService.purge).
 */
export const accountErasureRepository = {
  async erase(db: Executor, userId: string, now: Date): Promise<string[]> {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.identifier, userId)).limit(1);
    // A pending new address is personal too.
    const pendingAddresses = await db
      .select({ email: emailChangeCodes.newEmail })
      .from(emailChangeCodes)
      .where(eq(emailChangeCodes.userId, userId));
    await db.delete(actionTokens).where(eq(actionTokens.userId, userId));
    await db.delete(emailChangeCodes).where(eq(emailChangeCodes.userId, userId));
    await deleteOutboxMailTo(db, [...(user ? [user.email] : []), ...pendingAddresses.map((r) => r.email)]);
    // Files: marked deleted now (signed URLs answer 404 from the commit on); rows and bytes go after the commit.
    return filesRepository.markAllOfOwnerDeleted(db, userId, now);
  },
};
