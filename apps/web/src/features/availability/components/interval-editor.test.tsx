import type { TimeInterval, WeeklyPlan } from '@therapy/contracts/availability';
import { weekdays } from '@therapy/contracts/availability';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { IntervalEditor } from './interval-editor';
import { WeeklyForm } from './weekly-editor';

function Harness({ initial }: { initial: TimeInterval[] }) {
  const [intervals, setIntervals] = useState(initial);
  return (
    <>
      <IntervalEditor dayLabel="Monday" intervals={intervals} onChange={setIntervals} />
      <output data-testid="value">{JSON.stringify(intervals)}</output>
    </>
  );
}

const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option') as HTMLOptionElement[];
// ICU puts a narrow no-break space before AM/PM; the tests compare words, not the kind of space.
const shown = (option: HTMLOptionElement | undefined) => ({
  value: option?.value,
  text: option?.textContent?.replace(/\s+/g, ' '),
});
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as TimeInterval[];

describe('IntervalEditor (spec §5 availability time slots)', () => {
  it('offers times in 5-minute steps in the 12-hour "9:00 AM" format (English); an end can be midnight', () => {
    renderWithProviders(<Harness initial={[{ startTime: '09:30', endTime: '18:00' }]} />);
    const start = screen.getByRole('combobox', { name: 'Monday interval 1 start' });
    const end = screen.getByRole('combobox', { name: 'Monday interval 1 end' });

    const starts = optionsOf(start);
    expect(starts).toHaveLength(288);
    const at = (minute: number) => starts[minute / 5];
    expect(shown(at(0))).toEqual({ value: '00:00', text: '12:00 AM' });
    expect(shown(at(5))).toEqual({ value: '00:05', text: '12:05 AM' });
    expect(shown(at(9 * 60 + 30))).toEqual({ value: '09:30', text: '9:30 AM' });
    expect(shown(at(12 * 60))).toEqual({ value: '12:00', text: '12:00 PM' });
    expect(shown(starts.at(-1))).toEqual({ value: '23:55', text: '11:55 PM' });

    const ends = optionsOf(end);
    expect(ends).toHaveLength(288);
    expect(shown(ends[0])).toEqual({ value: '00:05', text: '12:05 AM' });
    expect(shown(ends.at(-1))).toEqual({ value: '24:00', text: '12:00 AM' });
    expect((start as HTMLSelectElement).value).toBe('09:30');
    expect((end as HTMLSelectElement).value).toBe('18:00');
  });

  it('keeps a saved time off the 5-minute grid (the server takes any minute) selected and in order', () => {
    renderWithProviders(<Harness initial={[{ startTime: '09:07', endTime: '17:53' }]} />);
    const start = screen.getByRole('combobox', { name: 'Monday interval 1 start' }) as HTMLSelectElement;
    const values = optionsOf(start).map((o) => o.value);
    expect(start.value).toBe('09:07');
    expect(values).toHaveLength(289);
    expect(values.slice(values.indexOf('09:07') - 1, values.indexOf('09:07') + 2)).toEqual(['09:05', '09:07', '09:10']);
    expect((screen.getByRole('combobox', { name: 'Monday interval 1 end' }) as HTMLSelectElement).value).toBe('17:53');
  });

  it('German reads the 24-hour clock: "09:00", and a day ends at "24:00" (decision 0015)', async () => {
    await i18n.changeLanguage('de');
    try {
      renderWithProviders(<Harness initial={[{ startTime: '09:00', endTime: '18:00' }]} />);
      const [start, end] = screen.getAllByRole('combobox');
      expect(shown(optionsOf(start!)[0])).toEqual({ value: '00:00', text: '00:00' });
      expect(shown(optionsOf(start!)[(9 * 60 + 30) / 5])).toEqual({ value: '09:30', text: '09:30' });
      expect(shown(optionsOf(start!)[(13 * 60) / 5])).toEqual({ value: '13:00', text: '13:00' });
      expect(shown(optionsOf(end!).at(-1))).toEqual({ value: '24:00', text: '24:00' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('disables times at or before the previous time of the row', () => {
    renderWithProviders(
      <Harness
        initial={[
          { startTime: '09:00', endTime: '12:00' },
          { startTime: '13:00', endTime: '17:00' },
        ]}
      />,
    );
    const disabled = (name: string) =>
      optionsOf(screen.getByRole('combobox', { name }))
        .filter((o) => o.disabled)
        .map((o) => o.value);

    // The first start is free; every end must come after its own start.
    expect(disabled('Monday interval 1 start')).toEqual([]);
    // 00:05 to 09:00 in 5-minute steps: 108 ends at or before the 09:00 start.
    const firstEnd = disabled('Monday interval 1 end');
    expect(firstEnd).toHaveLength(108);
    expect([firstEnd[0], firstEnd.at(-1)]).toEqual(['00:05', '09:00']);
    // A later interval cannot start before the previous one ends (touching, 12:00, is allowed).
    const secondStart = disabled('Monday interval 2 start');
    expect(secondStart).toHaveLength(144);
    expect(secondStart.at(-1)).toBe('11:55');
    expect(disabled('Monday interval 2 end').at(-1)).toBe('13:00');
    expect(disabled('Monday interval 2 end')).toHaveLength(156);
  });

  it('adds the default 9:00 AM-6:00 PM interval first, then one starting where the last one ends', async () => {
    const { user } = renderWithProviders(<Harness initial={[]} />);
    await user.click(screen.getByRole('button', { name: 'Add interval' }));
    expect(value()).toEqual([{ startTime: '09:00', endTime: '18:00' }]);

    await user.click(screen.getByRole('button', { name: 'Add interval' }));
    expect(value()).toEqual([
      { startTime: '09:00', endTime: '18:00' },
      { startTime: '18:00', endTime: '19:00' },
    ]);
    expect(screen.getByRole('combobox', { name: 'Monday interval 2 start' })).toHaveProperty('value', '18:00');

    await user.click(screen.getByRole('button', { name: 'Remove Monday interval 1' }));
    expect(value()).toEqual([{ startTime: '18:00', endTime: '19:00' }]);
  });

  it('moves the end along when the start passes it, and stops adding at midnight', async () => {
    const { user } = renderWithProviders(<Harness initial={[{ startTime: '09:00', endTime: '12:00' }]} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Monday interval 1 start' }), '15:00');
    expect(value()).toEqual([{ startTime: '15:00', endTime: '16:00' }]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Monday interval 1 end' }), '24:00');
    expect(screen.getByRole('button', { name: 'Add interval' })).toHaveProperty('disabled', true);
  });
});

const plan: WeeklyPlan = {
  categoryIdentifier: null,
  days: weekdays.map((identifier) => ({
    identifier,
    isAvailable: identifier !== 'SUNDAY',
    timeslotIntervals: identifier === 'SUNDAY' ? [] : [{ startTime: '09:00', endTime: '18:00' }],
  })),
};

describe('WeeklyForm', () => {
  it('shows the contract message next to the day and sends nothing while intervals overlap', async () => {
    const fetchMock = mockFetch([]);
    const { user } = renderWithProviders(<WeeklyForm category={null} plan={plan} />);
    await user.click(screen.getAllByRole('button', { name: 'Add interval' })[0]!);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Monday interval 1 end' }), '20:00');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Time intervals must not overlap')).toBeTruthy();
    expect(screen.getByText('Some days need your attention before the week can be saved.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the whole week in the save shape (timeSlotsInterval)', async () => {
    let body: unknown;
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/provider-availability/days/default',
        respond: (init) => {
          body = JSON.parse(String(init?.body));
          return jsonResponse({ data: plan, message: 'Data saved successfully' });
        },
      },
    ]);
    const { user } = renderWithProviders(<WeeklyForm category={null} plan={plan} />);
    await user.click(screen.getByRole('switch', { name: 'Tuesday' }));
    expect(screen.queryByRole('combobox', { name: 'Tuesday interval 1 start' })).toBeNull();
    // Switching Sunday on starts it with the default slot.
    await user.click(screen.getByRole('switch', { name: 'Sunday' }));
    expect(screen.getByRole('combobox', { name: 'Sunday interval 1 start' })).toHaveProperty('value', '09:00');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const days = (
      body as { days: Array<{ identifier: string; isAvailable: boolean; timeSlotsInterval: TimeInterval[] }> }
    ).days;
    expect(days).toHaveLength(7);
    expect(days[1]).toEqual({
      identifier: 'TUESDAY',
      isAvailable: false,
      timeSlotsInterval: [{ startTime: '09:00', endTime: '18:00' }],
    });
    expect(days[6]).toEqual({
      identifier: 'SUNDAY',
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '09:00', endTime: '18:00' }],
    });
  });
});
