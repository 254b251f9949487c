import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { QuestionnaireLinkRoute } from './questionnaire-link-route';

const token = 'a'.repeat(43);
const render = () =>
  renderWithProviders(<QuestionnaireLinkRoute />, { route: `/questionnaire/${token}`, path: '/questionnaire/:token' });

describe('QuestionnaireLinkRoute (/questionnaire/:token, no sign-in)', () => {
  it('answers the questionnaire once and thanks', async () => {
    const sent: unknown[] = [];
    mockFetch([
      {
        path: `/api/v1/measures/links/${token}`,
        respond: () =>
          jsonResponse({ data: { kind: 'GAD7', providerName: 'Dana Doctor', expiresAt: '2027-01-01T00:00:00.000Z' } }),
      },
      {
        method: 'POST',
        path: `/api/v1/measures/links/${token}/answers`,
        respond: (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return jsonResponse({ message: 'Thank you. Your answers were sent to your therapist.' });
        },
      },
    ]);
    const { user } = render();
    expect((await screen.findAllByText(/Dana Doctor/)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(sent).toEqual([]);
    for (const group of screen.getAllByRole('group')) {
      const [first] = Array.from(group.querySelectorAll('input[type="radio"]'));
      await user.click(first as HTMLElement);
    }
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(sent).toEqual([{ answers: [0, 0, 0, 0, 0, 0, 0] }]);
  });

  it('says so when the link was used or has expired', async () => {
    mockFetch([
      {
        path: `/api/v1/measures/links/${token}`,
        respond: () =>
          jsonResponse(
            {
              message: 'This link has already been used or has expired. Ask your therapist for a new one.',
              code: 'VALIDATION_ERROR',
              requestId: 'r',
            },
            400,
          ),
      },
    ]);
    render();
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(/already been used or has expired/)).toBeTruthy();
  });
});
