import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import { mailMoney, mailTemplates } from '../../platform/mail/templates.ts';
import type { UserModule } from '../user/user.module.ts';

/**
 * The `payment.settled` subscriber that tells the user their top-up arrived. It runs inside the crediting
 * transaction and queues the mail there (the outbox, decision 0020): a committed credit always gets its mail, also
 * when the process dies right after the commit, and a rolled-back one never does.
 */
export function topupMail(deps: Pick<AppDeps, 'config' | 'mail'>, users: Pick<UserModule, 'findActiveUser'>) {
  return async (payment: DomainEventMap['payment.settled'], tx: Executor): Promise<void> => {
    const user = await users.findActiveUser(payment.userId, tx);
    if (!user) return;
    const locale = user.locale === 'de' ? 'de' : 'en';
    const content = mailTemplates.topupCompleted[locale]({
      name: user.firstName ?? (locale === 'de' ? 'zusammen' : 'there'),
      amount: mailMoney(payment.amount, payment.currencyCode, locale),
      link: `${deps.config.appOrigin}/wallet`,
    });
    await deps.mail.queue(tx, { to: user.email, lang: locale, ...content });
  };
}
