import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterClientForm } from '@/features/auth/components/register-client-form';
import { RegisterProviderForm } from '@/features/auth/components/register-provider-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { PracticeForm } from '@/features/practice/components/practice-form';
import { ClientProfileForm } from '@/features/profile/components/client-profile-form';
import { referenceRoutes, uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';

// Issue 11: an all-wrong form shows every message at once (cross-field checks included) and focuses the first field.
const germany = {
  identifier: uuid(1),
  code: 'DE',
  name: 'Germany',
  currencyCode: 'EUR',
  isOperating: true,
};
const alerts = () => screen.getAllByRole('alert').map((a) => a.textContent);
const expectAll = async (texts: string[], first: string | RegExp) => {
  await waitFor(() => expect(alerts()).toEqual(expect.arrayContaining(texts)));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(first)));
};

describe('every form shows every error at once and focuses the first invalid field', () => {
  it('client sign-up', async () => {
    mockFetch([
      {
        path: '/api/v1/region/country',
        respond: () => jsonResponse({ data: [germany] }),
      },
    ]);
    const { user } = renderWithProviders(<RegisterClientForm />);
    await screen.findByRole('option', { name: 'Germany' });
    await user.type(screen.getByLabelText('Confirm email'), 'other@example.com');
    await user.type(screen.getByLabelText(/Phone number/), 'abcdefghijk');
    await user.type(screen.getByLabelText('Password'), 'ab1');
    await user.type(screen.getByLabelText('Confirm password'), 'ab2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectAll(
      [
        'Name is required',
        'Email is required',
        'Emails must match',
        'Country  is required',
        'Number may contain only digits, spaces, a leading + and ( ) - . /',
        'Password must be at least 8 characters',
        'Passwords must match',
        'You must accept the terms and conditions',
      ],
      'First name',
    );
  });

  it('provider sign-up', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(<RegisterProviderForm />);
    await user.type(screen.getByLabelText('Password'), 'ab1');
    await user.type(screen.getByLabelText('Confirm password'), 'ab2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectAll(
      [
        'Name is required',
        'Email is required',
        'Number must be at least 10 digits',
        'Password must be at least 8 characters',
        'Passwords must match',
        'You must accept the terms and conditions',
      ],
      'First name',
    );
  });

  it('login', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAll(['Email is required', 'Password is required'], 'Email');
  });

  it('reset password', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(<ResetPasswordForm token="t" />);
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await expectAll(['Password is required', 'Password must match'], 'New password');
  });

  it('change password', async () => {
    mockFetch([]);
    const { user } = renderWithProviders(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('New password'), 'ab1');
    await user.type(screen.getByLabelText('Confirm new password'), 'ab2');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await expectAll(
      ['Password is required', 'Password must be at least 8 characters', 'Passwords must match'],
      'Current password',
    );
  });

  it('client profile', async () => {
    mockFetch(referenceRoutes);
    const profile = {
      identifier: uuid(9),
      firstName: null,
      lastName: null,
      userName: null,
      email: 'r@example.com',
      photoUrl: null,
      avatarIdentifier: null,
      countryIdentifier: null,
      stateIdentifier: null,
      zipCode: null,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: null,
      timezone: null,
      phoneNumber: null,
    };
    const { user } = renderWithProviders(<ClientProfileForm profile={profile} />);
    await user.type(screen.getByLabelText(/First name/), 'R2');
    await user.type(screen.getByLabelText(/Zip code/), '12');
    await user.type(screen.getByLabelText(/Phone number/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await expectAll(
      [
        'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
        'Username is required',
        'Zip code must be 5 to 10 letters or digits',
        'Number may contain only digits, spaces, a leading + and ( ) - . /',
      ],
      /First name/,
    );
  });

  it('provider practice (set-up)', async () => {
    mockFetch(referenceRoutes);
    const profile = {
      identifier: uuid(9),
      email: 't@example.com',
      firstName: '',
      lastName: '',
      phoneNumber: null,
      headline: null,
      title: 'Dr.',
      officeAddress: null,
      bio: null,
      zipCode: null,
      countryIdentifier: null,
      stateIdentifier: null,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: null,
      disciplineIdentifier: null,
      therapies: [],
      modalities: [],
      specialities: [],
      languages: [],
      photoUrl: null,
      setupComplete: false,
    };
    const { user } = renderWithProviders(<PracticeForm profile={profile} />);
    await screen.findByRole('checkbox', { name: 'therapy-category one' });
    await user.click(screen.getByRole('button', { name: 'Complete setup' }));
    await expectAll(
      [
        'Name is required',
        'Title must be 2 to 32 letters',
        'Office address must be at least 5 characters and contain a letter',
        'Country  is required',
        'Ethnicity is required',
        'Gender is required',
        'Select at least one therapy',
      ],
      'First name',
    );
  });
});
