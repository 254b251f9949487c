import { screen } from '@testing-library/react';
import { providerInfoInput } from '@therapy/contracts/profile';
import { describe, expect, it } from 'vitest';
import { referenceRoutes, uuid } from '@/test/fixtures';
import { mockFetch, renderWithProviders } from '@/test/render';
import de from '@/locales/de/practice.json';
import en from '@/locales/en/practice.json';
import { PracticeForm } from './practice-form';

const profile = {
  identifier: uuid(9),
  email: 'tara@example.com',
  firstName: 'Tara',
  lastName: 'Therapist',
  phoneNumber: '2025550143',
  headline: null,
  title: null,
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

describe('PracticeForm (provider set-up)', () => {
  it('asks for an office address with a letter and at least one therapy, modality and speciality', async () => {
    const fetchMock = mockFetch(referenceRoutes);
    const { user } = renderWithProviders(<PracticeForm profile={profile} />);
    await screen.findByRole('checkbox', { name: 'therapy-category one' });
    await user.type(screen.getByLabelText('Office address'), '12345');
    await user.click(screen.getByRole('button', { name: 'Complete setup' }));

    expect(await screen.findByText('Select at least one therapy')).toBeTruthy();
    expect(screen.getByText('Select at least one modality')).toBeTruthy();
    expect(screen.getByText('Select at least one speciality')).toBeTruthy();
    expect(screen.getByText('Office address must be at least 5 characters and contain a letter')).toBeTruthy();
    // The spec's text has two spaces ("Country  is required"); getByText collapses them.
    expect(screen.getByText('Country is required')).toBeTruthy();
    expect(screen.getByText('Ethnicity is required')).toBeTruthy();
    expect(screen.getByText('Gender is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // Ticking a therapy clears its message on the next submit.
    await user.click(screen.getByRole('checkbox', { name: 'therapy-category one' }));
    await user.click(screen.getByRole('button', { name: 'Complete setup' }));
    await screen.findByText('Select at least one modality');
    expect(screen.queryByText('Select at least one therapy')).toBeNull();
  });

  it('counts the bio up to 2000 characters', async () => {
    mockFetch(referenceRoutes);
    const { user } = renderWithProviders(<PracticeForm profile={{ ...profile, setupComplete: true }} />);
    await user.type(screen.getByLabelText(/About you/), 'Hello');
    expect(screen.getByText('5 / 2000 characters')).toBeTruthy();
  });
});

describe('the title hint', () => {
  it('gives only examples the title rule accepts (spec §5: 2-32 letters), in English and German', () => {
    for (const hint of [en.fields.titleHint, de.fields.titleHint]) {
      const examples = hint.replace(/^(For example|Zum Beispiel) /, '').split(/ or | oder /);
      expect(examples.length).toBeGreaterThan(1);
      for (const example of examples)
        expect(providerInfoInput.shape.title.safeParse(example).success, example).toBe(true);
    }
  });
});
