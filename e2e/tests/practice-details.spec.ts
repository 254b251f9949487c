import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';

test('a therapist adds a current position, ends it, and deletes it after confirming', async ({
  page,
  a11y,
  createUser,
}, testInfo) => {
  const provider = await createUser('provider');
  await signIn(page, provider.email, provider.password, '/practice/work-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Work history' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to practice' })).toHaveAttribute('href', '/practice');
  await expect(page.getByRole('heading', { name: 'No work history yet' })).toBeVisible();
  await a11y('work history (empty)');

  await page.getByRole('button', { name: 'Add employment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Employment History' });
  await dialog.getByLabel('Company name').fill('Harbor Clinic');
  await dialog.getByLabel('Job title').fill('Family Therapist');
  // A two-digit year is refused with the month rule (spec §5).
  await dialog.getByLabel('Start month').fill('99-01');
  await dialog.getByLabel('End month').fill('2020-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a month from 1900-01 to 2099-12')).toBeVisible();
  await a11y('employment history modal');
  await dialog.getByLabel('Start month').fill('2019-04');
  // Ticking "I currently work here" clears the end month.
  await dialog.getByRole('checkbox', { name: 'I currently work here' }).check();
  await expect(dialog.getByLabel('End month')).toHaveValue('');
  await expect(dialog.getByLabel('End month')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Work History Saved');
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Your work history' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Family Therapist');
  await expect(list).toContainText('Apr 2019 – Present');

  // Edit: the position ended.
  await list.getByRole('button', { name: 'Edit Harbor Clinic' }).click();
  const edit = page.getByRole('dialog', { name: 'Employment History' });
  await expect(edit.getByLabel('Company name')).toHaveValue('Harbor Clinic');
  await edit.getByRole('checkbox', { name: 'I currently work here' }).uncheck();
  await edit.getByLabel('End month').fill('2019-03');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('The end month cannot be before the start month')).toBeVisible();
  await edit.getByLabel('End month').fill('2024-06');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Work History Updated');
  await expect(list).toContainText('Apr 2019 – Jun 2024');
  await page.screenshot({ path: testInfo.outputPath('work-history-en-desktop.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your work history' })).toContainText('Apr 2019 – Jun 2024');

  await page.getByRole('button', { name: 'Delete Harbor Clinic' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Work History Deleted');
  await expect(page.getByRole('heading', { name: 'No work history yet' })).toBeVisible();
});

test('a therapist sets the default fee, is refused letters, and marks it free', async ({
  page,
  a11y,
  createUser,
}, testInfo) => {
  const provider = await createUser('provider');
  await signIn(page, provider.email, provider.password, '/practice/fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You offer no therapies yet' })).toBeVisible();
  await a11y('fees');

  const fee = page.getByLabel('Fee', { exact: true });
  await fee.fill('60a');
  await page.getByRole('button', { name: 'Save fee' }).click();
  await expect(page.getByText('The fee must contain digits only')).toBeVisible();
  await fee.fill('60');
  await page.getByRole('button', { name: 'Save fee' }).click();
  await expectToast(page, 'Fee Successfully Saved');
  await expect(page.getByText(/^Current fee: .*60\.00/)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Mark as free' }).check();
  await expect(fee).toHaveValue('0');
  await expect(fee).toBeDisabled();
  await page.getByRole('button', { name: 'Save fee' }).click();
  await expectToast(page, 'Fee Successfully Saved');
  await page.reload();
  await expect(page.getByText('Current fee: Free')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Mark as free' })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('fees-en-desktop.png'), fullPage: true });
});

test.describe('on a 375 px phone in German', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a therapist chooses licence states in the searchable picker', async ({ page, a11y, createUser }, testInfo) => {
    const provider = await createUser('provider');
    await signIn(page, provider.email, provider.password, '/practice/license-states');
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Lizenz-Bundesstaaten' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Bundesstaaten, in denen du eine Zulassung hast' });
    await picker.fill('new y');
    await page.getByRole('option', { name: 'New York' }).click();
    await picker.fill('calif');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await picker.press('Escape');
    const chosen = page.getByRole('list', { name: /2 ausgewählt/ });
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await a11y('licence states (de, 375 px)');
    await expectNoHorizontalScroll(page, 375);
    await page.getByRole('button', { name: 'Lizenz-Bundesstaaten speichern' }).click();
    await expectToast(page, 'Lizenz-Bundesstaaten gespeichert');
    await page.screenshot({ path: testInfo.outputPath('license-states-de-375.png'), fullPage: true });

    await page.reload();
    await expect(page.getByRole('list', { name: /2 ausgewählt/ }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'New York entfernen' }).click();
    await page.getByRole('button', { name: 'Lizenz-Bundesstaaten speichern' }).click();
    await expectToast(page, 'Lizenz-Bundesstaaten gespeichert');
    await page.reload();
    await expect(page.getByRole('list', { name: /1 ausgewählt/ })).toContainText('California');

    // The German work history and fee pages fit the phone too.
    for (const [path, heading] of [
      ['/practice/work-history', 'Berufserfahrung'],
      ['/practice/fees', 'Honorare'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoHorizontalScroll(page, 375);
      await a11y(`${heading} (de, 375 px)`);
      await page.screenshot({ path: testInfo.outputPath(`${path.split('/').pop()}-de-375.png`), fullPage: true });
    }

    // The "Employment History" modal in German on the phone, with a German rule message.
    await page.goto('/practice/work-history');
    await page.getByRole('button', { name: 'Stelle hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beruflicher Werdegang' });
    await dialog.getByLabel('Startmonat').fill('2100-01');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Gib einen Monat von 1900-01 bis 2099-12 ein')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('employment history modal (de, 375 px)');
    await page.screenshot({ path: testInfo.outputPath('work-history-modal-de-375.png') });
  });
});

test('a client is told these pages are for therapists', async ({ page, createUser }) => {
  const client = await createUser('client');
  await signIn(page, client.email, client.password, '/practice/fees');
  await expect(page.getByRole('heading', { name: 'For therapists only' })).toBeVisible();
  await expect(page.getByLabel('Fee', { exact: true })).toHaveCount(0);
});
