import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { insertOutboxMail, keepOutboxMailOnce, mailMarkedSent, markMailSent } from './outbox.repository.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

export interface Mailer {
  /**
   * `id`: a UUID that stays the same on every try of one mail (its job's id). With it the mail carries the Message-ID
   * `<id@domain>` and is sent at most once per id: a try after the mail was handed over sends nothing. Only a crash
   * between the SMTP server's answer and the mark sends it again, with the same Message-ID, so mail clients show one.
   */
  send(mail: OutgoingMail, opts?: { id?: string }): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/**
 * The domain of the From address (MAIL_FROM): Message-IDs are ours, so they name the domain we send as rather than
 * the web origin, which may be another host (or localhost in development).
 */
export function mailDomainOf(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf('@');
  const domain = at === -1 ? '' : address.slice(at + 1).trim();
  return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(domain) ? domain : 'localhost';
}

export const messageIdFor = (id: string, domain: string) => `<${id}@${domain}>`;

/** Real SMTP when SMTP_URL is set; otherwise the outbox table that /dev/mailbox lists (DESIGN.md §2). */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Database }): Mailer {
  const domain = mailDomainOf(opts.from);
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail, { id } = {}) {
        if (id && (await mailMarkedSent(opts.db, id))) return;
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
          attachments: mail.attachments,
          icalEvent: mail.icalEvent,
          ...(id ? { messageId: messageIdFor(id, domain) } : {}),
        });
        // Marked before the job completes: a retry of a job that died after this line sends nothing.
        if (id) await markMailSent(opts.db, id);
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail, { id } = {}) {
      if (id) await keepOutboxMailOnce(opts.db, id, mail, messageIdFor(id, domain));
      else await insertOutboxMail(opts.db, mail);
    },
  };
}
