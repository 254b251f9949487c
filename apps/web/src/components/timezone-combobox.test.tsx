import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { TimezoneCombobox } from './timezone-combobox';
import { matches, toUtcOffset, zoneEntry } from './timezone-list';

// Headless UI measures the input to place the list; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const zones = {
  suggested: ['Europe/Berlin'],
  others: ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Colombo', 'Asia/Kathmandu', 'Europe/Paris', 'Africa/Lagos'],
};

function Harness({ initial, noneLabel }: { initial: string | null; noneLabel?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <label htmlFor="tz">Time zone</label>
      <TimezoneCombobox
        field={{ id: 'tz', invalid: false }}
        value={value}
        onChange={setValue}
        zones={zones}
        suggestedLabel="Suggested"
        noneLabel={noneLabel}
      />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent?.replace(/\s+/g, ' ').trim());

describe('TimezoneCombobox (decision 0015)', () => {
  it('shows the chosen zone with its localized name and current offset', () => {
    renderWithProviders(<Harness initial="Asia/Kolkata" />);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty(
      'value',
      'Kolkata · India Standard Time · UTC+05:30',
    );
  });

  it('finds "berlin" and chooses it with the keyboard; the value is the IANA id', async () => {
    const { user } = renderWithProviders(<Harness initial="UTC" />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(input);
    await user.type(input, 'berlin');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    expect(within(listbox).getByRole('group', { name: 'Suggested' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('Europe/Berlin');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((input as HTMLInputElement).value).toMatch(/^Berlin · Central European (Standard )?Time · UTC\+0[12]:00$/);
  });

  it('finds zones by offset ("+05:30") and by region, grouped under the region', async () => {
    const { user } = renderWithProviders(<Harness initial="UTC" />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(input);
    await user.type(input, '+05:30');
    expect(optionNames()).toEqual([
      'Colombo · India Standard Time UTC+05:30, Asia/Colombo',
      'Kolkata · India Standard Time UTC+05:30, Asia/Kolkata',
    ]);
    expect(screen.getByRole('group', { name: 'Asia' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('Asia/Kolkata');

    await user.clear(input);
    await user.type(input, 'africa');
    expect(optionNames()).toEqual([
      expect.stringMatching(/^Lagos · West Africa(n)? (Standard )?Time UTC\+01:00, Africa\/Lagos$/),
    ]);
  });

  it('says when nothing matches', async () => {
    const { user } = renderWithProviders(<Harness initial="UTC" />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(input);
    await user.type(input, 'atlantis');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No time zone matches.')).toBeTruthy();
  });

  it('an optional field offers "Not set", which clears the value', async () => {
    const { user } = renderWithProviders(<Harness initial="Europe/Paris" noneLabel="Not set" />);
    await user.click(screen.getByRole('button', { name: 'Show all zones' }));
    await user.click(screen.getByRole('option', { name: 'Not set' }));
    expect(screen.getByTestId('value').textContent).toBe('null');
  });

  it('names zones in the page language', async () => {
    await i18n.changeLanguage('de');
    try {
      renderWithProviders(<Harness initial="Europe/Berlin" />);
      expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty(
        'value',
        expect.stringMatching(/^Berlin · Mitteleuropäische (Normalzeit|Zeit) · UTC\+0[12]:00$/),
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('time-zone search', () => {
  const at = new Date('2026-01-15T12:00:00Z');
  it('matches city, region, localized name and offset', () => {
    const kolkata = zoneEntry('Asia/Kolkata', 'en', at);
    expect(kolkata).toMatchObject({
      city: 'Kolkata',
      region: 'Asia',
      name: 'India Standard Time',
      offset: 'UTC+05:30',
    });
    for (const query of ['kolkata', 'asia', 'india', '+05:30', '+5:30', 'utc+5:30', 'UTC+05', 'asia kolk'])
      expect(matches(kolkata, query)).toBe(true);
    for (const query of ['+15', 'europe', '-05:30']) expect(matches(kolkata, query)).toBe(false);
    const ny = zoneEntry('America/New_York', 'en', at);
    expect(ny.offset).toBe('UTC-05:00');
    expect(matches(ny, 'new york')).toBe(true);
    expect(matches(ny, '-5')).toBe(true);
    expect(zoneEntry('UTC', 'en', at)).toMatchObject({ region: 'Etc', offset: 'UTC+00:00' });
  });

  it('reads GMT offsets as UTC offsets', () => {
    expect(toUtcOffset('GMT')).toBe('UTC+00:00');
    expect(toUtcOffset('GMT+5:30')).toBe('UTC+05:30');
    expect(toUtcOffset('GMT-03:00')).toBe('UTC-03:00');
  });
});
