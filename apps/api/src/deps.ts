import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AccessTokens } from './platform/auth/tokens.ts';
import type { Clock } from './platform/clock.ts';
import type { EventBus } from './platform/events.ts';
import type { FileService } from './platform/files/file-service.ts';
import type { Jobs } from './platform/jobs.ts';
import type { MailQueue } from './platform/mail/mail-queue.ts';
import type { Mailer } from './platform/mail/mailer.ts';

/** What every module gets: built once in buildApp, replaced piecewise in tests (clock, mailer). */
export interface AppDeps {
  config: Config;
  db: Database;
  /** How mail leaves: SMTP, or the dev outbox table. Only the mail queue's worker calls it. */
  mailer: Mailer;
  /** Every mail is queued here, on the transaction of the change it tells of (the outbox, decision 0020). */
  mail: MailQueue;
  clock: Clock;
  tokens: AccessTokens;
  files: FileService;
  jobs: Jobs;
  /** Domain events: published in a transaction, delivered after commit (platform/events.ts). */
  events: EventBus;
}
