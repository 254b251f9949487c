import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { insertOutboxMail } from './outbox.repository.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/** Real SMTP when SMTP_URL is set; otherwise the outbox table that /dev/mailbox lists (DESIGN.md §2). */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Database }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await insertOutboxMail(opts.db, mail);
    },
  };
}
