import crypto from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { failInserts } from '../../../test/failing-inserts.ts';
import { JOBS_SCHEMA, startJobs, type Jobs } from '../jobs.ts';
import { createMailComposer } from './compose-mail.ts';
import { createMailQueue, MAIL_QUEUE } from './mail-queue.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';
import { createMailer, mailDomainOf } from './mailer.ts';
import { markMailSent } from './outbox.repository.ts';

/**
 * Issue 43: a mail job retried after a crash between the SMTP answer and the job's completion sent its mail twice.
 * Each mail now carries a Message-ID made from its job's id and is marked sent before the job completes.
 */

interface Received {
  messageId: string | undefined;
  subject: string | undefined;
  to: string[];
}

const composerFor = (secret: string) =>
  createMailComposer({
    appOrigin: 'https://app.therapy.test',
    mailDomain: 'mail.therapy.test',
    tokens: createUnsubscribeTokens(secret),
  });

/** An SMTP server on a free loopback port that keeps each mail parsed by a real MIME parser (mailparser). */
async function startRawSink() {
  const mails: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            messageId: parsed.messageId,
            subject: parsed.subject,
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FROM = 'Therapy Platform <no-reply@mail.therapy.test>';
let t: TestApp;
let sink: Awaited<ReturnType<typeof startRawSink>>;
let jobs: Jobs;

beforeAll(async () => {
  sink = await startRawSink();
  // The app's own mail worker sends to this sink too, with the same key and sender as the queues made below.
  t = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: FROM });
  jobs = await startJobs(t.db.$client, { error: () => undefined });
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
  await sink?.close();
});

const sql = async (text: string, values: unknown[] = []) =>
  (await t.db.$client.query(text, values)).rows as Array<Record<string, unknown>>;
const to = () => `mail.${crypto.randomBytes(4).toString('hex')}@example.com`;
const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));
const marked = async (jobId: string) => (await sql('SELECT 1 FROM mail_deliveries WHERE job_id = $1', [jobId])).length;

/** The mark fails `times` times: the statement after the SMTP answer fails, as if the process died there. */
let failing: Awaited<ReturnType<typeof failInserts>> | undefined;
const failMarks = async (times: number) => (failing = await failInserts(sql, 'mail_deliveries', times));
beforeEach(async () => {
  await failing?.restore();
  failing = undefined;
});

/** A mail queue whose worker is ours to run by hand: `run(sealed, jobId)` is one try of one job. */
function queueByHand(smtpUrl: string | undefined) {
  let handler: ((data: object, job: { id: string }) => Promise<void>) | undefined;
  const sent: object[] = [];
  const fakeJobs = {
    send: async (_queue: string, data: object) => void sent.push(data),
    work: async (_queue: string, _retry: unknown, h: (data: object, job: { id: string }) => Promise<void>) => {
      handler = h;
    },
  } as unknown as Jobs;
  const queue = createMailQueue({
    jobs: fakeJobs,
    mailer: createMailer({ smtpUrl, from: FROM, db: t.db }),
    secret: t.config.dataEncryptionKey,
    composer: composerFor(t.config.dataEncryptionKey),
  });
  return {
    async queued(address: string) {
      if (!handler) await queue.start({ error: () => undefined });
      await queue.queue(t.db, { to: address, lang: 'en', subject: 'Your code', text: 'Your code is 123456.' });
      return sent.at(-1)!;
    },
    run: (sealed: object, jobId: string) => handler!(sealed, { id: jobId }),
  };
}

describe('mail: one Message-ID per job, marked sent before the job completes', () => {
  it('a mail carries the Message-ID <job id@MAIL_FROM domain>; a try after it was marked sent sends nothing', async () => {
    const byHand = queueByHand(sink.url);
    const address = to();
    const sealed = await byHand.queued(address);
    const jobId = crypto.randomUUID();
    await byHand.run(sealed, jobId);
    expect(mailsTo(address)).toHaveLength(1);
    expect(mailsTo(address)[0]).toMatchObject({ messageId: `<${jobId}@mail.therapy.test>`, subject: 'Your code' });
    expect(await marked(jobId)).toBe(1);

    // The job is run again (its completion was lost): the mark says the mail went out.
    await byHand.run(sealed, jobId);
    await byHand.run(sealed, jobId);
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('a try that died between the SMTP answer and the mark sends once more, with the same Message-ID', async () => {
    const byHand = queueByHand(sink.url);
    const address = to();
    const sealed = await byHand.queued(address);
    const jobId = crypto.randomUUID();
    await failMarks(1);
    await expect(byHand.run(sealed, jobId)).rejects.toMatchObject({
      cause: { message: 'mail_deliveries unavailable (test)' },
    });
    expect(mailsTo(address)).toHaveLength(1);
    expect(await marked(jobId)).toBe(0);

    await byHand.run(sealed, jobId);
    await byHand.run(sealed, jobId);
    const mails = mailsTo(address);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.messageId).toBe(mails[0]!.messageId);
    expect(mails[0]!.messageId).toBe(`<${jobId}@mail.therapy.test>`);
  });

  it('through pg-boss: a job that failed after SMTP is retried under the same id, so its second mail is the same message, and no third comes', async () => {
    const queue = createMailQueue({
      jobs,
      mailer: createMailer({ smtpUrl: sink.url, from: FROM, db: t.db }),
      secret: t.config.dataEncryptionKey,
      composer: composerFor(t.config.dataEncryptionKey),
    });
    const address = to();
    await failMarks(1);
    await queue.queue(t.db, {
      to: address,
      lang: 'en',
      subject: 'Your booking is confirmed',
      text: 'See you on Monday.',
    });
    // The app's worker takes it: sent, the mark fails, the job is retried with backoff (a few seconds) and sent again.
    await expect.poll(() => mailsTo(address).length, { timeout: 30_000, interval: 100 }).toBe(2);
    const [job] = await sql(
      `SELECT id, state, retry_count FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'m' IS NOT NULL ORDER BY created_on DESC LIMIT 1`,
      [MAIL_QUEUE],
    );
    await expect
      .poll(async () => (await sql(`SELECT state FROM ${JOBS_SCHEMA}.job WHERE id = $1`, [job!.id]))[0]!.state, {
        timeout: 10_000,
      })
      .toBe('completed');
    const mails = mailsTo(address);
    expect(mails[0]!.messageId).toBe(`<${String(job!.id)}@mail.therapy.test>`);
    expect(mails[1]!.messageId).toBe(mails[0]!.messageId);
    expect(await marked(String(job!.id))).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(address)).toHaveLength(2);
  }, 60_000);

  it("without SMTP the dev outbox keeps each job's mail once, with the Message-ID it would have carried", async () => {
    const byHand = queueByHand(undefined);
    const address = to();
    const sealed = await byHand.queued(address);
    const jobId = crypto.randomUUID();
    await byHand.run(sealed, jobId);
    await byHand.run(sealed, jobId);
    const rows = await sql('SELECT message_id FROM mail_outbox WHERE recipient = $1', [address]);
    expect(rows).toEqual([{ message_id: `<${jobId}@mail.therapy.test>` }]);
  });

  it('old marks are deleted a few at a time by the marks written after them; recent ones stay', async () => {
    const old = Array.from({ length: 30 }, () => crypto.randomUUID());
    await sql("INSERT INTO mail_deliveries (job_id, sent_at) SELECT unnest($1::uuid[]), now() - interval '4 days'", [
      old,
    ]);
    const recent = crypto.randomUUID();
    await sql("INSERT INTO mail_deliveries (job_id, sent_at) VALUES ($1, now() - interval '2 days')", [recent]);
    const oldLeft = async () =>
      (await sql('SELECT count(*)::int AS n FROM mail_deliveries WHERE job_id = ANY($1::uuid[])', [old]))[0]!.n;

    expect(await markMailSent(t.db, crypto.randomUUID())).toBe(true);
    expect(await oldLeft()).toBe(10);
    expect(await markMailSent(t.db, crypto.randomUUID())).toBe(true);
    expect(await oldLeft()).toBe(0);
    expect(await marked(recent)).toBe(1);
    expect(await markMailSent(t.db, recent)).toBe(false);
  });

  it('the Message-ID names the domain of MAIL_FROM', () => {
    expect(mailDomainOf('Therapy Platform <no-reply@therapy.local>')).toBe('therapy.local');
    expect(mailDomainOf('no-reply@mail.example.org')).toBe('mail.example.org');
    expect(mailDomainOf('"Odd <name>" <a@b.example>')).toBe('b.example');
    expect(mailDomainOf('Therapy Platform')).toBe('localhost');
  });
});
