import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { bookableProvider, daysAhead, pickSlot, signInApi } from '../support/bookings.ts';
import { PASSWORD, signUpHeaders, uniqueEmail } from '../support/data.ts';
import { linkIn, mailbox } from '../support/mailbox.ts';
import { secondBrowser } from '../support/second-browser.ts';

/**
 * Issue 47, clients without accounts (decision 0053): a therapist imports a client by CSV (the good rows of a file
 * with a bad one), opens the record, creates an appointment paid outside the platform, writes and signs a SOAP note, sends a
 * questionnaire that the client answers from the mailed one-time link without an account, then invites the client,
 * who joins and sees the appointment but never the note. Once more in German on a 375 px phone: edit the record.
 */
const PHONE = { width: 375, height: 800 };

test('a record from a CSV gets an outside-paid appointment, a note and a questionnaire; the client joins and sees only theirs', async ({
  page,
  a11y,
  createUser,
  playwright,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  await bookableProvider(request, provider);
  const mara = uniqueEmail('mara');

  // CSV: one good row, one bad; the good one is imported, the bad one left out.
  await signIn(page, provider.email, provider.password, '/clients/imported/csv');
  const file = ['firstName;lastName;email;phoneNumber', `Mara;Stein;${mara};`, 'Tom;Ray;not-an-email;', ''].join('\n');
  await page
    .getByLabel('Choose CSV file')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page.getByRole('heading', { name: 'Preview of clients.csv' })).toBeVisible();
  await a11y('csv preview with a bad row');
  await page.getByRole('button', { name: 'Import the 1 valid row' }).click();
  await expect(page.getByText('1 clients imported', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your clients' }).click();

  // The record's page: the details the provider entered, not invited yet.
  await page
    .getByRole('list', { name: 'Your clients' })
    .getByRole('link', { name: /Mara Stein/ })
    .click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  const recordId = new URL(page.url()).pathname.split('/').pop()!;
  const record = page.getByRole('region', { name: 'Client record' });
  await expect(record.getByText(mara)).toBeVisible();
  await expect(record.getByText('Not invited yet')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
  await a11y('client record page');

  // An appointment paid outside the platform.
  await page.goto('/appointments');
  await page.getByRole('button', { name: 'Create appointment' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create appointment' });
  await create.getByLabel('Client', { exact: true }).selectOption({ label: 'Mara Stein (no account yet)' });
  await create.getByLabel('Session type').selectOption({ index: 1 });
  await create.getByLabel('Therapy').selectOption({ index: 1 });
  await create.getByRole('radio', { name: /Paid outside the platform/ }).check();
  await a11y('create appointment for a record');
  await pickSlot(page, daysAhead(3));
  await create.getByRole('button', { name: 'Create appointment' }).click();
  const created = page.getByRole('dialog', { name: 'Appointment created' });
  await expect(
    created.getByText('The appointment with Mara Stein is confirmed and recorded as paid outside the platform.'),
  ).toBeVisible();
  await a11y('appointment for a record created');
  await created.getByRole('button', { name: 'Done' }).click();
  // The list names how it was paid, not a price of 0.00.
  await expect(page.getByText(/Mara Stein/).first()).toBeVisible();
  await expect(page.getByText(/Paid outside the platform/).first()).toBeVisible();

  // A client note on the record.
  await page.goto(`/clients/${recordId}`);
  await expect(page.getByRole('list', { name: 'Appointments' }).getByRole('link')).toHaveCount(1);
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByRole('button', { name: 'Add Client Note' }).click();
  const add = page.getByRole('dialog', { name: 'Add Client Note' });
  await add.getByRole('button', { name: 'Type Client Notes' }).click();
  await add.getByLabel('Note Title').fill('Intake call');
  // A SOAP note, signed and locked: a record for a client without an account, like any other.
  await add.getByLabel('Template').selectOption('soap');
  await add.getByLabel('Subjective').fill('Sleep has been poor since spring.');
  await add.getByLabel('Objective').fill('Tired, engaged.');
  await add.getByLabel('Plan').fill('Sleep diary for two weeks.');
  await add.getByRole('button', { name: 'Add Note' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(notes.getByRole('heading', { name: 'Intake call' })).toBeVisible();
  const intake = notes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Intake call' }) });
  await intake.getByRole('button', { name: 'Sign and lock note Intake call' }).click();
  await page
    .getByRole('dialog', { name: 'Sign and lock this note?' })
    .getByRole('button', { name: 'Sign and lock' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Note signed' }).getByRole('status')).toHaveText(
    'Note signed and locked',
  );
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(intake.getByText(/^Signed .* by /)).toBeVisible();
  await expect(intake.getByRole('button', { name: 'Edit note Intake call' })).toHaveCount(0);
  await a11y('signed SOAP note on the record');

  // A questionnaire by the one-time mailed link, answered without an account.
  const questionnaires = page.getByRole('region', { name: 'Questionnaires' });
  await questionnaires.getByRole('button', { name: 'Send questionnaire' }).click();
  await expect(page.getByText('Questionnaire sent', { exact: true }).first()).toBeVisible();
  const mail = await mailbox.waitFor(mara, /questionnaire/);
  const link = new URL(linkIn(mail));
  expect(link.pathname).toMatch(/^\/questionnaire\/[A-Za-z0-9_-]+$/);
  const guest = await secondBrowser(browser, baseURL!, PHONE);
  await guest.goto(link.pathname);
  await expect(guest.getByRole('heading', { level: 1, name: 'PHQ-9 (depression)' })).toBeVisible();
  await expectNoA11yViolations(guest, 'questionnaire by link, 375 px');
  for (const group of await guest.getByRole('group').all()) await group.getByRole('radio').first().check();
  await guest.getByRole('button', { name: 'Send my answers' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expectNoA11yViolations(guest, 'questionnaire answered');
  await guest.goto(link.pathname);
  await expect(guest.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expectNoA11yViolations(guest, 'questionnaire link used');
  await page.reload();
  await expect(questionnaires.getByText('Latest score: 0 (Minimal)')).toBeVisible();

  // The invitation; the person signs up and accepts it.
  await record.getByRole('button', { name: 'Send invitation' }).click();
  await expect(record.getByText('Invitation sent')).toBeVisible();
  const invitation = await mailbox.waitFor(mara, '/invitation/');
  const token = new URL(linkIn(invitation)).pathname.split('/').pop()!;
  const countries = (await (await request.get('/api/v1/region/country')).json()) as {
    data: Array<{ identifier: string; code: string }>;
  };
  const register = await request.post('/api/v1/user/register', {
    data: {
      userType: 'client',
      firstName: 'Mara',
      lastName: 'Stein',
      email: mara,
      confirmEmail: mara,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      countryIdentifier: countries.data.find((c) => c.code === 'GB')!.identifier,
    },
    headers: signUpHeaders(),
  });
  expect(register.status(), await register.text()).toBe(201);
  const verify = new URL(linkIn(await mailbox.waitFor(mara, 'Verify your email address')));
  const verified = await request.post('/api/v1/user/register/verify', {
    data: { token: verify.searchParams.get('token') },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const person = await signInApi(request, { email: mara, password: PASSWORD });
  const accepted = await request.post('/api/v1/clients/invitations/accept', {
    headers: person.headers,
    data: { token },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // Joined: she sees her appointment; the provider's note is not hers to read.
  await guest.context().clearCookies();
  await signIn(guest, mara, PASSWORD, '/appointments');
  await expect(guest.getByText(/Robin Provider/).first()).toBeVisible();
  await expect(guest.getByText(/Paid outside the platform/).first()).toBeVisible();
  const theirs = await request.get('/api/v1/booking', { headers: person.headers });
  expect(((await theirs.json()) as { data: unknown[] }).data).toHaveLength(1);
  const noteRead = await request.get(`/api/v1/note/client/${person.id}`, { headers: person.headers });
  expect([403, 404]).toContain(noteRead.status());
  await expect(guest.getByText('Intake call')).toHaveCount(0);
  await expectNoA11yViolations(guest, 'joined client appointments');
  await guest.screenshot({ path: testInfo.outputPath('joined-appointments-375.png'), fullPage: true });
  await request.dispose();
});

test('in German on a phone: the record is edited with the manual entry rules', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { headers } = await signInApi(request, provider);
  const added = await request.post('/api/v1/clients/import/manual', {
    headers,
    data: { firstName: 'Jonas', lastName: 'Weber', email: uniqueEmail('jonas') },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { identifier: string } }).data.identifier;
  await request.dispose();

  await signIn(page, provider.email, provider.password, `/clients/${id}`);
  await chooseLanguage(page, 'de');
  const record = page.getByRole('region', { name: 'Eintrag der Klient*in' });
  await expect(record.getByText('Noch nicht eingeladen')).toBeVisible();
  await a11y('client record (de, 375 px)');
  await expectNoHorizontalScroll(page, PHONE.width);
  await record.getByRole('button', { name: 'Angaben bearbeiten' }).click();
  await record.getByLabel('E-Mail-Adresse').fill('kein-email');
  await record.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(record.getByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeVisible();
  await a11y('client record edit with an error (de, 375 px)');
  await record.getByLabel('E-Mail-Adresse').fill(uniqueEmail('jonas.neu'));
  await record.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(record.getByText('Angaben der Klient*in gespeichert')).toBeVisible();
  await record.getByRole('button', { name: 'Klient*in löschen' }).click();
  await expect(record.getByText(/Jonas Weber und den Eintrag löschen/)).toBeVisible();
  await a11y('client record delete confirmation (de, 375 px)');
  await expectNoHorizontalScroll(page, PHONE.width);
  await page.screenshot({ path: testInfo.outputPath('client-record-de-375.png'), fullPage: true });
  await record.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(page).toHaveURL(/\/clients\/imported\/?$/);
});
