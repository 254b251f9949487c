import { demoPdf } from '@therapy/api/db/seed/demo-credentials';
import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';

/** A small valid one-page PDF (the server checks the content, not only the name; the preview shows it). */
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: demoPdf(`Document ${name}`) });

test('a therapist uploads a licence with two files, edits it through ?id=, deletes one file, previews a file and uploads insurance', async ({
  page,
  a11y,
  createUser,
}, testInfo) => {
  // A long journey (five uploads, four accessibility scans, a full reload) on a shared two-core machine.
  test.setTimeout(180_000);
  const provider = await createUser('provider');
  await signIn(page, provider.email, provider.password, '/practice/credentials');
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials and insurance' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to practice' })).toHaveAttribute('href', '/practice');
  await expect(page.getByText('No credentials yet')).toBeVisible();
  await expect(page.getByText('No insurance files yet.')).toBeVisible();
  await a11y('credentials (empty)');

  // Upload: the form checks the fields and the files first.
  await page.getByRole('button', { name: 'Add credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload credential' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Licensing body is required')).toBeVisible();
  await expect(dialog.getByText('Please add at least one file')).toBeVisible();
  await dialog.getByLabel('Licensing body').fill('New York State Board');
  await dialog.getByLabel('Credential number').fill('NY#123');
  await dialog.getByLabel('Choose files').setInputFiles([pdf('licence-front-page.pdf'), pdf('back.pdf')]);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(
    dialog.getByText('Credential number may contain only letters, digits, spaces, dashes, slashes and dots'),
  ).toBeVisible();
  await dialog.getByLabel('Credential number').fill('NY-123/45');
  await expect(dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveCount(2);
  await a11y('credential upload dialog');
  await page.screenshot({ path: testInfo.outputPath('credential-dialog-en.png') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'File Upload Successful');
  await expect(dialog).toBeHidden();

  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'New York State Board' }) });
  await expect(item.getByText('Credential number: NY-123/45')).toBeVisible();
  // Names over 15 characters show as 10 and an ellipsis; the full name is the accessible name.
  await expect(item.getByText('licence-fr…')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Preview licence-front-page.pdf' })).toBeVisible();
  await expect(item.getByText('back.pdf')).toBeVisible();
  await a11y('credentials (one licence)');

  // Preview: the PDF in a frame from its signed URL.
  await item.getByRole('button', { name: 'Preview back.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'back.pdf' });
  const frame = preview.locator('iframe[title="Preview of back.pdf"]');
  await expect(frame).toHaveAttribute('src', /\/api\/v1\/files\/[0-9a-f-]+\?expires=\d+&signature=/);
  await a11y('file preview');
  await page.screenshot({ path: testInfo.outputPath('file-preview-en.png') });
  await preview.getByRole('button', { name: 'Close' }).first().click();
  await expect(preview).toBeHidden();

  // Edit: ?id= opens the modal in edit mode; a reload keeps it open.
  await item.getByRole('button', { name: 'Edit New York State Board' }).click();
  await expect(page).toHaveURL(/\/practice\/credentials\/?\?id=[0-9a-f-]+$/);
  const edit = page.getByRole('dialog', { name: 'Edit credential' });
  await expect(edit.getByLabel('Licensing body')).toHaveValue('New York State Board');
  await page.reload();
  // After a full load the session is restored and the route loaded before the modal opens again (a slower path).
  await expect(edit.getByLabel('Licensing body')).toHaveValue('New York State Board', { timeout: 30_000 });
  // Replace one file: it takes the old one's place.
  const chooser = page.waitForEvent('filechooser');
  await edit.getByRole('button', { name: 'Replace back.pdf' }).click();
  await (await chooser).setFiles(pdf('back-new.pdf'));
  await expectToast(page, 'File Updated Successfully');
  await expect(edit.getByRole('button', { name: 'Replace back-new.pdf' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Replace back.pdf' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Delete licence-front-page.pdf' }).click();
  await expectToast(page, 'File Deleted');
  // The last file cannot go (a credential keeps at least one).
  await expect(edit.getByRole('button', { name: 'Delete back-new.pdf' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('credential-edit-en.png') });
  await edit.getByLabel('Licensing body').fill('Texas State Board');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'File Updated Successfully');
  await expect(edit).toBeHidden();
  // Closing removed the parameter.
  await expect(page).toHaveURL(/\/practice\/credentials\/?$/);
  const edited = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Texas State Board' }) });
  await expect(edited.getByRole('button', { name: /^Preview / })).toHaveCount(1);
  await expect(edited.getByRole('button', { name: 'Preview back-new.pdf' })).toBeVisible();

  // Insurance.
  const insurance = page.locator('#insurance');
  await insurance.getByLabel('Upload insurance file').setInputFiles(pdf('indemnity-cover-2026.pdf'));
  await expectToast(page, 'File Upload Successful');
  await expect(insurance.getByRole('button', { name: 'Preview indemnity-cover-2026.pdf' })).toBeVisible();
  await a11y('credentials (licence and insurance)');
  await page.screenshot({ path: testInfo.outputPath('credentials-en.png'), fullPage: true });

  // A wrong type is refused in the page before anything is sent.
  await insurance
    .getByLabel('Upload insurance file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(insurance.getByText('Files must be doc, docx, pdf, jpg, jpeg or png')).toBeVisible();
  await insurance.getByRole('button', { name: 'Delete indemnity-cover-2026.pdf' }).click();
  await expectToast(page, 'File Deleted');
  await expect(insurance.getByText('No insurance files yet.')).toBeVisible();
});

test.describe('on a 375 px phone in German', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

  test('uploads an insurance file and a qualification; the page and the dialog fit', async ({
    page,
    a11y,
    createUser,
  }, testInfo) => {
    const provider = await createUser('provider');
    await signIn(page, provider.email, provider.password, '/practice/credentials');
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Nachweise und Versicherung' })).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('credentials (de, 375 px)');

    await page.locator('#insurance').getByLabel('Versicherungsdatei hochladen').setInputFiles(pdf('versicherung.pdf'));
    await expectToast(page, 'Datei erfolgreich hochgeladen');

    await page.getByRole('button', { name: 'Nachweis hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nachweis hochladen' });
    await dialog.getByRole('radio', { name: 'Andere Qualifikation' }).check();
    await dialog.getByRole('button', { name: 'Hochladen' }).click();
    await expect(dialog.getByText('Der Titel ist erforderlich')).toBeVisible();
    await dialog.getByLabel('Art der Qualifikation').selectOption('education');
    await dialog.getByLabel('Titel').fill('Master Psychologie');
    await dialog.getByLabel('Dateien wählen').setInputFiles(pdf('zeugnis-master-psychologie.pdf'));
    await a11y('credential dialog (de, 375 px)');
    await page.screenshot({ path: testInfo.outputPath('credential-dialog-de-375.png') });
    await expectNoHorizontalScroll(page, WIDTH);
    await dialog.getByRole('button', { name: 'Hochladen' }).click();
    await expectToast(page, 'Datei erfolgreich hochgeladen');
    await expect(page.getByRole('heading', { name: 'Master Psychologie' })).toBeVisible();
    await expect(page.getByText('zeugnis-ma…')).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);
    await page.screenshot({ path: testInfo.outputPath('credentials-de-375.png'), fullPage: true });
  });
});

test('a client is told the page is for providers', async ({ page, createUser }) => {
  const client = await createUser('client');
  await signIn(page, client.email, client.password, '/practice/credentials');
  await expect(page.getByRole('heading', { name: 'For providers only' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add credential' })).toHaveCount(0);
});
