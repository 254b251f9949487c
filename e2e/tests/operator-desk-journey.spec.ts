import crypto from 'node:crypto';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { demoPdf } from '@therapy/api/db/seed/demo-credentials';
import { DEMO_OPERATOR, layoutSnapshot } from '../support/demo.ts';
import { expect, test, type CreatedUser, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, fillSignIn } from '../support/app.ts';
import { setVerification } from '../support/practice-desk.ts';

/**
 * Issue 45, the operator's desk, in English on a desktop and in German on a 375 px phone: the operator finds a
 * verified practice with pending changes (a new licence state and its licence) on the list of practices by search,
 * opens the desk, sees the state waiting with its licence, approves the changes after a confirmation and sees the
 * history grow; then suspends the listing with a reason and reinstates it, each after a confirmation.
 * The practice is set up through the API: a New York licence and insurance, submitted (the practice desk) and approved
 * by the operator through the API; then the provider claims California and uploads a Californian licence.
 */
const OPERATOR = DEMO_OPERATOR;

type Json = { data: Array<{ identifier: string; code: string }> };

async function bearer(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/v1/user/login', { data: { email, password } });
  expect(login.ok(), `login ${email}: ${login.status()}`).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/** A surname of letters only (the name rule), unique to this run, so a search by name finds exactly this practice. */
function uniqueSurname(): string {
  const letters = [...crypto.randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
  return `Desk${letters}`;
}

/** A verified practice (New York) whose provider then claims California with a Californian licence: changes pending. */
async function practiceWithPendingChanges(
  request: APIRequestContext,
  provider: CreatedUser,
  lastName: string,
): Promise<string> {
  const headers = await bearer(request, provider.email, provider.password);
  const list = async (path: string) => {
    const res = await request.get(`/api/v1${path}`);
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
    return ((await res.json()) as Json).data;
  };
  const ok = async (what: string, res: Awaited<ReturnType<APIRequestContext['post']>>) =>
    expect(res.ok(), `${what}: ${await res.text()}`).toBe(true);
  const us = (await list('/region/country')).find((c) => c.code === 'US')!;
  const states = await list('/region/country/code/US/states');
  const state = (code: string) => states.find((s) => s.code === code)!.identifier;
  const first = async (name: string) => (await list(`/reference/${name}`))[0]!.identifier;
  await ok(
    'profile',
    await request.post('/api/v1/provider/setup', {
      headers,
      data: {
        firstName: 'Marisol',
        lastName,
        phoneNumber: null,
        headline: 'Couples therapist',
        title: null,
        officeAddress: '12 Main Street, Brooklyn',
        bio: 'I help couples talk again, online and in Brooklyn.',
        zipCode: '11201',
        countryIdentifier: us.identifier,
        stateIdentifier: state('NY'),
        dob: null,
        religionIdentifier: null,
        ethnicityIdentifier: await first('ethnicity'),
        gender: (await list('/reference/gender'))[0]!.code,
        disciplineIdentifier: await first('discipline'),
        therapies: [await first('therapy-category')],
        modalities: [await first('modality')],
        specialities: [await first('speciality')],
      },
    }),
  );
  const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: demoPdf(name) });
  await ok(
    'fee',
    await request.post('/api/v1/provider/booking-fee/general', { headers, data: { fee: 9000, isFree: false } }),
  );
  await ok(
    'New York licence',
    await request.post('/api/v1/provider/qualification', {
      headers,
      multipart: {
        type: 'license',
        body: 'New York State Board',
        credentialNumber: 'LMHC-0451',
        stateIdentifier: state('NY'),
        expiresOn: '2030-06-30',
        files: file('new-york-licence.pdf'),
      },
    }),
  );
  await ok(
    'insurance',
    await request.post('/api/v1/provider/indemnity-insurance', {
      headers,
      multipart: { expiresOn: '2030-12-31', file: file('indemnity.pdf') },
    }),
  );
  await ok(
    'licence states',
    await request.post('/api/v1/provider/license-states', { headers, data: { stateIdentifiers: [state('NY')] } }),
  );
  await ok(
    'work history',
    await request.post('/api/v1/provider/experience', {
      headers,
      data: {
        companyName: 'Brooklyn Family Center',
        jobTitle: 'Couples therapist',
        startDate: '2018-09',
        endDate: null,
        currentlyWorksHere: true,
        description: 'Couples and family sessions, in person and online.',
      },
    }),
  );
  const providerId = await setVerification(provider.email, 'submitted');
  const operator = await bearer(request, OPERATOR.email, OPERATOR.password);
  await ok(
    'approval',
    await request.post(`/api/v1/operator/verifications/${providerId}/approve`, { headers: operator, data: {} }),
  );

  // After approval: California claimed, with a Californian licence. Both wait for an operator.
  await ok(
    'California claimed',
    await request.post('/api/v1/provider/license-states', {
      headers,
      data: { stateIdentifiers: [state('NY'), state('CA')] },
    }),
  );
  await ok(
    'California licence',
    await request.post('/api/v1/provider/qualification', {
      headers,
      multipart: {
        type: 'license',
        body: 'California Board of Psychology',
        credentialNumber: 'PSY-4711',
        stateIdentifier: state('CA'),
        expiresOn: '2031-01-31',
        files: file('california-licence.pdf'),
      },
    }),
  );
  return providerId;
}

/** At both widths, then back to the test's own viewport. */
async function snapshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await layoutSnapshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize(size);
}

test('an operator finds a practice with pending changes, approves them after a confirmation, then suspends and reinstates the listing', async ({
  page,
  a11y,
  createUser,
  mailbox,
  playwright,
  baseURL,
  browserErrors,
}, testInfo) => {
  test.setTimeout(150_000);
  const provider = await createUser('provider');
  const lastName = uniqueSurname();
  const request = await playwright.request.newContext({ baseURL });
  const providerId = await practiceWithPendingChanges(request, provider, lastName);
  await request.dispose();
  const name = `Marisol ${lastName}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await fillSignIn(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL(/\/operator\/reviews$/);
  const entry = page.getByRole('link', { name: new RegExp(provider.email.replace(/[.+]/g, '\\$&')) });
  await expect(entry.getByText('Changes', { exact: true })).toBeVisible();

  // The list of practices, from the header: search by name, then narrow to "Changes pending"; both in the address.
  await page.getByRole('banner').getByRole('link', { name: 'Practices', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All practices' })).toBeVisible();
  await page.getByLabel('Name or email').fill(lastName.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${lastName.toLowerCase()}$`));
  await expect(page.getByRole('status').filter({ hasText: /practices?$/ })).toHaveText('1 practice');
  await page.getByLabel('Standing').selectOption({ label: 'Changes pending' });
  await expect(page).toHaveURL(new RegExp(`\\?q=${lastName.toLowerCase()}&standing=changes_pending$`));
  const row = page.getByRole('link', { name: new RegExp(name) });
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row.getByText('Changes pending', { exact: true })).toBeVisible();
  await a11y('practices, searched');
  await snapshots(page, testInfo, 'practices-en');

  // The desk: California waits for review with its licence; New York is listed.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/operator/reviews/${providerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Document review' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  const california = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'California (CA)' }) });
  await expect(california.getByText('Not listed', { exact: true })).toBeVisible();
  await expect(california.getByText('Waiting for review')).toHaveCount(2);
  await expect(california.getByText('PSY-4711')).toBeVisible();
  await expect(california.getByText('California Board of Psychology')).toBeVisible();
  await expect(california.getByRole('button', { name: 'Preview california-licence.pdf' })).toBeVisible();
  const newYork = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'New York (NY)' }) });
  await expect(newYork.getByText('Listed', { exact: true })).toBeVisible();
  await expect(page.getByText('Couples therapist, Brooklyn Family Center')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fees' }).getByText('$90.00')).toBeVisible();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByText('Practice approved')).toBeVisible();
  await a11y('desk, changes pending');
  await snapshots(page, testInfo, 'desk-en');

  // Approve asks first, naming the practice and its changes.
  await page.getByRole('button', { name: 'Approve changes' }).click();
  const approve = page.getByRole('dialog', { name: `Approve the changes to the practice of ${name}?` });
  await expect(approve).toBeVisible();
  await a11y('desk, approve confirmation');
  await layoutSnapshot(page, testInfo, 'desk-en-approve-dialog', true);
  await approve.getByRole('button', { name: 'Yes, approve' }).click();
  await expectToast(page, 'Changes approved');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByText('Changes approved')).toBeVisible();
  await expect(california.getByText('Listed', { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing to decide: the practice is verified and has no pending changes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve changes' })).toHaveCount(0);

  // Suspend: a reason is required, then a confirmation.
  await page.getByRole('button', { name: 'Suspend listing…' }).click();
  await page.getByRole('button', { name: 'Suspend with this reason' }).click();
  await expect(page.getByText('A reason is required to suspend a listing')).toBeVisible();
  await page.getByLabel('Reason for the suspension').fill('A complaint is under investigation.');
  await page.getByRole('button', { name: 'Suspend with this reason' }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend the listing of ${name}?` });
  await expect(suspend.getByText('A complaint is under investigation.')).toBeVisible();
  await suspend.getByRole('button', { name: 'Yes, suspend' }).click();
  await expectToast(page, 'Listing suspended');
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(page.getByText('A complaint is under investigation.')).toHaveCount(2); // with the status, in the history
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await mailbox.waitFor(provider.email, 'Your listing is suspended');
  await a11y('desk, suspended');
  await snapshots(page, testInfo, 'desk-en-suspended');

  // Reinstate after a confirmation.
  await page.getByRole('button', { name: 'Reinstate listing' }).click();
  await page
    .getByRole('dialog', { name: `Reinstate the listing of ${name}?` })
    .getByRole('button', { name: 'Yes, reinstate' })
    .click();
  await expectToast(page, 'Listing reinstated');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Suspend listing…' })).toBeVisible();

  // Back returns to the list with its filters; the practice has no changes pending any more.
  await page.getByRole('link', { name: 'Back to the practices' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${lastName.toLowerCase()}&standing=changes_pending$`));
  await expect(page.getByRole('heading', { level: 2, name: 'No practice matches' })).toBeVisible();
  expect(browserErrors).toEqual([]);
});

test.describe('in German on a 375 px phone', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

  test('the operator finds the practice by email, approves its changes, suspends and reinstates the listing', async ({
    page,
    a11y,
    createUser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const provider = await createUser('provider');
    const lastName = uniqueSurname();
    const request = await playwright.request.newContext({ baseURL });
    await practiceWithPendingChanges(request, provider, lastName);
    await request.dispose();
    const name = `Marisol ${lastName}`;

    await page.goto('/login');
    await chooseLanguage(page, 'de');
    await page.getByLabel('E-Mail', { exact: true }).fill(OPERATOR.email);
    await page.getByLabel('Passwort', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Praxisprüfungen' })).toBeVisible();

    // On a phone the header's links are in the menu.
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('link', { name: 'Praxen', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alle Praxen' })).toBeVisible();
    await page.getByLabel('Name oder E-Mail').fill(provider.email);
    await page.getByLabel('Name oder E-Mail').press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /Praxis(en)?$/ })).toHaveText('1 Praxis');
    const row = page.getByRole('link', { name: new RegExp(name) });
    await expect(row.getByText('Offene Änderungen', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('practices (de, 375 px)');
    await snapshots(page, testInfo, 'practices-de');

    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dokumentenprüfung' })).toBeVisible();
    const california = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /\(CA\)$/ }) });
    await expect(california.getByText('Nicht gelistet', { exact: true })).toBeVisible();
    await expect(california.getByText('Wartet auf Prüfung')).toHaveCount(2);
    await expect(california.getByText('PSY-4711')).toBeVisible();
    const history = page.getByRole('list', { name: 'Verlauf' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('desk (de, 375 px)');
    await snapshots(page, testInfo, 'desk-de');

    await page.getByRole('button', { name: 'Änderungen freigeben' }).click();
    const approve = page.getByRole('dialog', { name: `Die Änderungen an der Praxis von ${name} freigeben?` });
    await expectNoHorizontalScroll(page, WIDTH);
    await layoutSnapshot(page, testInfo, 'desk-de-approve-dialog-375', true);
    await approve.getByRole('button', { name: 'Ja, freigeben' }).click();
    await expectToast(page, 'Änderungen freigegeben');
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByText('Änderungen freigegeben')).toBeVisible();
    await expect(
      page.getByText('Nichts zu entscheiden: Die Praxis ist verifiziert und hat keine offenen Änderungen.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Eintrag sperren…' }).click();
    await page.getByRole('button', { name: 'Mit diesem Grund sperren' }).click();
    await expect(page.getByText('Für eine Sperrung ist ein Grund erforderlich')).toBeVisible();
    await page.getByLabel('Grund für die Sperrung').fill('Eine Beschwerde wird geprüft.');
    await page.getByRole('button', { name: 'Mit diesem Grund sperren' }).click();
    await page
      .getByRole('dialog', { name: `Den Eintrag von ${name} sperren?` })
      .getByRole('button', { name: 'Ja, sperren' })
      .click();
    await expectToast(page, 'Eintrag gesperrt');
    await expect(page.getByText('Gesperrt', { exact: true })).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('desk, suspended (de, 375 px)');
    await snapshots(page, testInfo, 'desk-de-suspended');

    await page.getByRole('button', { name: 'Eintrag wieder freigeben' }).click();
    await page
      .getByRole('dialog', { name: `Den Eintrag von ${name} wieder freigeben?` })
      .getByRole('button', { name: 'Ja, wieder freigeben' })
      .click();
    await expectToast(page, 'Eintrag wieder freigegeben');
    await expect(page.getByText('Verifiziert', { exact: true })).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(4);
  });
});
