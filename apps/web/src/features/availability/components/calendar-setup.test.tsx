import type { AvailabilitySetup } from '@therapy/contracts/availability';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { setupQuery } from '../api/availability-api';
import { CalendarSetup } from './calendar-setup';

/** The set-up as the page holds it: from the query cache, which a save updates. */
function FromQuery() {
  const query = useQuery(setupQuery());
  if (!query.data) return null;
  const categories = query.data.categories.map((c) => ({ value: c.identifier, label: c.name }));
  return (
    <CalendarSetup
      setup={query.data}
      categories={categories}
      category={categories[0]?.value ?? null}
      onCategoryChange={() => undefined}
    />
  );
}

const setup = (categories: AvailabilitySetup['categories']): AvailabilitySetup => ({
  calendarSetupType: 'GENERAL',
  categories,
  plan: { categoryIdentifier: null, days: [] },
});

describe('CalendarSetup', () => {
  it('asks for therapies instead of saving "By therapy" when the profile lists none', async () => {
    const fetchMock = mockFetch([]);
    const { user } = renderWithProviders(
      <CalendarSetup setup={setup([])} categories={[]} category={null} onCategoryChange={() => undefined} />,
    );
    await user.click(screen.getByRole('radio', { name: /By therapy/ }));
    expect(screen.getByText('No therapies yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add therapies in your account' }).getAttribute('href')).toBe('/account');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the set-up type at once and offers the therapies', async () => {
    const categories = [{ identifier: uuid(7), code: 'anxiety', name: 'Anxiety' }];
    let body: unknown;
    mockFetch([
      { path: '/api/v1/provider/availability-setting', respond: () => jsonResponse({ data: setup(categories) }) },
      {
        method: 'POST',
        path: '/api/v1/provider/availability-setting',
        respond: (init) => {
          body = JSON.parse(String(init?.body));
          return jsonResponse({
            data: { ...setup(categories), calendarSetupType: 'BY_CATEGORY' },
            message: 'Data saved successfully',
          });
        },
      },
    ]);
    const { user } = renderWithProviders(<FromQuery />);
    expect(screen.queryByRole('combobox', { name: 'Therapy' })).toBeNull();
    await user.click(await screen.findByRole('radio', { name: /By therapy/ }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(body).toEqual({ calendarSetupType: 'BY_CATEGORY' });
    expect(screen.getByRole('combobox', { name: 'Therapy' })).toHaveProperty('value', uuid(7));
  });
});
