import type { APIRequestContext } from '@playwright/test';
import { demoPdf } from '@therapy/api/db/seed/demo-credentials';
import { expect, test, type CreatedUser, type Page } from '../support/fixtures.ts';
import { expectToast, fillSignIn, signIn } from '../support/app.ts';
import { addDays, dayButton, longDate, setUpProviderPlan, showMonthOf, todayIn } from '../support/availability.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';

/**
 * Issue 14 end to end: a provider whose seven set-up steps are done (each step's own page has its own journey:
 * credentials.spec, practice-details.spec, bank-details.spec, availability-provider.spec, profile-provider-setup.spec;
 * here they are filled in through the API) sees the complete checklist, submits the practice in the browser; the
 * demo operator approves it in the browser; only then does the provider's public page offer slots.
 */
const OPERATOR = { email: 'operator@demo.therapy.local', password: 'SteadyLantern#2026' };
const ZONE = 'Europe/London';

async function list(request: APIRequestContext, path: string): Promise<Array<{ identifier: string; code: string }>> {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: Array<{ identifier: string; code: string }> }).data;
}

/** Every step of the checklist through the API, as the provider. */
async function completeEveryStep(request: APIRequestContext, provider: CreatedUser): Promise<string> {
  // Availability first: it signs in and returns the provider's id (Monday to Friday, 09:00-17:00 in London).
  const nineToFive: Array<[string, string]> = [['09:00', '17:00']];
  const providerId = await setUpProviderPlan(request, provider, {
    timezone: ZONE,
    week: {
      MONDAY: nineToFive,
      TUESDAY: nineToFive,
      WEDNESDAY: nineToFive,
      THURSDAY: nineToFive,
      FRIDAY: nineToFive,
      SATURDAY: nineToFive,
      SUNDAY: nineToFive,
    },
  });
  const login = await request.post('/api/v1/user/login', {
    data: { email: provider.email, password: provider.password },
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}`,
  };
  const ok = async (what: string, res: Awaited<ReturnType<APIRequestContext['post']>>) =>
    expect(res.ok(), `${what}: ${await res.text()}`).toBe(true);

  const gb = (await list(request, '/region/country')).find((c) => c.code === 'GB')!;
  const first = async (name: string) => (await list(request, `/reference/${name}`))[0]!.identifier;
  await ok(
    'profile',
    await request.post('/api/v1/provider/setup', {
      headers,
      data: {
        firstName: 'Robin',
        lastName: 'Provider',
        phoneNumber: null,
        headline: null,
        title: null,
        officeAddress: '1 High Street, Oxford',
        bio: null,
        zipCode: null,
        countryIdentifier: gb.identifier,
        stateIdentifier: (await list(request, '/region/country/code/GB/states'))[0]!.identifier,
        dob: null,
        religionIdentifier: null,
        ethnicityIdentifier: await first('ethnicity'),
        gender: (await list(request, '/reference/gender'))[0]!.code,
        disciplineIdentifier: null,
        therapies: [await first('therapy-category')],
        modalities: [await first('modality')],
        specialities: [await first('speciality')],
      },
    }),
  );
  const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: demoPdf(name) });
  await ok(
    'licence',
    await request.post('/api/v1/provider/qualification', {
      headers,
      multipart: {
        type: 'license',
        body: 'Health and Care Professions Council',
        credentialNumber: 'PYL-04512',
        files: file('licence.pdf'),
      },
    }),
  );
  await ok(
    'insurance',
    await request.post('/api/v1/provider/indemnity-insurance', { headers, multipart: { file: file('indemnity.pdf') } }),
  );
  await ok(
    'fee',
    await request.post('/api/v1/provider/booking-fee/general', { headers, data: { fee: 6500, isFree: false } }),
  );
  const newYork = (await list(request, '/region/country/code/US/states')).find((s) => s.code === 'NY')!;
  await ok(
    'licence states',
    await request.post('/api/v1/provider/license-states', {
      headers,
      data: { stateIdentifiers: [newYork.identifier] },
    }),
  );
  await ok(
    'bank details',
    await request.put('/api/v1/provider/bank-details', {
      headers,
      data: {
        form: 'gb',
        accountName: 'Robin Provider',
        bankCode: '204514',
        bankName: 'Barclays Bank',
        accountNumber: '41234567',
        address: '1 High Street, Oxford',
        postalCode: 'OX1 4AA',
        accountType: 'checking',
        accountOwnership: 'personal',
        dateOfBirth: '1980-04-12',
      },
    }),
  );
  return providerId;
}

/** The public page's free times on the day after tomorrow (past the minimum notice), as a signed-out visitor sees them. */
async function publicSlots(page: Page, providerId: string) {
  const day = addDays(todayIn(ZONE), 2);
  await page.goto(`/therapists/${providerId}/`);
  // The nearest bookable date is chosen on load; wait for it before moving the calendar.
  await expect(page.getByRole('list', { name: /^Free times on / })).toBeVisible();
  await showMonthOf(page, day);
  await dayButton(page, day).click();
  return page.getByRole('list', { name: `Free times on ${longDate(day)}` }).getByRole('button');
}

test('a provider with every step done submits the practice, an operator approves it, and the public page then offers slots', async ({
  page,
  a11y,
  createUser,
  mailbox,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const provider = await createUser('provider');
  const request = await playwright.request.newContext({ baseURL });
  const providerId = await completeEveryStep(request, provider);
  await request.dispose();

  // Not verified yet: the calendar has its dates but offers no time.
  const visitor = await browser.newContext({ baseURL });
  await visitor.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const visitorPage = await visitor.newPage();
  // (The calendar looks ahead month by month for a free day and stops at the horizon with none.)
  await visitorPage.goto(`/therapists/${providerId}/`);
  await expect(visitorPage.getByRole('button', { name: 'Go to the Next Month' })).toBeDisabled();
  await expect(visitorPage.locator('[data-day]:not([data-outside]) button:enabled')).toHaveCount(0);

  await signIn(page, provider.email, provider.password, '/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice' })).toBeVisible();
  await expect(page.getByText('7 of 7 steps complete')).toBeVisible();
  await expect(page.getByText('Not submitted', { exact: true })).toBeVisible();
  await a11y('practice hub, complete');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await page.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
  await a11y('practice hub, under review');

  // The operator, in a browser of their own, finds the practice in the queue, opens the licence and approves.
  const desk = await browser.newContext({ baseURL });
  await desk.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const operator = await desk.newPage();
  await operator.goto('/login');
  await operator.locator('html[data-ready]').waitFor({ state: 'attached' });
  await fillSignIn(operator, OPERATOR.email, OPERATOR.password);
  await expect(operator).toHaveURL(/\/operator\/reviews$/);
  await operator.getByRole('link', { name: new RegExp(provider.email.replace(/[.+]/g, '\\$&')) }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Document review' })).toBeVisible();
  await operator.getByRole('button', { name: 'Preview licence.pdf' }).click();
  await expect(operator.getByRole('dialog', { name: 'licence.pdf' }).locator('iframe')).toBeVisible();
  await expectNoA11yViolations(operator, 'document review with the preview open');
  await operator.keyboard.press('Escape');
  await operator.getByRole('button', { name: 'Approve' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'Yes, approve' }).click();
  await expectToast(operator, 'Practice approved');
  await desk.close();

  await mailbox.waitFor(provider.email, 'Your practice is verified');
  await page.reload();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Verified: the same public page now offers the day's times (a new visitor: the calendar remembers its month).
  await visitor.close();
  const client = await browser.newContext({ baseURL });
  await client.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const clientPage = await client.newPage();
  await expect(await publicSlots(clientPage, providerId)).toHaveCount(8);
  await client.close();
});
