import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';

/**
 * Issue 45, trust after approval: a verified therapist adds a licence state; it is not listed until an operator
 * approves it, and she sees what is pending on the licence-states page and on her practice hub. She adds the licence
 * for the state (with its expiry date) and sees it waiting for review. In English at 1280 px, in German at 375 px.
 */
test('a verified therapist sees a new licence state and licence waiting for review (en, desktop)', async ({
  page,
  a11y,
  createUser,
}, testInfo) => {
  const provider = await createUser('provider', { verified: true });
  await signIn(page, provider.email, provider.password, '/practice/license-states');
  await expect(page.getByRole('heading', { level: 1, name: 'Licence states' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'States where you hold a licence' });
  await picker.fill('calif');
  await page.getByRole('option', { name: 'California' }).click();
  await picker.press('Escape');
  await page.getByRole('button', { name: 'Save licence states' }).click();
  await expectToast(page, 'Licence States Saved');
  const standing = page.getByRole('region', { name: 'Where you are listed' });
  await expect(standing).toContainText('Waiting for review: not listed in California until an operator approves it');
  await a11y('licence states with a pending state');
  await page.screenshot({ path: testInfo.outputPath('license-states-pending-en-1280.png'), fullPage: true });

  await page.goto('/practice');
  const changes = page.getByRole('region', { name: 'Changes to your verified practice' });
  await expect(changes).toBeVisible();
  await expect(changes.getByRole('listitem').filter({ hasText: 'California' })).toContainText('Waiting for review');
  await expect(changes.getByRole('link', { name: 'Update your licence states' })).toHaveAttribute(
    'href',
    '/practice/license-states',
  );
  await a11y('practice hub with pending changes');

  // The licence for California, with the state it is issued for and its expiry date.
  await page.goto('/practice/credentials');
  await page.getByRole('button', { name: 'Add credential' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload credential' });
  await dialog.getByLabel('Licensing body').fill('California Board of Psychology');
  await dialog.getByLabel('Credential number').fill('PSY-4711');
  await dialog.getByLabel('State the licence is issued for').selectOption({ label: 'California' });
  await dialog.getByLabel('Valid until').fill('2030-06-30');
  await dialog.getByLabel('Choose files').setInputFiles({
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'File Upload Successful');
  const item = page.getByRole('listitem').filter({ hasText: 'California Board of Psychology' });
  await expect(item).toContainText('Waiting for review');
  await expect(item).toContainText('Issued for California');
  await expect(item).toContainText('Valid until Jun 30, 2030');
  await a11y('credentials with a licence waiting for review');
  await page.screenshot({ path: testInfo.outputPath('credentials-pending-en-1280.png'), fullPage: true });

  await page.goto('/practice');
  await expect(
    page
      .getByRole('region', { name: 'Changes to your verified practice' })
      .getByRole('listitem')
      .filter({ hasText: 'California Board of Psychology, PSY-4711' }),
  ).toContainText('Waiting for review');
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the pending state reads in German and fits the phone', async ({ page, a11y, createUser }, testInfo) => {
    const provider = await createUser('provider', { verified: true });
    await signIn(page, provider.email, provider.password, '/practice/license-states');
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Lizenz-Bundesstaaten' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Bundesstaaten, in denen du eine Zulassung hast' });
    await picker.fill('texa');
    await page.getByRole('option', { name: 'Texas' }).click();
    await picker.press('Escape');
    await page.getByRole('button', { name: 'Lizenz-Bundesstaaten speichern' }).click();
    await expectToast(page, 'Lizenz-Bundesstaaten gespeichert');
    await expect(page.getByRole('region', { name: 'Wo du gelistet bist' })).toContainText(
      'Wartet auf Prüfung: in Texas nicht gelistet',
    );
    await expectNoHorizontalScroll(page, 375);
    await a11y('licence states pending (de, 375 px)');
    await page.screenshot({ path: testInfo.outputPath('license-states-pending-de-375.png'), fullPage: true });

    await page.goto('/practice');
    const changes = page.getByRole('region', { name: 'Änderungen an deiner verifizierten Praxis' });
    await expect(changes.getByRole('listitem').filter({ hasText: 'Texas' })).toContainText('Wartet auf Prüfung');
    await expectNoHorizontalScroll(page, 375);
    await a11y('practice hub pending (de, 375 px)');
    await page.screenshot({ path: testInfo.outputPath('practice-hub-pending-de-375.png'), fullPage: true });
  });
});
