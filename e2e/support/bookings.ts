import type { APIRequestContext } from '@playwright/test';
import { expect, type CreatedUser, type Page } from './fixtures.ts';
import { PASSWORD, signUpHeaders, uniqueEmail } from './data.ts';
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
      ethnicityIdentifier: (await all('ethnicity'))[0],
      gender: (await list(request, '/reference/gender'))[0]!.code,
      disciplineIdentifier: null,
      therapies: [(await all('therapy-category'))[0]],
      modalities: await all('modality'),
      specialities: [(await all('speciality'))[0]],
    },
  });
  expect(setup.ok(), `setup: ${await setup.text()}`).toBe(true);
  const fee = await request.post('/api/v1/provider/booking-fee/general', {
    headers,
    data: { fee: FEE_MINOR, isFree: false },
  });
  expect(fee.ok(), `fee: ${await fee.text()}`).toBe(true);
  return providerId;
}

/** A client registered in Great Britain (a GBP wallet). */
export async function clientInGb(
  request: APIRequestContext,
  firstName = 'Ada',
): Promise<{ email: string; password: string; firstName: string }> {
  const gb = (await list(request, '/region/country')).find((c) => c.code === 'GB')!;
  const email = uniqueEmail('client');
  const res = await request.post('/api/v1/user/register', {
    data: {
      userType: 'client',
      firstName,
      lastName: 'Client',
      email,
      confirmEmail: email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      countryIdentifier: gb.identifier,
    },
    headers: signUpHeaders(),
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password: PASSWORD, firstName };
}

/** Picks `date` and its `index`-th free time in the slot picker on the page (or in its open dialog), in en or de. */
export async function pickSlot(page: Page, date: string, index = 0, locale: 'en' | 'de' = 'en'): Promise<void> {
  // The page's calendar picks the nearest free day on load; a dialog's (edit mode) waits for a choice.
  await expect(page.locator('[data-day]:not([data-outside]) button:enabled').first()).toBeVisible();
  if (locale === 'en') await showMonthOf(page, date);
  for (let i = 0; locale === 'de' && i < 4 && !(await dayButton(page, date).isVisible()); i += 1) {
    await page.getByRole('button', { name: /nächsten Monat/i }).click();
  }
  await dayButton(page, date).click();
  const times =
    locale === 'en'
      ? page.getByRole('list', { name: `Free times on ${longDate(date)}` })
      : page.getByRole('list', { name: /^Freie Zeiten am / });
  await times.getByRole('button').nth(index).click();
}

export const daysAhead = (days: number) => addDays(todayIn('UTC'), days);

type Headers = { authorization: string };

/** Credits the user's wallet through a sandbox card top-up (the checkout's Pay), and waits until it is credited. */
export async function fundWallet(request: APIRequestContext, headers: Headers, amountMinor: number): Promise<void> {
  const before = (
    (await (await request.get('/api/v1/wallet/balance', { headers })).json()) as { data: { balance: number } }
  ).data.balance;
  const topup = await request.post('/api/v1/payment/wallet', {
    headers: { ...headers, 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: { amount: amountMinor },
  });
  expect(topup.status(), await topup.text()).toBe(201);
  const reference = ((await topup.json()) as { data: { payment: { reference: string } } }).data.payment.reference;
  const paid = await request.post(`/api/v1/payment/sandbox/checkout/${encodeURIComponent(reference)}/pay`, {
    maxRedirects: 0,
  });
  expect([200, 303]).toContain(paid.status());
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/v1/wallet/balance', { headers })).json()) as { data: { balance: number } })
          .data.balance,
      { timeout: 15_000 },
    )
    .toBe(before + amountMinor);
}

/** The signed identifier of the provider's free time starting at the `index`-th slot of `date`. */
export async function slotOn(
  request: APIRequestContext,
  providerId: string,
  date: string,
  index = 0,
): Promise<{ identifier: string; startTime: string }> {
  const res = await request.get(`/api/v1/providers-availability/${providerId}/timeslot/${date}?timezone=UTC`);
  expect(res.ok(), await res.text()).toBe(true);
  const items = (
    (await res.json()) as { data: { items: Array<{ timeSlot: Array<{ identifier: string; startTime: string }> }> } }
  ).data.items;
  const slot = items.flatMap((i) => i.timeSlot)[index];
  if (!slot) throw new Error(`no slot ${index} on ${date}`);
  return slot;
}

/** A client's paid booking through the API (the booking journey does the same in the browser). */
export async function paidBooking(
  request: APIRequestContext,
  headers: Headers,
  providerId: string,
  date: string,
  index = 0,
): Promise<string> {
  const modality = (await list(request, '/reference/modality')).find((m) => m.code === 'online')!.identifier;
  const therapy = (await list(request, '/reference/therapy-category'))[0]!.identifier;
  const slot = await slotOn(request, providerId, date, index);
  const made = await request.post('/api/v1/booking', {
    headers,
    data: { modalityIdentifier: modality, therapyIdentifier: therapy, timeslotIdentifier: slot.identifier },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { data: { identifier: string } }).data.identifier;
  const pay = await request.post(`/api/v1/booking/${id}/pay`, {
    headers: { ...headers, 'idempotency-key': `e2e-pay-${id}` },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  return id;
}

/** A bookable provider with one paid booking of a new client in Great Britain: the booking, the client and their id. */
export async function providerWithBooking(request: APIRequestContext, provider: CreatedUser, firstName: string) {
  const providerId = await bookableProvider(request, provider);
  const client = await clientInGb(request, firstName);
  const clientApi = await signInApi(request, client);
  await fundWallet(request, clientApi.headers, FEE_MINOR);
  const bookingId = await paidBooking(request, clientApi.headers, providerId, daysAhead(5));
  return { bookingId, clientId: clientApi.id, client };
}

/**
 * A bookable provider who approves each request, and a new funded client in Great Britain who asked her for the
 * first time in five days (online, the first therapy): the request mails the provider. Both users signed in through
 * the API, the request's id.
 */
export async function providerWithRequest(request: APIRequestContext, provider: CreatedUser, firstName: string) {
  const providerId = await bookableProvider(request, provider);
  const providerApi = await signInApi(request, provider);
  const approval = await request.put('/api/v1/appointment/settings', {
    headers: providerApi.headers,
    data: { requiresApproval: true },
  });
  expect(approval.ok(), await approval.text()).toBe(true);
  const client = await clientInGb(request, firstName);
  const clientApi = await signInApi(request, client);
  await fundWallet(request, clientApi.headers, FEE_MINOR);
  const asked = await request.post('/api/v1/booking', {
    headers: clientApi.headers,
    data: {
      modalityIdentifier: (await list(request, '/reference/modality')).find((m) => m.code === 'online')!.identifier,
      therapyIdentifier: (await list(request, '/reference/therapy-category'))[0]!.identifier,
      timeslotIdentifier: (await slotOn(request, providerId, daysAhead(5), 0)).identifier,
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const bookingId = ((await asked.json()) as { data: { identifier: string } }).data.identifier;
  return { providerId, providerApi, client, clientApi, bookingId };
}
