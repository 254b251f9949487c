import { expect, test } from '../support/fixtures.ts';

test('the home page loads, is accessible, and the API is healthy', async ({ page, request, a11y }) => {
  const response = await page.goto('/');
  expect(response?.ok()).toBe(true);
  await expect(page.locator('#root')).not.toBeEmpty();
  await a11y('home');

  const health = await request.get('/api/v1/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toEqual({ status: 'ok' });
});

test('deep links get the app, a missing file gets a 404 (never index.html as a script)', async ({ request }) => {
  const deep = await request.get('/policy/client-cancellation');
  expect(deep.status()).toBe(200);
  expect(deep.headers()['content-type']).toContain('text/html');
  const missing = await request.get('/assets/old-deploy-123.js');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).code).toBe('NOT_FOUND');
  const api = await request.get('/api/v1/no-such-route');
  expect(api.status()).toBe(404);
});
