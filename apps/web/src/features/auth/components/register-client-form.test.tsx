import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { RegisterClientForm } from './register-client-form';

const germany = {
  identifier: '01890a5d-ac96-774b-bcce-b302099a8001',
  code: 'DE',
  name: 'Germany',
  currencyCode: 'EUR',
  isOperating: true,
};

async function setup() {
  const fetchMock = mockFetch([
    { path: '/api/v1/region/country', respond: () => jsonResponse({ data: [germany] }) },
    {
      method: 'POST',
      path: '/api/v1/user/register',
      // A taken address answers exactly like a new one (decision 0010).
      respond: () => jsonResponse({ message: 'Account created. Check your email to verify it' }, 201),
    },
    {
      method: 'POST',
      path: '/api/v1/user/login',
      respond: (init) => {
        const body = JSON.parse(String(init?.body)) as { email: string };
        if (body.email === 'taken@example.com')
          return jsonResponse(
            { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS', requestId: 'r' },
            401,
          );
        const user = {
          identifier: '01890a5d-ac96-774b-bcce-b302099a8057',
          email: body.email,
          userType: 'client',
          firstName: 'Ada',
          lastName: 'Lovelace',
          isSocial: false,
          emailVerified: false,
          accountActive: true,
          countryCode: 'DE',
          locale: 'en',
          timezone: null,
          createdAt: '2026-01-01T00:00:00Z',
        };
        return jsonResponse({ data: { accessToken: 'a', expiresIn: 900, user } });
      },
    },
  ]);
  const view = renderWithProviders(<RegisterClientForm />);
  // Wait until the country list is in, so the select is enabled.
  await screen.findByRole('option', { name: 'Germany' });
  return { ...view, fetchMock };
}

async function fillValid(
  user: ReturnType<typeof renderWithProviders>['user'],
  overrides: {
    confirmEmail?: string;
    phone?: string;
    country?: boolean;
    email?: string;
    firstName?: string;
    lastName?: string;
  } = {},
) {
  await user.type(screen.getByLabelText('First name'), overrides.firstName ?? 'Ada');
  await user.type(screen.getByLabelText('Last name'), overrides.lastName ?? 'Lovelace');
  await user.type(screen.getByLabelText('Email'), overrides.email ?? 'ada@example.com');
  await user.type(
    screen.getByLabelText('Confirm email'),
    overrides.confirmEmail ?? overrides.email ?? 'ada@example.com',
  );
  if (overrides.country !== false) await user.selectOptions(screen.getByLabelText('Country'), germany.identifier);
  if (overrides.phone) await user.type(screen.getByLabelText(/Phone number/), overrides.phone);
  await user.type(screen.getByLabelText('Password'), 'calm-river-42');
  await user.type(screen.getByLabelText('Confirm password'), 'calm-river-42');
  await user.click(screen.getByRole('checkbox'));
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('RegisterClientForm', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('shows "Emails must match" when the confirmation differs', async () => {
    const { user, fetchMock } = await setup();
    await fillValid(user, { confirmEmail: 'other@example.com' });
    await user.click(submit());
    expect(await screen.findByText('Emails must match')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/register'))).toBe(false);
  });

  it('shows "Country  is required" (two spaces) when no country is chosen', async () => {
    const { user } = await setup();
    await fillValid(user, { country: false });
    await user.click(submit());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('Country  is required');
  });

  it('shows the phone length messages', async () => {
    const { user } = await setup();
    await fillValid(user, { phone: '123456789' });
    await user.click(submit());
    expect(await screen.findByText('Number must be at least 10 digits')).toBeTruthy();

    const phone = screen.getByLabelText(/Phone number/);
    await user.clear(phone);
    await user.type(phone, '12345678901234');
    expect(await screen.findByText('Number must not exceed 13 digits')).toBeTruthy();
  });

  it('posts the contract shape with userType client, leaving out an empty phone, signs in and goes to /verify-email/pending', async () => {
    const { user, fetchMock, router } = await setup();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email/pending'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/register'));
    const body = JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      userType: 'client',
      email: 'ada@example.com',
      countryIdentifier: germany.identifier,
      acceptTerms: true,
    });
    expect('phoneNumber' in body).toBe(false);
    const login = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/login'));
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ email: 'ada@example.com', password: 'calm-river-42' });
  });

  it('takes names with combining marks without an error and sends them composed (NFC)', async () => {
    const { user, fetchMock, router } = await setup();
    await fillValid(user, { firstName: 'प्रिया', lastName: 'Jose\u0301' });
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email/pending'));
    expect(screen.queryByText(/Name must start with a letter/)).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/register'));
    const body = JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'प्रिया', lastName: 'Jos\u00e9' });
  });

  it.each([
    ['Siobhán', "O'Connor-Müller", '+49 170 5551234', '+491705551234'],
    ['Chidi', 'Okonkwo-Brandt', '+1 (212) 555-0142', '+12125550142'],
    ['Seán', 'O\u2019Brien', '0170 5551234', '0170 5551234'],
  ])('takes %s %s with %j and sends the number as E.164 (national as written)', async (first, last, phone, sent) => {
    const { user, fetchMock } = await setup();
    await fillValid(user, { firstName: first, lastName: last, phone });
    await user.click(submit());
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/user/register'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/register'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ firstName: first, lastName: last, phoneNumber: sent });
  });

  it.each([['R2D2'], ['<script>']])('refuses the name %j', async (lastName) => {
    const { user, fetchMock } = await setup();
    await fillValid(user, { lastName });
    await user.click(submit());
    expect(
      await screen.findByText(
        'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/register'))).toBe(false);
  });

  it('shows the name message for a right-to-left override', async () => {
    const { user, fetchMock } = await setup();
    await fillValid(user, { lastName: 'Ada\u202Eevil' });
    await user.click(submit());
    expect(
      await screen.findByText(
        'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/register'))).toBe(false);
  });

  it('when the sign-in after sign-up fails (the address was taken), says a mail was sent, with a link to sign in', async () => {
    const { user, router } = await setup();
    await fillValid(user, { email: 'taken@example.com' });
    await user.click(submit());
    expect(await screen.findByText('We have sent an email to taken@example.com. Follow it to go on.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(router.state.location.pathname).toBe('/');
  });
});
