import crypto from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { Jobs } from '../jobs.ts';
import type { MailComposer, MailDraft } from './compose-mail.ts';
import { mailKindOn } from './mail-preferences.repository.ts';
import type { Mailer } from './mailer.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

export const MAIL_QUEUE = 'mail.send';

/**
 * Every mail the app sends goes through here (decision 0020, the outbox): `queue(tx, mail)` inserts a job on the
 * transaction that makes the change the mail tells of, so the mail goes out if and only if that change commits, also
 * when the process dies right after the commit. The job sends it (SMTP, or the dev outbox table) and is retried when
 * the server cannot be reached. Each mail is marked sent (by its job's id) as soon as it is handed over, before its
 * job completes, so a retry sends nothing more; only a crash between the SMTP answer and that mark sends it again, and
 * then with the same Message-ID (made from the job's id, which every retry keeps), so mail clients show it once.
 *
 * A mail carries one-time links and codes, so the job holds it sealed (AES-256-GCM, key derived from
 * DATA_ENCRYPTION_KEY): the job table never shows a usable link.
 *
 * Issue 49: a draft becomes its mail here (compose-mail.ts: text and HTML parts from the one text, in the
 * recipient's language). A notification draft is dropped when its account switched its kind off (read on `tx`, so
 * the choice as of the change); a transactional one is always queued.
 */
export interface MailQueue {
  /** `tx`: the transaction making the change; the database itself for a mail that goes with no other change. */
  queue(tx: Executor, mail: MailDraft): Promise<void>;
  /** Starts this instance's mail worker. */
  start(log: { error: (o: object, m: string) => void }): Promise<void>;
}

interface Sealed {
  /** iv . tag . ciphertext, base64url */
  m: string;
}

const keyFrom = (secret: string) => Buffer.from(crypto.hkdfSync('sha256', secret, 'therapy', 'mail-queue-v1', 32));

export function seal(key: Buffer, mail: OutgoingMail): Sealed {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(mail), 'utf8'), cipher.final()]);
  return { m: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url') };
}

export function unseal(key: Buffer, sealed: Sealed): OutgoingMail {
  const raw = Buffer.from(sealed.m, 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(
    Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
  ) as OutgoingMail;
}

export function createMailQueue(opts: {
  jobs: Jobs;
  mailer: Mailer;
  secret: string;
  composer: MailComposer;
}): MailQueue {
  const key = keyFrom(opts.secret);
  return {
    async queue(tx, draft) {
      if (draft.notification && !(await mailKindOn(tx, draft.notification.userId, draft.notification.kind))) return;
      await opts.jobs.send(MAIL_QUEUE, seal(key, await opts.composer.compose(draft)), { tx });
    },
    async start(log) {
      // Retried with backoff for about an hour (an SMTP server that is down for a while); a mail that cannot be
      // opened (another key) is logged and dropped, since no retry could send it.
      await opts.jobs.work<Sealed>(
        MAIL_QUEUE,
        { retryLimit: 10, retryDelaySeconds: 5, expireInSeconds: 60, deleteAfterSeconds: 24 * 3600 },
        async (sealed, job) => {
          let mail: OutgoingMail;
          try {
            mail = unseal(key, sealed);
          } catch (err) {
            log.error({ err }, 'a queued mail could not be opened; dropped');
            return;
          }
          await opts.mailer.send(mail, { id: job.id });
        },
      );
    },
  };
}
