/**
 * `npm run operator:create -- EMAIL` (decision 0026): creates an operator account and prints its one-time password.
 * It uses DATABASE_URL, or the app's own PostgreSQL under DATA_DIR/pg as `npm start` does (stop the app first then:
 * one PostgreSQL runs on a data directory at a time).
 */
import path from 'node:path';
import { sealClearHealthText } from '../clear-text-backfill.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { migrateAndSeed } from '../db/migrate.ts';
import { createOperatorAccount } from '../modules/user/operator-accounts.ts';
import { prepareJobsSchema } from '../platform/jobs.ts';
import { freePort } from '../server.ts';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run operator:create -- EMAIL');
  process.exit(2);
}

const config = loadConfig(process.env);
let embedded: EmbeddedDatabase | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.embeddedPgPort ?? (await freePort()));
  await ensureDatabase(embedded.url('postgres'), 'therapy');
  databaseUrl = embedded.url('therapy');
}
const db = createDatabase(databaseUrl);
let code = 0;
try {
  await migrateAndSeed(db, {
    prepareJobs: prepareJobsSchema,
    backfill: async (d) => void (await sealClearHealthText(d, config)),
  });
  const result = await createOperatorAccount(db, email, new Date());
  if (result.ok) {
    // The one place the password is shown: on the terminal of whoever runs the command.
    process.stdout.write(
      `Operator ${result.email} created (id ${result.identifier}).\nOne-time password: ${result.password}\nSign in at /login with it, then change it under Account > Password.\n`,
    );
  } else {
    code = 1;
    console.error(
      {
        'invalid-email': `Not a valid email address: ${email}`,
        'taken-by-client-or-provider': `Refused: ${email} belongs to a client or provider account.`,
        'already-operator': `${email} is already an operator.`,
      }[result.reason],
    );
  }
} finally {
  await db.$client.end().catch(() => {});
  await embedded?.stop().catch(() => {});
}
process.exit(code);
