import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const blocking = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and fails on every violation of impact serious or critical, listing each
 * rule with the elements it found. Minor and moderate findings are printed but do not fail the journey.
 */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  // Let the page settle (lazy routes, fonts, toasts appearing) before the scan.
  await page.waitForLoadState('networkidle').catch(() => {});
  // And let finite animations and transitions end (a toast fading in, a dialog opening): axe measures colours as
  // they are at that instant, so text caught half-faded fails a contrast nobody sees. Spinners run forever: not waited.
  await page
    .evaluate(async () => {
      const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      const settled = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3000))]);
    })
    .catch(() => {}); // a navigation meanwhile ends the wait, as with networkidle above; the scan still runs
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => blocking.has(v.impact ?? ''));
  const minor = results.violations.filter((v) => !blocking.has(v.impact ?? ''));
  if (minor.length) console.log(`[a11y] ${label}: ${minor.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
  const report = serious
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
      return `  ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
  expect(
    serious.map((v) => v.id),
    `accessibility violations (serious/critical) on ${label}:\n${report}`,
  ).toEqual([]);
}
