import type { Measure } from '@therapy/contracts/measures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { QuestionnaireRoute } from './questionnaire-route';

const ID = '0190a6c4-0000-7000-8000-0000000000d1';

const pending = (over: Partial<Measure> = {}): Measure => ({
  identifier: ID,
  kind: 'PHQ9',
  clientIdentifier: '0190a6c4-0000-7000-8000-0000000000c1',
  clientName: 'Amara Okafor',
  providerIdentifier: '0190a6c4-0000-7000-8000-0000000000b1',
  providerName: 'Lena Hoffmann',
  bookingIdentifier: null,
  sessionStartsAt: null,
  beforeEachSession: false,
  status: 'pending',
  createdAt: '2026-11-26T10:00:00.000Z',
  answeredAt: null,
  reviewedAt: null,
  result: null,
  ...over,
});

function renderPage(measure: Measure, answer?: (body: { answers: number[] }) => Response) {
  const sent: Array<{ answers: number[] }> = [];
  let current = measure;
  mockFetch([
    { method: 'GET', path: `/api/v1/measures/${ID}`, respond: () => jsonResponse({ data: current }) },
    {
      method: 'POST',
      path: `/api/v1/measures/${ID}/answers`,
      respond: (init) => {
        const body = JSON.parse(String(init?.body)) as { answers: number[] };
        sent.push(body);
        if (answer) return answer(body);
        current = {
          ...measure,
          status: 'answered',
          answeredAt: '2026-11-26T11:00:00.000Z',
          result: { answers: body.answers, score: 10, severity: 'moderate', selfHarmAlert: body.answers[8]! > 0 },
        };
        return jsonResponse({ data: current, message: 'Thank you' });
      },
    },
  ]);
  return {
    sent,
    ...renderWithProviders(<QuestionnaireRoute />, {
      route: `/questionnaires/${ID}`,
      path: '/questionnaires/:measureId',
    }),
  };
}

describe('QuestionnaireRoute (issue 20: a client fills in a PHQ-9)', () => {
  it('shows the nine standard items with the four answers, and sends nothing until every item is answered', async () => {
    const { user, sent } = renderPage(pending());
    expect(await screen.findByRole('heading', { name: 'PHQ-9 (depression)' })).toBeTruthy();
    expect(screen.getAllByRole('group')).toHaveLength(9);
    expect(screen.getByRole('group', { name: /Little interest or pleasure in doing things/ })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: 'Nearly every day' })).toHaveLength(9);

    await user.click(screen.getAllByRole('radio', { name: 'Several days' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Please answer all 9 questions')).toBeTruthy();
    expect(screen.getAllByText('Please choose an answer.')).toHaveLength(8);
    // The first unanswered item takes the focus.
    expect(document.activeElement).toBe(screen.getAllByRole('radio', { name: 'Not at all' })[1]);
    expect(sent).toHaveLength(0);
  });

  it('sends one answer per item and shows the score, with help at hand after an item-9 answer', async () => {
    const { user, sent } = renderPage(pending());
    await screen.findByRole('heading', { name: 'PHQ-9 (depression)' });
    const several = screen.getAllByRole('radio', { name: 'Several days' });
    for (const radio of several) await user.click(radio);
    expect(screen.getByText('9 of 9 answered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    await waitFor(() => expect(sent).toEqual([{ answers: [1, 1, 1, 1, 1, 1, 1, 1, 1] }]));
    expect(await screen.findByText('Your score: 10 of 27 (Moderate)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'You do not have to go through this alone' })).toBeTruthy();
  });

  it('keeps the answers and says why when the server refuses them', async () => {
    const { user } = renderPage(pending(), () =>
      jsonResponse({ message: 'This questionnaire has already been answered', code: 'CONFLICT', requestId: 'r1' }, 409),
    );
    await screen.findByRole('heading', { name: 'PHQ-9 (depression)' });
    for (const radio of screen.getAllByRole('radio', { name: 'Not at all' })) await user.click(radio);
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('This questionnaire has already been answered')).toBeTruthy();
    expect((screen.getAllByRole('radio', { name: 'Not at all' })[0] as HTMLInputElement).checked).toBe(true);
  });

  it('says a questionnaire that is not the client’s does not exist', async () => {
    mockFetch([
      {
        method: 'GET',
        path: `/api/v1/measures/${ID}`,
        respond: () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'r2' }, 404),
      },
    ]);
    renderWithProviders(<QuestionnaireRoute />, { route: `/questionnaires/${ID}`, path: '/questionnaires/:measureId' });
    expect(await screen.findByText('Questionnaire not found')).toBeTruthy();
  });
});
