import type { APIRequestContext } from '@playwright/test';
import { expect, type CreatedUser, type Page } from './fixtures.ts';
import { PASSWORD, uniqueEmail } from './data.ts';
import { addDays, dayButton, longDate, setUpProviderPlan, showMonthOf, todayIn } from './availability.ts';

/**
 * Issue 15 journeys' set-up through the API (each step has a journey of its own elsewhere): a verified provider in
 * Great Britain who offers every therapy and modality for £65 on every day 09:00-17:00 London time, and clients in
 * Great Britain (GBP wallets, so no US licence rule).
 */
export const ZONE = 'Europe/London';
export const FEE_MINOR = 6500;

async function list(request: APIRequestContext, path: string): Promise<Array<{ identifier: string; code: string }>> {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: Array<{ identifier: string; code: string }> }).data;
}

export async function signInApi(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post('/api/v1/user/login', { data: { email: who.email, password: who.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { data } = (await login.json()) as { data: { accessToken: string; user: { identifier: string } } };
  return { headers: { authorization: `Bearer ${data.accessToken}` }, id: data.user.identifier };
}

export async function bookableProvider(request: APIRequestContext, provider: CreatedUser): Promise<string> {
  const day: Array<[string, string]> = [['09:00', '17:00']];
  const providerId = await setUpProviderPlan(request, provider, {
    timezone: ZONE,
    week: { MONDAY: day, TUESDAY: day, WEDNESDAY: day, THURSDAY: day, FRIDAY: day, SATURDAY: day, SUNDAY: day },
  });
  const { headers } = await signInApi(request, provider);
  const gb = (await list(request, '/region/country')).find((c) => c.code === 'GB')!;
  const all = async (name: string) => (await list(request, `/reference/${name}`)).map((i) => i.identifier);
  const setup = await request.post('/api/v1/provider/setup', {
    headers,
    data: {
      firstName: 'Robin', lastName: 'Provider', phoneNumber: null, headline: null, title: null, officeAddress: '1 High Street, Oxford', bio: null,
      zipCode: null, countryIdentifier: gb.identifier, stateIdentifier: (await list(request, '/region/country/code/GB/states'))[0]!.identifier,
      dob: null, religionIdentifier: null, ethnicityIdentifier: (await all('ethnicity'))[0], gender: (await list(request, '/reference/gender'))[0]!.code,
      disciplineIdentifier: null, therapies: [(await all('therapy-category'))[0]], modalities: await all('modality'), specialities: [(await all('speciality'))[0]],
    },
  });
  expect(setup.ok(), `setup: ${await setup.text()}`).toBe(true);
  const fee = await request.post('/api/v1/provider/booking-fee/general', { headers, data: { fee: FEE_MINOR, isFree: false } });
  expect(fee.ok(), `fee: ${await fee.text()}`).toBe(true);
  return providerId;
}

/** A client registered in Great Britain (a GBP wallet). */
export async function clientInGb(request: APIRequestContext, firstName = 'Ada'): Promise<{ email: string; password: string; firstName: string }> {
  const gb = (await list(request, '/region/country')).find((c) => c.code === 'GB')!;
  const email = uniqueEmail('client');
  const res = await request.post('/api/v1/user/register', {
    data: { userType: 'client', firstName, lastName: 'Client', email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, countryIdentifier: gb.identifier },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password: PASSWORD, firstName };
}

/** Picks `date` and its `index`-th free time in the slot picker on the page (or in its open dialog). */
export async function pickSlot(page: Page, date: string, index = 0): Promise<void> {
  // The page's calendar picks the nearest free day on load; a dialog's (edit mode) waits for a choice.
  await expect(page.locator('[data-day]:not([data-outside]) button:enabled').first()).toBeVisible();
  await showMonthOf(page, date);
  await dayButton(page, date).click();
  await page.getByRole('list', { name: `Free times on ${longDate(date)}` }).getByRole('button').nth(index).click();
}

export const daysAhead = (days: number) => addDays(todayIn('UTC'), days);
