import crypto from 'node:crypto';
import { CONTACT_PAGE_SIZE, type ContactMessage, type ContactRequest } from '@therapy/contracts/contact';
import type { Locale } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { mailTemplates } from '../../platform/mail/templates.ts';
import { contactRepository, type ContactRow } from './contact.repository.ts';

/** Spec gives no figure: a few messages per address (and to one recipient) per hour stop floods and receipt spam. */
export const contactLimits = { perAddress: 5, perRecipient: 3, windowMinutes: 60 } as const;

const messageContext = (id: string) => `contact:${id}:message`;
const asLocale = (v: string): Locale => (v === 'de' ? 'de' : 'en');

export function createContactService(deps: AppDeps) {
  const { db, clock, config } = deps;
  const crypt = fieldEncryptionFromConfig(config);
  /** The sender's address is kept only as a keyed hash, for the limit. */
  const addressKey = (ip: string) =>
    crypto.createHmac('sha256', config.jwtSecret).update(`contact:${ip}`).digest('hex');

  const toView = (row: ContactRow): ContactMessage => ({
    identifier: row.identifier,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    message: crypt.open(row.messageSealed, messageContext(row.identifier)),
    locale: asLocale(row.locale),
    receivedAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  });

  return {
    /**
     * Stores the message, mails support (SUPPORT_EMAIL) and a receipt to the sender, in one transaction (the outbox).
     * Operators read the message on the inbox page; their personal addresses get no copy, so what a visitor wrote is
     * in one mailbox the platform controls, not in every operator's. The answer is the same whoever the address
     * belongs to: nothing here looks the sender up.
     */
    async send(input: ContactRequest, ip: string, locale: Locale): Promise<void> {
      const ipKey = addressKey(ip);
      await db.transaction(async (tx) => {
        await contactRepository.lockAddress(tx, ipKey);
        const since = new Date(clock.now().getTime() - contactLimits.windowMinutes * 60_000);
        const sent = await contactRepository.countSince(tx, since, ipKey, input.email);
        if (sent.ip >= contactLimits.perAddress || sent.email >= contactLimits.perRecipient)
          throw AppError.tooManyRequests(contactLimits.windowMinutes * 60);
        const identifier = newId();
        await contactRepository.insert(tx, {
          identifier,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ? input.phone : null,
          messageSealed: crypt.seal(input.message, messageContext(identifier)),
          locale,
          ipKey,
          createdAt: clock.now(),
        });
        const sender = `${input.firstName} ${input.lastName}`;
        const link = `${config.appOrigin}/operator/contact`;
        // The support mailbox is a team's, in English (the platform's working language); the link opens the inbox.
        const content = mailTemplates.contactToOperators.en({ name: 'team', sender, email: input.email, link });
        await deps.mail.queue(tx, { to: config.supportEmail, lang: 'en', ...content });
        await deps.mail.queue(tx, {
          to: input.email,
          lang: locale,
          ...mailTemplates.contactReceipt[locale]({ name: input.firstName }),
        });
      });
    },

    async list(page: number) {
      const { rows, total } = await contactRepository.page(db, (page - 1) * CONTACT_PAGE_SIZE, CONTACT_PAGE_SIZE);
      return {
        data: rows.map(toView),
        meta: { page, pageSize: CONTACT_PAGE_SIZE, total, totalPages: Math.ceil(total / CONTACT_PAGE_SIZE) },
      };
    },

    async markAnswered(id: string): Promise<ContactMessage> {
      const row = await contactRepository.markAnswered(db, id, clock.now());
      if (!row) throw AppError.notFound();
      return toView(row);
    },
  };
}
