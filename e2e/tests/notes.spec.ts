import { demoPdf } from '@therapy/api/db/seed/demo-credentials';
import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { providerWithBooking } from '../support/bookings.ts';

/**
 * Issue 17 end to end, a provider's notes: a typed session note on the booking page, a client note from a file on the
 * client page, an edit, a download, a delete and the access log; once more in German on a phone.
 */

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: demoPdf(`Note ${name}`) });

test('a provider adds a session note and a client note, edits, downloads and deletes them, and reads the access log', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { bookingId, clientId } = await providerWithBooking(request, provider, 'Ada');
  await request.dispose();

  // The booking page: a typed session note.
  await signIn(page, provider.email, provider.password, `/appointments/${bookingId}`);
  const session = page.getByRole('region', { name: 'Session notes' });
  await expect(session.getByText('No session notes yet.')).toBeVisible();
  await session.getByRole('button', { name: 'Add Session Note' }).click();
  const add = page.getByRole('dialog', { name: 'Add Session Note' });
  await expect(add.getByRole('button', { name: 'Type Session Notes' })).toBeVisible();
  await a11y('note modal: choice');
  await add.getByRole('button', { name: 'Type Session Notes' }).click();
  await expect(add.getByLabel('Booking ID')).toHaveValue(bookingId);
  await add.getByRole('button', { name: 'Add Note' }).click();
  await expect(add.getByText('Note Title is required')).toBeVisible();
  await expect(add.getByText('Please type your note')).toBeVisible();
  await a11y('note modal: form with errors');
  await add.getByLabel('Note Title').fill('First session');
  await add.getByLabel('Note', { exact: true }).fill('Ada talked about sleep.\nHomework: a sleep diary.');
  await add.getByRole('button', { name: 'Add Note' }).click();
  const added = page.getByRole('dialog', { name: 'Note added' });
  await expect(added.getByRole('status')).toHaveText('Note Successfully Added');
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(session.getByRole('heading', { name: 'First session' })).toBeVisible();
  await expect(session.getByText('Homework: a sleep diary.')).toBeVisible();
  await a11y('booking page with a session note');

  // The client page: profile, the appointment, the session note; a client note from a PDF.
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Client' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Appointments' }).getByRole('link')).toHaveAttribute(
    'href',
    `/appointments/${bookingId}`,
  );
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByRole('heading', { name: 'First session' })).toBeVisible();
  await notes.getByRole('button', { name: 'Add Client Note' }).click();
  const addClient = page.getByRole('dialog', { name: 'Add Client Note' });
  await addClient.getByLabel('Upload File').setInputFiles(pdf('intake-form.pdf'));
  await expect(addClient.getByText('intake-form.pdf')).toBeVisible();
  await expect(addClient.getByText(/^\d+\.\d{2} MB$/)).toBeVisible();
  await expect(addClient.getByLabel('Booking ID')).toHaveCount(0);
  await addClient.getByLabel('Note Title').fill('Intake form');
  await addClient.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('dialog', { name: 'Note added' }).getByRole('status')).toHaveText(
    'Note Successfully Added',
  );
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(notes.getByText('2 notes')).toBeVisible();
  await a11y('client page with two notes');

  // Filters: the kind and the title.
  await notes.getByLabel('Kind').selectOption('client');
  await notes.getByRole('button', { name: 'Search' }).click();
  await expect(notes.getByText('1 note', { exact: true })).toBeVisible();
  await expect(notes.getByRole('heading', { name: 'First session' })).toHaveCount(0);
  await notes.getByRole('button', { name: 'Clear filters' }).click();
  await notes.getByLabel('Search by title').fill('first');
  await notes.getByRole('button', { name: 'Search' }).click();
  await expect(notes.getByText('1 note', { exact: true })).toBeVisible();
  await expect(notes.getByRole('heading', { name: 'First session' })).toBeVisible();
  await notes.getByRole('button', { name: 'Clear filters' }).click();
  await expect(notes.getByText('2 notes')).toBeVisible();

  // Download the file, edit the session note.
  const download = page.waitForEvent('download');
  await notes.getByRole('button', { name: 'Download intake-form.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('intake-form.pdf');
  await notes.getByRole('button', { name: 'Edit note First session' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit note' });
  await expect(edit.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(edit.getByLabel('Note', { exact: true })).toHaveValue(/Homework: a sleep diary\./);
  await edit.getByLabel('Note Title').fill('First session, edited');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('dialog', { name: 'Note saved' }).getByRole('status')).toHaveText(
    'Note Successfully Updated',
  );
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(notes.getByRole('heading', { name: 'First session, edited' })).toBeVisible();

  // The access log of each.
  await notes.getByRole('button', { name: 'Access log of note Intake form' }).click();
  const log = page.getByRole('dialog', { name: 'Access log' });
  await expect(log.getByText(/^Downloaded/)).toBeVisible();
  await expect(log.getByText(/^Created/)).toBeVisible();
  await a11y('access log');
  await log.getByRole('button', { name: 'Done' }).click();
  await notes.getByRole('button', { name: 'Access log of note First session, edited' }).click();
  await expect(page.getByRole('dialog', { name: 'Access log' }).getByText(/^Edited/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Delete the client note.
  await notes.getByRole('button', { name: 'Delete note Intake form' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete note' });
  await expect(remove.getByText('Delete “Intake form”? This cannot be undone.')).toBeVisible();
  await remove.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByRole('dialog', { name: 'Note deleted' }).getByRole('status')).toHaveText(
    'Note Successfully Deleted',
  );
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(notes.getByText('1 note', { exact: true })).toBeVisible();
  await expect(notes.getByRole('heading', { name: 'Intake form' })).toHaveCount(0);

  // Someone who is not this provider's client.
  await page.goto('/clients/0190a6c4-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Client not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/clients/imported/');
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a session note and a client note in German at 375 px', async ({
    page,
    createUser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const { bookingId, clientId } = await providerWithBooking(request, provider, 'Greta');
    await request.dispose();

    await signIn(page, provider.email, provider.password, `/appointments/${bookingId}`);
    await chooseLanguage(page, 'de');
    const session = page.getByRole('region', { name: 'Sitzungsnotizen' });
    await session.getByRole('button', { name: 'Sitzungsnotiz hinzufügen' }).click();
    const add = page.getByRole('dialog', { name: 'Sitzungsnotiz hinzufügen' });
    await add.getByRole('button', { name: 'Sitzungsnotiz schreiben' }).click();
    await add.getByRole('button', { name: 'Notiz hinzufügen' }).click();
    await expect(add.getByText('Der Titel der Notiz ist erforderlich')).toBeVisible();
    await expect(add.getByText('Bitte schreibe deine Notiz')).toBeVisible();
    await expectNoA11yViolations(page, 'note modal (de, 375)');
    await add.getByLabel('Titel der Notiz').fill('Erstgespräch');
    await add.getByLabel('Notiz', { exact: true }).fill('Greta möchte besser schlafen.');
    await add.getByRole('button', { name: 'Notiz hinzufügen' }).click();
    await expect(page.getByRole('dialog', { name: 'Notiz hinzugefügt' }).getByRole('status')).toHaveText(
      'Notiz erfolgreich hinzugefügt',
    );
    await page.getByRole('button', { name: 'Fertig' }).click();
    await expect(session.getByRole('heading', { name: 'Erstgespräch' })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'booking page with a session note (de, 375)');

    await page.goto(`/clients/${clientId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Greta Client' })).toBeVisible();
    const notes = page.getByRole('region', { name: 'Notizen' });
    await notes.getByRole('button', { name: 'Klient*innen-Notiz hinzufügen' }).click();
    const addClient = page.getByRole('dialog', { name: 'Klient*innen-Notiz hinzufügen' });
    await addClient.getByLabel('Datei hochladen').setInputFiles(pdf('aufnahmebogen.pdf'));
    await addClient.getByLabel('Titel der Notiz').fill('Aufnahmebogen');
    await expectNoA11yViolations(page, 'client note with a file (de, 375)');
    await addClient.getByRole('button', { name: 'Notiz hinzufügen' }).click();
    await expect(page.getByRole('dialog', { name: 'Notiz hinzugefügt' }).getByRole('status')).toHaveText(
      'Notiz erfolgreich hinzugefügt',
    );
    await page.getByRole('button', { name: 'Fertig' }).click();
    await expect(notes.getByText('2 Notizen')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'client page (de, 375)');
    await page.screenshot({ path: testInfo.outputPath('client-page-de-375.png'), fullPage: true });
  });
});
