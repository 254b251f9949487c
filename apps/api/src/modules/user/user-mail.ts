import type { Locale } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { mailTemplates } from '../../platform/mail/templates.ts';
import type { UserRow } from './user.repository.ts';

type Templates = typeof mailTemplates;

/** Sends one of the account mails in the user's locale. A mail failure is logged, never turned into a 5xx. */
export function createUserMail({ mailer }: Pick<AppDeps, 'mailer'>, log: { error: (o: object, m: string) => void }) {
  return async function sendUserMail<K extends keyof Templates>(
    user: Pick<UserRow, 'firstName' | 'locale'>,
    to: string,
    template: K,
    params: Omit<Parameters<Templates[K]['en']>[0], 'name'>,
  ): Promise<void> {
    const locale = (user.locale === 'de' ? 'de' : 'en') as Locale;
    const render = mailTemplates[template][locale] as (p: object) => { subject: string; text: string };
    const content = render({ ...params, name: user.firstName ?? (locale === 'de' ? 'zusammen' : 'there') });
    try {
      await mailer.send({ to, ...content });
    } catch (err) {
      log.error({ err, template }, 'mail could not be sent');
    }
  };
}
