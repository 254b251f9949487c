import { defineConfig, devices } from '@playwright/test';

const ci = Boolean(process.env.CI) && process.env.CI !== 'false';

/**
 * Browser journeys against the real app: the global setup starts the API (embedded PostgreSQL, built web app), an
 * SMTP sink and a local OpenID Connect provider on free ports, and hands their URLs to the tests through the
 * environment (E2E_BASE_URL, E2E_MAILBOX_URL). Debian's Chromium, because `npx playwright install` cannot run here.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // Two journeys at a time on two cores: each waits on the server, the mail and its own browser often enough that a
  // second one fills the gaps (16.9 min for the suite with one, 13.9 with two).
  workers: 2,
  fullyParallel: false,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // Set by the global setup before the workers start; the fixtures read it again for safety.
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    // Recording a trace of every journey costs about an eighth of the suite's time; a retry records one, and
    // `--trace on` records them all when a failure needs one.
    trace: 'on-first-retry',
    locale: 'en-US',
    timezoneId: 'UTC',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        headless: true,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
