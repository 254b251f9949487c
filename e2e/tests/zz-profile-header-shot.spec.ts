import { test } from '../support/fixtures.ts';
import { signIn } from '../support/app.ts';

test('header at 1280', async ({ page, createUser }) => {
  const provider = await createUser('provider', { verified: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, provider.email, provider.password);
  await page.goto('/overview');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/profile-shots/header-1280-en.png', clip: { x: 0, y: 0, width: 1280, height: 80 } });
  await page.getByRole('button', { name: /Sprache|Language/ }).count();
});
