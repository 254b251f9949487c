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
            data: usStates.filter((s) => body.stateIdentifiers.includes(s.identifier)),
            message: 'Licence States Saved',
          });
        },
      },
    ]);
    const { user } = renderWithProviders(<LicenseStatesForm saved={[usStates[1]!]} />);
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
