import type { FastifyPluginAsync } from 'fastify';
import type { Locale } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import type { UserModule } from '../user/user.module.ts';
import { credentialsRepository as repo, type ExpiringRow } from './credentials.repository.ts';
import { expiryMail } from './credential-expiry-mail.ts';

export const CREDENTIAL_EXPIRY_QUEUE = 'credentials.expiry';
/** How many due documents one run handles (the next run goes on with the rest). */
const BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The daily expiry check (issue 45): an approved licence or insurance is mailed about 30 and 7 days before its last
 * valid day, and the day after it is `expired` (no longer counting for a listing: the directory rebuilds the entry)
 * until a renewed document is approved. Each step is recorded with its mail in one transaction, once: a second run
 * on the same day, or on another instance, finds nothing left to do. Returns what it did, for tests and logs.
 */
export async function runCredentialExpiry(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'mail' | 'config'>,
  users: Pick<UserModule, 'findActiveUser'>,
): Promise<{ reminded: number; expired: number }> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const due = await repo.dueOn(deps.db, today, BATCH);
  let reminded = 0;
  let expired = 0;
  for (const row of due) {
    const account = await users.findActiveUser(row.providerId);
    if (!account) continue;
    const locale: Locale = account.locale === 'de' ? 'de' : 'en';
    const mail = (kind: 'reminder' | 'expired', days: number) =>
      expiryMail(locale, kind, {
        name: account.firstName ?? '',
        document: describe(row, locale),
        expiresOn: row.expiresOn,
        days,
        link: `${deps.config.appOrigin}/practice/credentials`,
      });
    const left = daysBetween(today, row.expiresOn);
    await deps.events.transaction(async (tx) => {
      if (left < 0) {
        if (!(await repo.markExpired(tx, row, deps.clock.now()))) return;
        await deps.events.publish(tx, 'practice.changed', { providerId: row.providerId });
        await deps.mail.queue(tx, { to: account.email, lang: locale, ...mail('expired', 0) });
        expired++;
        return;
      }
      const step: 30 | 7 = left <= 7 ? 7 : 30;
      if (!(await repo.markReminded(tx, row, step))) return;
      await deps.mail.queue(tx, { to: account.email, lang: locale, ...mail('reminder', left) });
      reminded++;
    });
  }
  return { reminded, expired };
}

const kindNames: Record<Locale, Record<string, string>> = {
  en: { license: 'licence', insurance: 'indemnity insurance' },
  de: { license: 'Zulassung', insurance: 'Berufshaftpflichtversicherung' },
};
const describe = (row: ExpiringRow, locale: Locale) =>
  `${kindNames[locale][row.kind] ?? (locale === 'de' ? 'Nachweis' : 'qualification')} (${row.title})`;

/** Runs the check every morning (pg-boss cron, once per tick across all instances). */
export const credentialExpiryJob: FastifyPluginAsync<{
  deps: AppDeps;
  users: Pick<UserModule, 'findActiveUser'>;
}> = async (_app, { deps, users }) => {
  await deps.jobs.schedule(CREDENTIAL_EXPIRY_QUEUE, '7 5 * * *', async () => {
    await runCredentialExpiry(deps, users);
  });
};
