import { expect, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';
import { pngOf } from './profile-images.ts';

test('a therapist completes the practice set-up and uploads a photo', async ({ page, a11y, createUser }) => {
  const provider = await createUser('provider');
  await signIn(page, provider.email, provider.password, '/account');
  const form = page.getByRole('form', { name: 'Set up your practice' });
  await expect(page.getByText('Finish setting up your practice')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('Robin');
  await a11y('practice set-up');

  // The set-up rules of spec §5 show before anything is sent.
  await form.getByRole('button', { name: 'Complete setup' }).click();
  await expect(form.getByText('Select at least one therapy')).toBeVisible();
  await expect(form.getByText('Select at least one modality')).toBeVisible();
  await expect(form.getByText('Select at least one speciality')).toBeVisible();
  await expect(form.getByText('Office address must be at least 5 characters and contain a letter')).toBeVisible();
  await a11y('practice set-up with errors');

  await form.getByLabel('Office address').fill('12 Harbour Street');
  await form.getByLabel(/Headline/).fill('Counselling Psychologist');
  await form.getByLabel(/About you/).fill('I help adults with anxiety.');
  await expect(form.getByText('27 / 2000 characters')).toBeVisible();
  await form.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await form.getByLabel('State or region').selectOption({ label: 'California' });
  await form.getByLabel('Ethnicity').selectOption({ index: 1 });
  await form.getByLabel('Gender').selectOption({ index: 1 });
  for (const group of ['Therapies you offer', 'Session formats', 'Specialities']) {
    await form.getByRole('group', { name: group }).getByRole('checkbox').first().check();
  }
  await form.getByRole('button', { name: 'Complete setup' }).click();
  await expectToast(page, 'Data saved successfully');
  const info = page.getByRole('form', { name: 'Practice profile' });
  await expect(info.getByRole('button', { name: 'Save profile' })).toBeVisible();
  await expect(page.getByText('Finish setting up your practice')).toBeHidden();

  // Spec §3 provider type state in localStorage: the first therapy and modality offered.
  const state = await page.evaluate(
    () => JSON.parse(localStorage.getItem('providerTypeState') ?? 'null') as Record<string, unknown> | null,
  );
  expect(state?.therapyCategoryIdentifier).toEqual(expect.any(String));
  expect(state?.modalityIdentifier).toEqual(expect.any(String));

  // Photo: same checks and crop, saved to /provider/update/photo; the header shows it.
  await page
    .getByTestId('profile-image-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf(400, 400) });
  const crop = page.getByRole('dialog', { name: 'Crop image' });
  await crop.getByRole('button', { name: 'Crop', exact: true }).click();
  await page.getByRole('dialog', { name: 'Profile Image' }).getByRole('button', { name: 'Save picture' }).click();
  await expectToast(page, 'Image Changed Successfully');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your profile' }).locator('img')).toHaveAttribute(
    'src',
    /\/api\/v1\/files\//,
  );
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  // A later edit goes through update/info.
  await info.getByLabel(/Title/).fill('Dr');
  await info.getByRole('button', { name: 'Save profile' }).click();
  await expectToast(page, 'Data saved successfully');
  await a11y('practice profile');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the practice set-up fits the screen', async ({ page, a11y, createUser }) => {
    const provider = await createUser('provider');
    await signIn(page, provider.email, provider.password, '/account');
    // On a phone /account lists its sections (issue 11); the practice profile is one of them.
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Practice profile' })
      .click();
    await expect(page.getByRole('form', { name: 'Set up your practice' })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('practice set-up (375 px)');
  });
});
