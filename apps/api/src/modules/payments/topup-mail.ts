import type { AppDeps } from '../../deps.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import { mailMoney, mailTemplates } from '../../platform/mail/templates.ts';
import type { UserModule } from '../user/user.module.ts';

/** The `payment.settled` subscriber that tells the user their top-up arrived (after commit, on this instance). */
export function topupMail(deps: Pick<AppDeps, 'config' | 'mailer'>, users: Pick<UserModule, 'findActiveUser'>, log: { error: (o: object, m: string) => void }) {
  return async (payment: DomainEventMap['payment.settled']): Promise<void> => {
    const user = await users.findActiveUser(payment.userId);
    if (!user) return;
    const locale = user.locale === 'de' ? 'de' : 'en';
    const content = mailTemplates.topupCompleted[locale]({
      name: user.firstName ?? (locale === 'de' ? 'zusammen' : 'there'),
      amount: mailMoney(payment.amount, payment.currencyCode, locale),
      link: `${deps.config.appOrigin}/wallet`,
    });
    await deps.mailer.send({ to: user.email, ...content }).catch((err: unknown) => log.error({ err }, 'top-up mail could not be sent'));
  };
}
