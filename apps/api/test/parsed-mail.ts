import { simpleParser, type ParsedMail } from 'mailparser';
import type { TestApp } from './harness.ts';

/**
 * Waits (up to `timeoutMs`) for the first mail to `email` whose subject starts with `subjectStart`, parsed by a real
 * MIME parser (mailparser): every mail is multipart/alternative, with the calendar part where it has one.
 */
export async function parsedMailTo(
  t: TestApp,
  email: string,
  subjectStart: string,
  timeoutMs = 5000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = t.mail.mails.filter((m) => m.to.includes(email.toLowerCase()));
    const parsed = await Promise.all(mine.map((m) => simpleParser(m.raw)));
    const found = parsed.find((p) => p.subject?.startsWith(subjectStart));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subjectStart}…" to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
