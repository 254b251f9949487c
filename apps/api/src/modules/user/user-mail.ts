import type { Locale } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { mailTemplates } from '../../platform/mail/templates.ts';
import type { UserRow } from './user.repository.ts';

type Templates = typeof mailTemplates;

/**
 * Queues one of the account mails in the user's locale on `tx`, the transaction that makes the change the mail tells
 * of (the outbox, platform/mail/mail-queue.ts): it goes out if and only if that change commits.
 */
export function createUserMail({ mail }: Pick<AppDeps, 'mail'>) {
  return async function queueUserMail<K extends keyof Templates>(
    tx: Executor,
    user: Pick<UserRow, 'firstName' | 'locale'>,
    to: string,
    template: K,
    params: Omit<Parameters<Templates[K]['en']>[0], 'name'>,
  ): Promise<void> {
    const locale = (user.locale === 'de' ? 'de' : 'en') as Locale;
    const render = mailTemplates[template][locale] as (p: object) => { subject: string; text: string };
    const content = render({ ...params, name: user.firstName ?? (locale === 'de' ? 'zusammen' : 'there') });
    await mail.queue(tx, { to, lang: locale, ...content });
  };
}
