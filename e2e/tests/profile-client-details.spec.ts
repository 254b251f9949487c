import { expect, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, signIn, chooseLanguage } from '../support/app.ts';

test('a client saves profile details, an emergency contact and preferences', async ({ page, a11y, createUser }) => {
  const client = await createUser('client');
  await signIn(page, client.email, client.password, '/account');
  const details = page.getByRole('form', { name: 'Personal details' });
  await expect(details.getByLabel('Username')).toBeVisible();
  // Sign-up gave the client a username from the name (issue 11), so the form starts valid.
  await expect(details.getByLabel('Username')).toHaveValue(/^robin_client\d*$/);
  await expect(details.getByText(/instead of your full name/)).toBeVisible();

  // Spec §5 messages show in the form before anything is sent.
  await details.getByLabel('Username').fill('ro');
  await details.getByLabel(/Zip code/).fill('12');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Username must be 3 to 32 letters, digits, _, - or @')).toBeVisible();
  await expect(details.getByText('Zip code must be 5 to 10 letters or digits')).toBeVisible();
  await a11y('client profile with errors');

  await details.getByLabel('Username').fill(`robin_${Date.now().toString(36)}`);
  await details.getByLabel(/Zip code/).fill('94105');
  await details.getByLabel(/^Country/).selectOption({ label: 'United States' });
  await details.getByLabel(/State or region/).selectOption({ label: 'California' });
  await details.getByLabel(/Date of birth/).fill('1990-04-12');
  // The time zone is a searchable combobox (decision 0015): type a city, choose it; the IANA name is what is saved.
  await details.getByRole('combobox', { name: /Time zone/ }).fill('los angeles');
  await page.getByRole('option', { name: /^Los Angeles · Pacific Time/ }).click();
  const saved = page.waitForRequest(
    (r) =>
      r.url().includes('/api/v1/') &&
      ['PUT', 'POST', 'PATCH'].includes(r.method()) &&
      (r.postData() ?? '').includes('"timezone"'),
  );
  await details.getByRole('button', { name: 'Save details' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ timezone: 'America/Los_Angeles' });
  await expectToast(page, 'Data saved successfully');

  // Saved on the server: a reload shows the same values.
  await page.reload();
  await expect(details.getByLabel(/State or region/)).toHaveValue(/.+/);
  await expect(details.getByLabel(/Zip code/)).toHaveValue('94105');
  await expect(details.getByRole('combobox', { name: /Time zone/ })).toHaveValue(
    /^Los Angeles · Pacific Time · UTC-0[78]:00$/,
  );

  // The account page has sections (issue 11): the emergency contact and the preferences are each one of them.
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Emergency contact' })
    .click();
  const contact = page.getByRole('form', { name: 'Emergency contact' });
  await contact.getByLabel('Contact name').fill('Sam Carer');
  await contact.getByLabel('Phone number').fill('12');
  await contact.getByRole('button', { name: 'Save emergency contact' }).click();
  await expect(contact.getByText('Number must be at least 10 digits')).toBeVisible();
  await contact.getByLabel('Phone number').fill('2025550199');
  await contact.getByRole('button', { name: 'Save emergency contact' }).click();
  await expectToast(page, 'Data saved successfully');

  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Therapist preferences' })
    .click();
  const preferences = page.getByRole('form', { name: 'Therapist preferences' });
  // Each list is a searchable multi-select (issue 11): pick the first option of two lists.
  await preferences.getByRole('combobox', { name: 'Type of therapy' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await preferences.getByRole('combobox', { name: 'Language', exact: true }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await a11y('preferences open');
  await page.keyboard.press('Escape');
  await preferences.getByRole('button', { name: 'Save preferences' }).click();
  await expectToast(page, 'Data saved successfully');
  await page.reload();
  await expect(
    preferences.getByRole('list', { name: 'Type of therapy: 1 selected' }).getByRole('listitem'),
  ).toHaveCount(1);
});

test.describe('on a 375 px phone in German', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the profile and the picture dialogs fit and read in German', async ({ page, a11y, createUser }) => {
    const client = await createUser('client');
    await signIn(page, client.email, client.password, '/account');
    await chooseLanguage(page, 'de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // On a phone /account lists its sections (issue 11); one opens at a time.
    await page
      .getByRole('navigation', { name: 'Kontobereiche' })
      .getByRole('link', { name: 'Persönliche Angaben' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Persönliche Angaben' })).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('client profile (de, 375 px)');

    await page.getByRole('button', { name: 'Profilbild ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profilbild' });
    await expect(dialog.getByRole('button', { name: 'Neues Bild' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Avatar verwenden' }).click();
    const avatars = page.getByRole('dialog', { name: 'WÄHLE EINEN AVATAR' });
    await avatars.getByRole('button', { name: 'Avatar speichern' }).click();
    await expect(avatars.getByRole('alert')).toHaveText('Bitte wähle einen Avatar');
    await expectNoHorizontalScroll(page, 375);
    await a11y('avatar picker (de, 375 px)');
  });
});
