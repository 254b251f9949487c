import type { Browser } from '@playwright/test';
import type { Page } from './fixtures.ts';

/** A second person's browser: a context of its own (its own cookies and socket), the cookie banner answered. */
export async function secondBrowser(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  await context.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL }]);
  const page = await context.newPage();
  // As the `page` fixture does: act once the app has taken over the server-rendered page.
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    return response;
  };
  return page;
}
