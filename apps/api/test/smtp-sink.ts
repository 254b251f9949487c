import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The message as received, for a test that reads it with a real MIME parser (mailparser). */
  raw: Buffer;
}

/** A real SMTP server on a free loopback port; tests read what the app sent over real SMTP. */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        // Every mail is multipart/alternative since issue 49 (text and HTML): mailparser reads its text part.
        void simpleParser(raw).then(
          (parsed) => {
            const subject = parsed.subject ?? '';
            const text = (parsed.text ?? '').replace(/\r\n/g, '\n').trim();
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text, raw });
            waiters.splice(0).forEach((w) => w());
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    /** The newest mail to `to` matching `match`, waiting up to `timeoutMs` for it to arrive. */
    async waitFor(
      to: string,
      match: (m: ReceivedMail) => boolean = () => true,
      timeoutMs = 5000,
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
