import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { NoteTemplatesModal } from './note-templates-modal';

/** Issue 47: the provider's own note templates: list, create with the server's limits, delete. */
const ID = '0190a6c4-0000-7000-8000-0000000000d1';
const template = (name: string, sections: string[]) => ({
  identifier: ID,
  name,
  sections,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

// Its parameters are none (Record<string, never>), which leaves no room for onClose in JSX; the registry passes it.
const Modal = NoteTemplatesModal as unknown as (props: { onClose: () => void }) => React.ReactElement;

describe('NoteTemplatesModal', () => {
  it('creates a template from a name and one heading a line, refusing bad input with the exact messages', async () => {
    let stored: ReturnType<typeof template>[] = [];
    const posted: unknown[] = [];
    mockFetch([
      { method: 'GET', path: '/api/v1/note-template', respond: () => jsonResponse({ data: stored }) },
      {
        method: 'POST',
        path: '/api/v1/note-template',
        respond: (init) => {
          const body = JSON.parse(init?.body as string) as { name: string; sections: string[] };
          posted.push(body);
          stored = [template(body.name, body.sections)];
          return jsonResponse({ data: stored[0], message: 'Template saved' }, 201);
        },
      },
      {
        method: 'DELETE',
        path: `/api/v1/note-template/${ID}`,
        respond: () => {
          stored = [];
          return jsonResponse({ message: 'Template deleted' });
        },
      },
    ]);
    renderWithProviders(
      <Dialog open onOpenChange={() => undefined}>
        <Modal onClose={vi.fn()} />
      </Dialog>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('You have no templates of your own yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New template' }));

    await user.type(screen.getByLabelText('Template name'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Template name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('A template needs at least one section')).toBeTruthy();
    await user.type(
      screen.getByLabelText('Section headings'),
      Array.from({ length: 11 }, (_, i) => `S${i}`).join('\n'),
    );
    await user.type(screen.getByLabelText('Template name'), 'c');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A template can have at most 10 sections')).toBeTruthy();
    expect(posted).toEqual([]);

    await user.clear(screen.getByLabelText('Section headings'));
    await user.type(screen.getByLabelText('Section headings'), 'Reason{Enter}{Enter}Goals');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(posted).toEqual([{ name: 'abc', sections: ['Reason', 'Goals'] }]));
    const list = await screen.findByRole('list', { name: 'Your templates' });
    expect(within(list).getByText('abc')).toBeTruthy();
    expect(within(list).getByText('Reason · Goals')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete template abc' }));
    expect(await screen.findByText('You have no templates of your own yet.')).toBeTruthy();
  });
});
