import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll } from '../support/app.ts';
import { signInApi } from '../support/bookings.ts';
import { PASSWORD, uniqueEmail } from '../support/data.ts';
import { setVerification } from '../support/practice-desk.ts';

/**
 * Issue 47: the names and numbers of real people pass sign-up and come back as written; a therapist with a licence
 * "LMHC 012345" and a 40-character headline has a public page with work history, education, session formats and
 * office address.
 */
const HEADLINE = 'Trauma-informed therapy for adults (CBT)';

async function list(request: APIRequestContext, path: string) {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: Array<{ identifier: string; code: string }> }).data;
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A provider in Germany with her practice, work history, licence and education, verified by the desk. */
async function listedPractice(request: APIRequestContext, provider: { email: string; password: string }) {
  const { headers, id } = await signInApi(request, provider);
  const de = (await list(request, '/region/country')).find((c) => c.code === 'DE')!;
  const all = async (name: string) => (await list(request, `/reference/${name}`)).map((i) => i.identifier);
  const setup = await request.post('/api/v1/provider/setup', {
    headers,
    data: {
      firstName: 'Siobhán',
      lastName: "O'Connor-Müller",
      phoneNumber: '0170 5551234',
      headline: HEADLINE,
      title: null,
      officeAddress: 'Lindenstraße 12, 10969 Berlin',
      bio: 'Ich arbeite mit Erwachsenen.',
      zipCode: null,
      countryIdentifier: de.identifier,
      stateIdentifier: (await list(request, '/region/country/code/DE/states'))[0]!.identifier,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: (await all('ethnicity'))[0],
      gender: (await list(request, '/reference/gender'))[0]!.code,
      disciplineIdentifier: null,
      therapies: [(await all('therapy-category'))[0]],
      modalities: await all('modality'),
      specialities: [(await all('speciality'))[0]],
    },
  });
  expect(setup.ok(), `setup: ${await setup.text()}`).toBe(true);
  const job = await request.post('/api/v1/provider/experience', {
    headers,
    data: {
      companyName: 'Praxis am Park',
      jobTitle: 'Psychotherapeutin',
      startDate: '2016-04',
      endDate: null,
      currentlyWorksHere: true,
      description: 'Einzel- und Paartherapie.',
    },
  });
  expect(job.status(), await job.text()).toBe(201);
  const file = { name: 'document.pdf', mimeType: 'application/pdf', buffer: pdf };
  const documents: Array<Record<string, string>> = [
    { type: 'license', body: 'New York State Board', credentialNumber: 'LMHC 012345' },
    { type: 'education', title: 'MSc Clinical Psychology' },
  ];
  for (const fields of documents) {
    const res = await request.post('/api/v1/provider/qualification', {
      headers,
      multipart: { ...fields, files: file },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await setVerification(provider.email, 'approved');
  return id;
}

test('a client "Siobhán O\'Connor-Müller" signs up with "+49 170 5551234" and sees it back as written', async ({
  page,
  a11y,
}) => {
  const email = uniqueEmail('siobhan');
  await page.goto('/register/client');
  await page.getByLabel('First name').fill('Siobhán');
  await page.getByLabel('Last name').fill("O'Connor-Müller");
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  const country = page.getByLabel('Country');
  await expect(country).toBeEnabled();
  await country.selectOption({ label: 'Germany' });
  await page.getByLabel(/Phone number/).fill('+49 170 5551234');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await a11y('sign-up with a real name and number');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email\/pending$/);
  await page.getByRole('button', { name: 'Do later' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Siobhán' })).toBeVisible();

  await page.goto('/account?section=details');
  await expect(page.getByLabel(/First name/)).toHaveValue('Siobhán');
  await expect(page.getByLabel(/Last name/)).toHaveValue("O'Connor-Müller");
  await expect(page.getByLabel(/Phone number/)).toHaveValue('+49 170 5551234');
  await a11y('personal details with the number as written');
});

test('a therapist with licence "LMHC 012345" and a 40-character headline: her public page shows her practice', async ({
  page,
  a11y,
  createUser,
  request,
}) => {
  const provider = await createUser('provider');
  const providerId = await listedPractice(request, provider);

  await page.goto(`/therapists/${providerId}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Siobhán O'Connor-Müller/ })).toBeVisible();
  await expect(page.getByText(HEADLINE)).toBeVisible();
  const about = page.getByRole('region', { name: 'About' });
  await expect(about.getByText('Session formats')).toBeVisible();
  await expect(about.getByText('Lindenstraße 12, 10969 Berlin')).toBeVisible();
  await expect(about.getByRole('heading', { name: 'Education' })).toBeVisible();
  await expect(about.getByText('MSc Clinical Psychology')).toBeVisible();
  await expect(about.getByRole('heading', { name: 'Work history' })).toBeVisible();
  await expect(about.getByText('Psychotherapeutin, Praxis am Park')).toBeVisible();
  await expect(about.getByText(/April 2016 – today/)).toBeVisible();
  await a11y('public page with work history, education, formats and office (en)');

  // The same page in German on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await chooseLanguage(page, 'de');
  const über = page.getByRole('region', { name: 'Profil' });
  await expect(über.getByText('Sitzungsformen')).toBeVisible();
  await expect(über.getByRole('heading', { name: 'Berufserfahrung' })).toBeVisible();
  await expect(über.getByText(/April 2016 – heute/)).toBeVisible();
  await expectNoHorizontalScroll(page, 375);
  await a11y('public page (de, 375 px)');
});
