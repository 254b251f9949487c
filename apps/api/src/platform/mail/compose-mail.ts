import type { NotificationMailKind } from '@therapy/contracts/mail-preferences';
import type { Locale } from '@therapy/contracts/messages';
import { renderMailHtml } from './mail-layout.ts';
import type { MailAttachment, MailCalendarEvent, OutgoingMail } from './outgoing-mail.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * A mail as a module writes it: its text in the recipient's language, and for a notification mail (decision 0064)
 * its account and kind. Without `notification` the mail is transactional: always sent, no List-Unsubscribe.
 */
export interface MailDraft {
  to: string;
  subject: string;
  text: string;
  lang: Locale;
  notification?: { userId: string; kind: NotificationMailKind };
  attachments?: MailAttachment[];
  /** A booking's .ics (decision 0065): a text/calendar alternative and an attachment. */
  icalEvent?: MailCalendarEvent;
}

const why: Record<Locale, Record<NotificationMailKind, string>> = {
  en: {
    reminders: 'You get this mail because reminder mails are on in your mail settings.',
    messages: 'You get this mail because mails about new messages are on in your mail settings.',
    bookingUpdates: 'You get this mail because mails about booking updates are on in your mail settings.',
    marketing: 'You get this mail because you asked for news and offers by mail.',
  },
  de: {
    reminders: 'Du bekommst diese Mail, weil Erinnerungsmails in deinen Mail-Einstellungen an sind.',
    messages: 'Du bekommst diese Mail, weil Mails zu neuen Nachrichten in deinen Mail-Einstellungen an sind.',
    bookingUpdates: 'Du bekommst diese Mail, weil Mails zu Buchungsänderungen in deinen Mail-Einstellungen an sind.',
    marketing: 'Du bekommst diese Mail, weil du Neuigkeiten und Angebote per Mail bestellt hast.',
  },
};
const stop: Record<Locale, string> = {
  en: 'Stop these mails or change your settings',
  de: 'Diese Mails abbestellen oder Einstellungen ändern',
};

export interface MailComposer {
  compose(draft: MailDraft): Promise<OutgoingMail>;
}

/**
 * Turns a draft into the mail that goes out: the text part is the draft's text (with, for a notification, the footer
 * that says why it came and how to stop it), the HTML part is the same text laid out by MailLayout. A notification
 * carries RFC 8058's one-click `List-Unsubscribe` (an https address with the signed token, and a mailto) and
 * `List-Unsubscribe-Post`.
 */
export function createMailComposer(opts: {
  appOrigin: string;
  mailDomain: string;
  tokens: UnsubscribeTokens;
}): MailComposer {
  const origin = opts.appOrigin.replace(/\/+$/, '');
  return {
    async compose(draft) {
      const footer: string[] = [];
      const headers: Record<string, string> = {};
      if (draft.notification) {
        const { userId, kind } = draft.notification;
        const token = opts.tokens.tokenFor(userId, kind);
        footer.push(why[draft.lang][kind], `${stop[draft.lang]}: ${origin}/mail-preferences?token=${token}`);
        headers['List-Unsubscribe'] =
          `<${origin}/api/v1/mail/unsubscribe/${token}>, <mailto:unsubscribe@${opts.mailDomain}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      const text = footer.length > 0 ? `${draft.text}\n\n${footer.join('\n')}` : draft.text;
      const html = await renderMailHtml({ lang: draft.lang, subject: draft.subject, text: draft.text, footer });
      return {
        to: draft.to,
        subject: draft.subject,
        text,
        html,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        ...(draft.attachments ? { attachments: draft.attachments } : {}),
        ...(draft.icalEvent ? { icalEvent: draft.icalEvent } : {}),
      };
    },
  };
}
