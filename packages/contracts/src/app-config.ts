import { z } from 'zod';

/** GET /app-config: deployment facts the web app needs before sign-in. */
export const appConfig = z.object({
  operatingCountries: z.array(z.string()),
  oidc: z.object({ google: z.boolean() }),
  flags: z.record(z.string(), z.boolean()),
});
export type AppConfig = z.infer<typeof appConfig>;
