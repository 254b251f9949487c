import type { MailPreferences, NotificationMailKind } from '@therapy/contracts/mail-preferences';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../platform/auth/access.ts';
import { onRecordMerge } from '../../platform/client-records.ts';
import { AppError } from '../../platform/errors.ts';
import {
  moveMailPreferences,
  readMailPreferences,
  saveMailPreferences,
  switchOffMailKind,
} from '../../platform/mail/mail-preferences.repository.ts';
import type { UnsubscribeTokens } from '../../platform/mail/unsubscribe-token.ts';

/**
 * Mail preferences (decision 0064): the signed-in user's own choice per kind of notification mail, and the one-click
 * unsubscribe that switches one kind off for the account a signed token names, without a session. The mail queue
 * reads the same table when it queues a notification (platform/mail/mail-queue.ts).
 */
export function createMailPreferencesService(deps: Pick<AppDeps, 'db' | 'events'>, tokens: UnsubscribeTokens) {
  // A practice record's choice (made from a link in a mail to it) follows the person into their account.
  onRecordMerge(deps.events, (tx, recordId, accountId) => moveMailPreferences(tx, recordId, accountId));
  return {
    get: (actor: Actor): Promise<MailPreferences> => readMailPreferences(deps.db, actor.userId),

    async update(actor: Actor, prefs: MailPreferences): Promise<MailPreferences> {
      if (!(await saveMailPreferences(deps.db, actor.userId, prefs))) throw AppError.notFound();
      return readMailPreferences(deps.db, actor.userId);
    },

    /** The kind a valid token switched off; a token this server did not make, or of a gone account, is not found. */
    async unsubscribe(token: string): Promise<NotificationMailKind> {
      const named = tokens.verify(token);
      if (!named || !(await switchOffMailKind(deps.db, named.userId, named.kind))) throw AppError.notFound();
      return named.kind;
    },
  };
}
export type MailPreferencesService = ReturnType<typeof createMailPreferencesService>;
