import type { Measure, Severity } from '@therapy/contracts/measures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { ClientMeasuresSection } from './client-measures-section';

const CLIENT = '0190a6c4-0000-7000-8000-0000000000c1';
const answered = (
  n: number,
  day: string,
  answers: number[],
  severity: Severity,
  reviewedAt: string | null = null,
): Measure => ({
  identifier: `0190a6c4-0000-7000-8000-00000000000${n}`,
  kind: 'PHQ9',
  clientIdentifier: CLIENT,
  clientName: 'Amara Okafor',
  providerIdentifier: '0190a6c4-0000-7000-8000-0000000000b1',
  providerName: 'Lena Hoffmann',
  bookingIdentifier: null,
  sessionStartsAt: null,
  beforeEachSession: false,
  status: 'answered',
  createdAt: `${day}T08:00:00.000Z`,
  answeredAt: `${day}T09:00:00.000Z`,
  reviewedAt,
  result: { answers, score: answers.reduce((a, b) => a + b, 0), severity, selfHarmAlert: answers[8]! > 0 },
});

function renderSection(measures: Measure[]) {
  const posted: Array<{ path: string; body: unknown }> = [];
  mockFetch([
    { method: 'GET', path: '/api/v1/measures', respond: () => jsonResponse({ data: measures }) },
    { method: 'GET', path: '/api/v1/measures/series', respond: () => jsonResponse({ data: [] }) },
    {
      method: 'POST',
      path: '/api/v1/measures',
      respond: (init) => {
        posted.push({ path: 'send', body: JSON.parse(String(init?.body)) });
        return jsonResponse({ data: { measures: [], series: null }, message: 'Questionnaire sent' }, 201);
      },
    },
    {
      method: 'POST',
      path: `/api/v1/measures/${measures[0]?.identifier ?? 'none'}/review`,
      respond: () => {
        posted.push({ path: 'review', body: null });
        return jsonResponse({
          data: { ...measures[0]!, reviewedAt: '2026-11-26T12:00:00.000Z' },
          message: 'Marked as seen',
        });
      },
    },
  ]);
  return { posted, ...renderWithProviders(<ClientMeasuresSection clientId={CLIENT} />) };
}

describe('ClientMeasuresSection (issue 20: the provider follows a client’s scores)', () => {
  it('shows every score as a table with its severity, newest first, beside the chart', async () => {
    renderSection([
      answered(3, '2026-11-20', [1, 0, 1, 1, 0, 0, 1, 0, 0], 'minimal', '2026-11-20T10:00:00.000Z'),
      answered(2, '2026-11-06', [2, 2, 1, 2, 1, 1, 2, 1, 0], 'moderate'),
      answered(1, '2026-10-23', [3, 2, 2, 2, 2, 2, 2, 2, 0], 'moderately-severe'),
    ]);
    const table = await screen.findByRole('table', { name: 'PHQ-9 scores, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Nov 20, 20264 of 27Minimal',
      'Nov 6, 202612 of 27Moderate',
      'Oct 23, 202617 of 27Moderately severe',
    ]);
    expect(screen.getByText('Latest score: 4 (Minimal)')).toBeTruthy();
    expect(screen.getByTestId('measure-chart-PHQ9').getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByText('Needs your attention')).toBeNull();
  });

  it('raises an item-9 alert until the provider marks it seen', async () => {
    const { user, posted } = renderSection([answered(4, '2026-11-26', [0, 0, 0, 0, 0, 0, 0, 0, 2], 'minimal')]);
    expect(await screen.findByText('Needs your attention')).toBeTruthy();
    expect(screen.getByText(/answered “More than half the days” to question 9/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark as seen' }));
    await waitFor(() => expect(posted).toEqual([{ path: 'review', body: null }]));
  });

  it('sends the chosen questionnaire once or before every session', async () => {
    const { user, posted } = renderSection([]);
    expect(await screen.findByText(/No answers yet/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Questionnaire'), 'GAD7');
    await user.click(screen.getByRole('radio', { name: 'Before every session' }));
    await user.click(screen.getByRole('button', { name: 'Send questionnaire' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { path: 'send', body: { clientIdentifier: CLIENT, kind: 'GAD7', schedule: 'before-each-session' } },
      ]),
    );
  });
});
