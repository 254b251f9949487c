import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y.ts';
import { PASSWORD, signUpHeaders, uniqueEmail } from './data.ts';
import { mailbox } from './mailbox.ts';
import { setVerification } from './practice-desk.ts';

export interface CreatedUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: 'client' | 'provider';
}

export interface Options {
  /**
   * Starts the browser with cookie consent already given, so the fixed cookie banner does not cover the forms.
   * A journey that is about the banner sets it to false (`test.use({ acceptCookies: false })`).
   */
  acceptCookies: boolean;
}

export interface Fixtures {
  /** Collects the page's uncaught errors and console errors; attached to the report when a test fails. */
  browserErrors: string[];
  /** Scans the page as it is now with axe-core; fails on serious or critical violations. */
  a11y: (label?: string) => Promise<void>;
  mailbox: typeof mailbox;
  /** Creates an account through the API (for journeys that are not about sign-up). */
  /**
   * A new user; a client may be given a phone number (a dedicated transfer account needs one); a provider may be
   * `verified` (their practice approved, decision 0026), which they must be to offer slots.
   */
  createUser: (
    userType?: 'client' | 'provider',
    extra?: { phoneNumber?: string; verified?: boolean },
  ) => Promise<CreatedUser>;
}

async function countryId(request: APIRequestContext, code: string): Promise<string> {
  const res = await request.get('/api/v1/region/country');
  expect(res.ok(), `GET /api/v1/region/country answered ${res.status()}`).toBe(true);
  const { data } = (await res.json()) as { data: Array<{ identifier: string; code: string }> };
  const found = data.find((c) => c.code === code);
  if (!found) throw new Error(`country ${code} is not listed`);
  return found.identifier;
}

export const test = base.extend<Fixtures & Options>({
  acceptCookies: [true, { option: true }],
  // The global setup starts the app on a free port; the workers inherit its URL.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  context: async ({ context, acceptCookies, baseURL }, use) => {
    if (acceptCookies && baseURL) await context.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL }]);
    await use(context);
  },
  // Pages arrive rendered by the server and become the app on hydration: a journey acts only once the app has taken
  // over (AppShell marks <html data-ready>), as a person who waits for the page to respond would.
  page: async ({ page }, use) => {
    const waitReady = async <T>(response: T): Promise<T> => {
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => waitReady(await goto(...args));
    page.reload = async (...args) => waitReady(await reload(...args));
    await use(page);
  },
  browserErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
      });
      await use(errors);
      if (testInfo.status !== testInfo.expectedStatus && errors.length) {
        await testInfo.attach('browser-errors', { body: errors.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
  a11y: async ({ page }, use) => {
    await use((label?: string) => expectNoA11yViolations(page, label));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  mailbox: async ({}, use) => {
    await use(mailbox);
  },
  createUser: async ({ playwright, baseURL }, use) => {
    // A request context of its own, so the API's refresh cookie does not land in the browser's context.
    const request = await playwright.request.newContext({ baseURL });
    await use(async (userType = 'client', { verified = false, ...extra } = {}) => {
      const email = uniqueEmail(userType);
      const user: CreatedUser = {
        email,
        password: PASSWORD,
        firstName: 'Robin',
        lastName: userType === 'client' ? 'Client' : 'Provider',
        userType,
      };
      const common = {
        firstName: user.firstName,
        lastName: user.lastName,
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      };
      const body =
        userType === 'client'
          ? { userType, ...common, confirmEmail: email, countryIdentifier: await countryId(request, 'US'), ...extra }
          : { userType, ...common, phoneNumber: '2025550143' };
      const res = await request.post('/api/v1/user/register', { data: body, headers: signUpHeaders() });
      expect(res.status(), `register ${userType}: ${await res.text()}`).toBe(201);
      if (verified && userType === 'provider') await setVerification(email, 'approved');
      return user;
    });
    await request.dispose();
  },
});

export { expect };
export type { Page };
