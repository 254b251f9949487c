import { expect, test } from '../support/fixtures.ts';

/** Issue 11 "First use": terms and privacy pages, rejecting cookies as easily as accepting them, a title per page. */

test.describe('cookie banner', () => {
  test.use({ acceptCookies: false });

  test('a visitor rejects all cookies in one step; the choice is kept and the banner stays away', async ({
    page,
    context,
    a11y,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Your privacy' });
    await expect(banner).toBeVisible();
    const reject = banner.getByRole('button', { name: 'Reject all' });
    const accept = banner.getByRole('button', { name: 'Accept all' });
    // Equal weight: the same button style and size as "Accept all".
    expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
    const [r, a] = [await reject.boundingBox(), await accept.boundingBox()];
    expect(r!.height).toBe(a!.height);
    await expect(banner.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy#cookies');
    await a11y('cookie banner with reject all');

    await reject.click();
    await expect(banner).toBeHidden();
    const consent = (await context.cookies()).find((c) => c.name === 'cookie-consent');
    expect(JSON.parse(decodeURIComponent(consent!.value))).toEqual({
      analytics: false,
      advertising: false,
      personalization: false,
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test('terms and privacy are server-rendered pages with a table of contents, linked from the footer and sign-up', async ({
  page,
  request,
  a11y,
  browserErrors,
}) => {
  const html = await (await request.get('/privacy', { headers: { 'accept-language': 'en' } })).text();
  expect(html).toContain('<title>Privacy policy · Therapy Finder</title>');
  expect(html).toMatch(/<h1[^>]*>Privacy policy<\/h1>/);
  const german = await (await request.get('/terms', { headers: { cookie: 'X-Locale=de' } })).text();
  expect(german).toContain('<title>Nutzungsbedingungen · Therapy Finder</title>');
  expect(german).toMatch(/<h1[^>]*>Nutzungsbedingungen<\/h1>/);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await toc.getByRole('link', { name: /Your rights, deleting and exporting/ }).click();
  await expect(page).toHaveURL(/\/privacy#rights$/);
  await expect(page.getByRole('heading', { level: 2, name: /Your rights, deleting and exporting/ })).toBeInViewport();
  for (const text of [
    'Health data',
    'Payments and the wallet ledger',
    'Technical logs',
    'Delete account',
    'self-service export',
  ]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await a11y('privacy policy');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await a11y('terms of use');

  await page.goto('/register/client');
  const terms = page.getByRole('checkbox', { name: /I accept the terms of use/ });
  await expect(terms).toBeVisible();
  const label = page.locator('label', { hasText: 'I accept the terms of use' });
  await expect(label.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms');
  await expect(label.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
  await expect(label.getByRole('link', { name: 'cancellation policy' })).toHaveAttribute(
    'href',
    '/policy/client-cancellation',
  );
  await a11y('sign-up with terms and privacy');
  expect(browserErrors).toEqual([]);
});

test('each page has its own title in its language, kept across a language switch', async ({
  page,
  context,
  baseURL,
  createUser,
}) => {
  const titles = async (expected: Array<[string, string]>) => {
    for (const [path, title] of expected) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  };
  await titles([
    ['/', 'Find Therapists Online and Near You'],
    ['/login', 'Sign in · Therapy Finder'],
    ['/register', 'Create your account · Therapy Finder'],
    ['/terms', 'Terms of use · Therapy Finder'],
    ['/policy/client-cancellation', 'Client cancellation policy · Therapy Finder'],
    ['/no-such-page', 'Page not found · Therapy Finder'],
  ]);

  // Client-side navigation sets the title too.
  await page.goto('/');
  await page
    .getByRole('link', { name: /sign in/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in · Therapy Finder');

  // A therapist's page is titled with the therapist's name, in the HTML and in the browser.
  const provider = await createUser('provider');
  const login = await page.request.post('/api/v1/user/login', {
    data: { email: provider.email, password: provider.password },
  });
  const providerId = ((await login.json()) as { data: { user: { identifier: string } } }).data.user.identifier;
  const html = await (await page.request.get(`/therapists/${providerId}/`)).text();
  expect(html).toContain(`<title>${provider.firstName} ${provider.lastName} · Therapy Finder</title>`);
  await context.clearCookies({ name: 'refreshToken' });

  await context.addCookies([{ name: 'X-Locale', value: 'de', url: baseURL! }]);
  await titles([
    ['/', 'Therapeuten online und in deiner Nähe finden'],
    ['/login', 'Anmelden · Therapy Finder'],
    ['/privacy', 'Datenschutzerklärung · Therapy Finder'],
    [`/therapists/${providerId}/`, `${provider.firstName} ${provider.lastName} · Therapy Finder`],
  ]);

  // Switching the language keeps the page's own title, now in the other language.
  await page.goto('/login');
  await expect(page).toHaveTitle('Anmelden · Therapy Finder');
  await page.getByRole('combobox', { name: 'Sprache' }).first().selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Therapy Finder');
});
