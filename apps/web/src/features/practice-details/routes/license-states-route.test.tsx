import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { LicenseStatesForm } from './license-states-route';

// Headless UI measures the input to place the list; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const usStates = [
  { identifier: uuid(1), code: 'CA', name: 'California' },
  { identifier: uuid(2), code: 'NY', name: 'New York' },
  { identifier: uuid(3), code: 'TX', name: 'Texas' },
];

describe('the licence state picker', () => {
  it('searches, chooses several states as chips, removes one, and saves the list', async () => {
    const sent: unknown[] = [];
    mockFetch([
      { path: '/api/v1/region/country/code/US/states', respond: () => jsonResponse({ data: usStates }) },
      {
        method: 'POST',
        path: '/api/v1/provider/license-states',
        respond: (init) => {
          const body = JSON.parse(String(init?.body)) as { stateIdentifiers: string[] };
          sent.push(body);
          return jsonResponse({
            data: usStates
              .filter((s) => body.stateIdentifiers.includes(s.identifier))
              .map((s) => ({ ...s, review: 'pending', listed: false })),
            message: 'Licence States Saved',
          });
        },
      },
    ]);
    const { user } = renderWithProviders(
      <LicenseStatesForm saved={[{ ...usStates[1]!, review: 'approved', listed: true }]} />,
    );
    expect(screen.getByText('Listed: clients in New York find and book you')).toBeTruthy();
    const input = await screen.findByRole('combobox', { name: 'States where you hold a licence' });
    expect(screen.getByRole('list', { name: /1 selected/ })).toBeTruthy();

    await user.type(input, 'tex');
    expect(screen.queryByRole('option', { name: 'California' })).toBeNull();
    await user.keyboard('{ArrowDown}{Enter}');
    await user.clear(input);
    await user.type(input, 'cal');
    await user.click(await screen.findByRole('option', { name: 'California' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('list', { name: /3 selected/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove New York' }));
    await user.click(screen.getByRole('button', { name: 'Save licence states' }));
    await waitFor(() => expect(sent).toEqual([{ stateIdentifiers: [uuid(3), uuid(1)] }]));
  });

  it('says so when no state matches the search', async () => {
    mockFetch([{ path: '/api/v1/region/country/code/US/states', respond: () => jsonResponse({ data: usStates }) }]);
    const { user } = renderWithProviders(<LicenseStatesForm saved={[]} />);
    await user.type(await screen.findByRole('combobox', { name: 'States where you hold a licence' }), 'zzz');
    expect(await screen.findByText('No state matches')).toBeTruthy();
    expect(screen.getByText('No states chosen yet')).toBeTruthy();
  });
});

describe('where the provider is listed (issue 45)', () => {
  it('says for each claimed state whether it is listed, waiting for review, refused or lacks a licence', () => {
    mockFetch([{ path: '/api/v1/region/country/code/US/states', respond: () => jsonResponse({ data: usStates }) }]);
    renderWithProviders(
      <LicenseStatesForm
        saved={[
          { ...usStates[0]!, review: 'pending', listed: false },
          { ...usStates[1]!, review: 'approved', listed: false },
          { ...usStates[2]!, review: 'rejected', listed: false },
        ]}
      />,
    );
    expect(screen.getByText(/Waiting for review: not listed in California/)).toBeTruthy();
    expect(screen.getByText(/Not listed in New York: it needs an approved, valid licence/)).toBeTruthy();
    expect(screen.getByText('Not approved: not listed in Texas')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add or renew a licence' }).getAttribute('href')).toBe(
      '/practice/credentials',
    );
  });
});
