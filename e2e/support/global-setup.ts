import type { FullConfig } from '@playwright/test';
import { startStack, type E2eStack } from './stack.ts';

declare global {
  var __therapyE2eStack: E2eStack | undefined;
}

/**
 * Starts the stack once per run. Tests run in worker processes that Playwright starts after this, so they inherit
 * what is put into process.env here: the app's URL (the config's base URL) and the mailbox endpoint.
 */
export default async function globalSetup(_config: FullConfig): Promise<void> {
  const started = Date.now();
  const stack = await startStack();
  globalThis.__therapyE2eStack = stack;
  process.env.E2E_BASE_URL = stack.appUrl;
  process.env.E2E_MAILBOX_URL = stack.mailboxUrl;
  process.env.E2E_PRACTICE_DESK_URL = stack.practiceDeskUrl;
  process.env.E2E_OIDC_ISSUER = stack.oidcIssuer;
  console.log(
    `[e2e] app ${stack.appUrl}, OIDC ${stack.oidcIssuer}, data ${stack.dataDir} (ready in ${Date.now() - started} ms)`,
  );
}
