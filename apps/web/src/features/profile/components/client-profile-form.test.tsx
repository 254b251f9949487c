import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { referenceRoutes, uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { ClientProfileForm } from './client-profile-form';

const profile = {
  identifier: uuid(9),
  firstName: 'Robin',
  lastName: 'Client',
  userName: 'robin',
  email: 'robin@example.com',
  photoUrl: null,
  avatarIdentifier: null,
  countryIdentifier: uuid(1),
  stateIdentifier: uuid(2),
  zipCode: null,
  dob: null,
  religionIdentifier: null,
  ethnicityIdentifier: null,
  gender: null,
  timezone: null,
  phoneNumber: null,
};

describe('ClientProfileForm', () => {
  it('shows the spec §5 messages and sends nothing while a field is wrong', async () => {
    const fetchMock = mockFetch(referenceRoutes);
    const { user } = renderWithProviders(<ClientProfileForm profile={profile} />);
    // The saved state shows once the options arrive.
    expect(await screen.findByRole('option', { name: 'California' })).toBeTruthy();
    expect((screen.getByLabelText(/State or region/) as HTMLSelectElement).value).toBe(uuid(2));

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'ro');
    await user.clear(screen.getByLabelText(/Zip code/));
    await user.type(screen.getByLabelText(/Zip code/), '12');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Username must be 3 to 32 letters, digits, _, - or @')).toBeTruthy();
    expect(screen.getByText('Zip code must be 5 to 10 letters or digits')).toBeTruthy();
    // The error is tied to its field for screen readers.
    const userName = screen.getByLabelText('Username');
    expect(userName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(userName.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe(
      'Username must be 3 to 32 letters, digits, _, - or @',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('saves with empty optional fields sent as null', async () => {
    let sent: unknown;
    mockFetch([
      ...referenceRoutes,
      {
        method: 'PUT',
        path: '/api/v1/client',
        respond: (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse({ data: { ...profile, firstName: null }, message: 'Data saved successfully' });
        },
      },
    ]);
    const { user } = renderWithProviders(<ClientProfileForm profile={profile} />);
    await screen.findByRole('option', { name: 'California' });
    await user.clear(screen.getByLabelText(/First name/));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      firstName: null,
      lastName: 'Client',
      userName: 'robin',
      countryIdentifier: uuid(1),
      stateIdentifier: uuid(2),
      zipCode: null,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: null,
      timezone: null,
      phoneNumber: null,
    });
  });

  it('shows the saved phone number and refuses 9 or 14 digits with the spec messages, sending nothing', async () => {
    const fetchMock = mockFetch(referenceRoutes);
    const { user } = renderWithProviders(<ClientProfileForm profile={{ ...profile, phoneNumber: '07000000000' }} />);
    await screen.findByRole('option', { name: 'California' });
    const phone = screen.getByLabelText(/Phone number/) as HTMLInputElement;
    expect(phone.value).toBe('07000000000');
    // Pasted, not typed: one event per value keeps the test quick on a busy machine.
    await user.clear(phone);
    await user.paste('080123456');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Number must be at least 10 digits')).toBeTruthy();
    await user.clear(phone);
    await user.paste('08012345678901');
    expect(await screen.findByText('Number must not exceed 13 digits')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('sends a valid phone number', async () => {
    let sent: { phoneNumber?: unknown } | undefined;
    mockFetch([
      ...referenceRoutes,
      {
        method: 'PUT',
        path: '/api/v1/client',
        respond: (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse({ data: { ...profile, phoneNumber: '08031234567' }, message: 'Data saved successfully' });
        },
      },
    ]);
    const { user } = renderWithProviders(<ClientProfileForm profile={profile} />);
    await screen.findByRole('option', { name: 'California' });
    await user.click(screen.getByLabelText(/Phone number/));
    await user.paste('08031234567');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent?.phoneNumber).toBe('08031234567');
  });
});
