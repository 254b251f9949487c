import type { ReceivedMail } from '../../apps/api/test/smtp-sink.ts';

export type { ReceivedMail };
export type MailMatch = RegExp | string | ((mail: ReceivedMail) => boolean);

function mailboxUrl(): string {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url)
    throw new Error(
      'E2E_MAILBOX_URL is not set: the journeys must run through playwright.config.ts (its global setup starts the SMTP sink).',
    );
  return url;
}

const matches = (mail: ReceivedMail, match: MailMatch | undefined): boolean => {
  if (match === undefined) return true;
  if (typeof match === 'function') return match(mail);
  const haystack = `${mail.subject}\n${mail.text}`;
  return typeof match === 'string' ? haystack.includes(match) : match.test(haystack);
};

/** The mails the app sent over SMTP to the sink the global setup started. */
export const mailbox = {
  async list(to?: string): Promise<ReceivedMail[]> {
    const url = new URL(mailboxUrl());
    if (to) url.searchParams.set('to', to.toLowerCase());
    const res = await fetch(url);
    if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
    return (await res.json()) as ReceivedMail[];
  },

  /** The newest mail to `to` whose subject or text matches, waiting for it up to `timeoutMs`. */
  async waitFor(to: string, match?: MailMatch, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.list(to)).reverse().find((m) => matches(m, match));
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = (await this.list(to)).map((m) => m.subject);
        throw new Error(
          `no mail to ${to} matching ${String(match)} within ${timeoutMs} ms (mails to it: ${JSON.stringify(seen)})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  },
};

/** The first http(s) link in a mail (verification and reset mails carry exactly one). */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in mail "${mail.subject}": ${mail.text}`);
  return link;
}

/** The 6-digit code in a mail (the email change code). */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail "${mail.subject}": ${mail.text}`);
  return code;
}
