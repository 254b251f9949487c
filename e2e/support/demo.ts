import type { Page, TestInfo } from '@playwright/test';

/** The seeded demo accounts the README names (apps/api/src/db/seed). */
export const DEMO_OPERATOR = { email: 'operator@demo.therapy.local', password: 'SteadyLantern#2026' } as const;
export const DEMO_PROVIDER = { email: 'provider@demo.therapy.local', password: 'QuietMeadow#2026' } as const;

/** Full-page pictures for a look at the layout, when E2E_SCREENSHOTS is set (they land in the test's output folder). */
export async function layoutSnapshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  viewportOnly = false,
): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  // An open dialog is fixed to the viewport: a picture of the viewport shows it as the person sees it.
  if (viewportOnly) {
    await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
    return;
  }
  // A tall page in parts of at most 1200 px, so each part can be read at its real size.
  const width = page.viewportSize()!.width;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < height; y += 1200, part += 1) {
    await page.screenshot({
      path: testInfo.outputPath(`${name}-${part}.png`),
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(1200, height - y) },
    });
  }
}
