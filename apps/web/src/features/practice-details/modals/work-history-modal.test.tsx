import { screen, waitFor } from '@testing-library/react';
import type { WorkHistory } from '@therapy/contracts/practice-details';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { WorkHistoryModal } from './work-history-modal';

const saved = (body: Record<string, unknown>): WorkHistory => ({
  identifier: uuid(7),
  companyName: String(body.companyName),
  jobTitle: String(body.jobTitle),
  startDate: String(body.startDate),
  endDate: (body.endDate as string | null) ?? null,
  currentlyWorksHere: Boolean(body.currentlyWorksHere),
  description: (body.description as string | null) ?? null,
});

function routes() {
  const bodies: Array<{ method: string; body: Record<string, unknown> }> = [];
  const respond = (method: string, status: number, text: string) => (init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push({ method, body });
    return jsonResponse({ data: saved(body), message: text }, status);
  };
  mockFetch([
    { method: 'POST', path: '/api/v1/provider/experience', respond: respond('POST', 201, 'Work History Saved') },
    {
      method: 'PUT',
      path: `/api/v1/provider/experience/${uuid(7)}`,
      respond: respond('PUT', 200, 'Work History Updated'),
    },
  ]);
  return bodies;
}

const open = (entry?: WorkHistory, onClose = vi.fn()) =>
  renderWithProviders(
    <Dialog open onOpenChange={() => {}}>
      <WorkHistoryModal entry={entry} onClose={onClose} />
    </Dialog>,
  );

describe('WorkHistoryModal ("Employment History")', () => {
  it.each([['99-01'], ['1899-12'], ['2100-01'], ['2019-13']])(
    'refuses the start month %s with the rule, and sends nothing',
    async (month) => {
      const bodies = routes();
      const { user } = open();
      expect(screen.getByRole('heading', { name: 'Employment History' })).toBeTruthy();
      await user.type(screen.getByLabelText('Company name'), 'Harbor Clinic');
      await user.type(screen.getByLabelText('Job title'), 'Therapist');
      await user.type(screen.getByLabelText('Start month'), month);
      await user.type(screen.getByLabelText('End month'), '2020-01');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Enter a month from 1900-01 to 2099-12')).toBeTruthy();
      expect(bodies).toEqual([]);
    },
  );

  it('refuses an end before the start, and a missing end while not current', async () => {
    const bodies = routes();
    const { user } = open();
    await user.type(screen.getByLabelText('Company name'), 'Harbor Clinic');
    await user.type(screen.getByLabelText('Job title'), 'Therapist');
    await user.type(screen.getByLabelText('Start month'), '2019-04');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the end month or tick "I currently work here"')).toBeTruthy();
    await user.type(screen.getByLabelText('End month'), '2019-03');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end month cannot be before the start month')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('ticking "I currently work here" clears and disables the end month, and sends no end', async () => {
    const bodies = routes();
    const onClose = vi.fn();
    const { user } = open(undefined, onClose);
    await user.type(screen.getByLabelText('Company name'), 'Harbor Clinic');
    await user.type(screen.getByLabelText('Job title'), 'Therapist');
    await user.type(screen.getByLabelText('Start month'), '2019-04');
    const end = screen.getByLabelText<HTMLInputElement>('End month');
    await user.type(end, '2021-02');
    await user.click(screen.getByRole('checkbox', { name: 'I currently work here' }));
    expect(end.value).toBe('');
    expect(end.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        method: 'POST',
        body: {
          companyName: 'Harbor Clinic',
          jobTitle: 'Therapist',
          startDate: '2019-04',
          endDate: null,
          currentlyWorksHere: true,
          description: null,
        },
      },
    ]);
  });

  it('edits the given entry with PUT; unticking lets an end month be entered again', async () => {
    const bodies = routes();
    const onClose = vi.fn();
    const entry: WorkHistory = {
      identifier: uuid(7),
      companyName: 'Harbor Clinic',
      jobTitle: 'Therapist',
      startDate: '2019-04',
      endDate: null,
      currentlyWorksHere: true,
      description: 'Families',
    };
    const { user } = open(entry, onClose);
    expect(screen.getByLabelText<HTMLInputElement>('Company name').value).toBe('Harbor Clinic');
    await user.click(screen.getByRole('checkbox', { name: 'I currently work here' }));
    await user.type(screen.getByLabelText('End month'), '2024-06');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        method: 'PUT',
        body: {
          companyName: 'Harbor Clinic',
          jobTitle: 'Therapist',
          startDate: '2019-04',
          endDate: '2024-06',
          currentlyWorksHere: false,
          description: 'Families',
        },
      },
    ]);
  });
});
