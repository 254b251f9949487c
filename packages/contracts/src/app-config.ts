import { z } from 'zod';
import { idleSignOutMinutes } from './sessions.ts';

/** GET /app-config: deployment facts the web app needs before sign-in. */
export const appConfig = z.object({
  operatingCountries: z.array(z.string()),
  oidc: z.object({ google: z.boolean() }),
  flags: z.record(z.string(), z.boolean()),
  /** Where the web app reports unexpected errors (a Sentry DSN is public by design); null: it reports nothing. */
  errorReportingDsn: z.string().nullable(),
  /** Minutes without activity after which each user type is signed out (decision 0036). */
  idleSignOut: idleSignOutMinutes,
});
export type AppConfig = z.infer<typeof appConfig>;
