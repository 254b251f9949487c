import type { Note } from '@therapy/contracts/notes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { NoteAddModal } from './note-add-modal';
import { NoteEditForm } from './note-edit-modal';
import { NoteSignModal } from './note-sign-modal';

/** Issue 47: a note from a template (one field per section) and "Sign and lock" with its confirmation. */
const BOOKING_ID = '0190a6c4-0000-7000-8000-0000000000b1';
const CLIENT_ID = '0190a6c4-0000-7000-8000-0000000000c1';
const NOTE_ID = '0190a6c4-0000-7000-8000-0000000000a1';
const OWN_ID = '0190a6c4-0000-7000-8000-0000000000d1';

const saved = (over: Partial<Note> = {}): Note => ({
  identifier: NOTE_ID,
  type: 'booking',
  reference: BOOKING_ID,
  bookingIdentifier: BOOKING_ID,
  clientIdentifier: CLIENT_ID,
  title: 'Session 3',
  content: 'Subjective\nCalmer',
  file: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  template: { builtIn: 'soap', identifier: null },
  sections: [{ heading: 'Subjective', text: 'Calmer' }],
  signedAt: null,
  signedByIdentifier: null,
  signedByName: null,
  addenda: [],
  ...over,
});

const inDialog = (node: React.ReactNode) =>
  renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      {node}
    </Dialog>,
  );

describe('a note from a template', () => {
  it('SOAP gives one field per section and sends the template and the sections, no free text', async () => {
    const sent: FormData[] = [];
    mockFetch([
      {
        method: 'GET',
        path: '/api/v1/note-template',
        respond: () =>
          jsonResponse({
            data: [
              {
                identifier: OWN_ID,
                name: 'Intake',
                sections: ['Reason', 'Goals'],
                createdAt: '2026-11-01T10:00:00.000Z',
                updatedAt: '2026-11-01T10:00:00.000Z',
              },
            ],
          }),
      },
      {
        method: 'POST',
        path: '/api/v1/note',
        respond: (init) => {
          sent.push(init?.body as FormData);
          return jsonResponse({ data: saved(), message: 'Note Successfully Added' }, 201);
        },
      },
    ]);
    inDialog(<NoteAddModal type="booking" reference={BOOKING_ID} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Type Session Notes' }));
    await user.type(screen.getByLabelText('Note Title'), 'Session 3');
    const picker = screen.getByLabelText('Template');
    // The provider's own template is offered beside the built-in ones.
    expect(await screen.findByRole('option', { name: 'Intake' })).toBeTruthy();
    await user.selectOptions(picker, 'soap');
    for (const heading of ['Subjective', 'Objective', 'Assessment', 'Plan'])
      expect(screen.getByLabelText(heading)).toBeTruthy();
    expect(screen.queryByLabelText('Note', { selector: 'textarea' })).toBeNull();

    // All sections empty: the server's own message, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Write in at least one section')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Subjective'), 'Calmer');
    await user.type(screen.getByLabelText('Plan'), 'Sleep diary');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('template')).toBe('soap');
    expect(JSON.parse(sent[0]!.get('sections') as string)).toEqual(['Calmer', '', '', 'Sleep diary']);
    expect(sent[0]!.get('content')).toBe('');
    expect(await screen.findByText('Note Successfully Added')).toBeTruthy();
  });

  it('shows German headings for a built-in template in German', async () => {
    mockFetch([{ method: 'GET', path: '/api/v1/note-template', respond: () => jsonResponse({ data: [] }) }]);
    await i18n.changeLanguage('de');
    try {
      inDialog(<NoteAddModal type="booking" reference={BOOKING_ID} onClose={vi.fn()} />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Sitzungsnotiz schreiben' }));
      await user.selectOptions(await screen.findByLabelText('Vorlage'), 'birp');
      for (const heading of ['Verhalten', 'Intervention', 'Reaktion', 'Plan'])
        expect(screen.getByLabelText(heading)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('editing a note written from a template', () => {
  it('keeps its headings, one field each, and sends the new texts as sections', async () => {
    const sent: FormData[] = [];
    mockFetch([
      {
        method: 'PUT',
        path: `/api/v1/note/${NOTE_ID}`,
        respond: (init) => {
          sent.push(init?.body as FormData);
          return jsonResponse({ data: saved(), message: 'Note Successfully Updated' });
        },
      },
    ]);
    const note = saved({
      sections: [
        { heading: 'Reason', text: 'Sleep' },
        { heading: 'Goals', text: '' },
      ],
      template: { builtIn: null, identifier: null },
    });
    inDialog(<NoteEditForm note={note} onClose={vi.fn()} />);
    const user = userEvent.setup();
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Sleep');
    await user.type(screen.getByLabelText('Goals'), 'Rest');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(sent[0]!.get('sections') as string)).toEqual(['Sleep', 'Rest']);
  });
});

describe('Sign and lock', () => {
  it('says what signing means, signs on confirmation and says so; Cancel signs nothing', async () => {
    const calls: string[] = [];
    mockFetch([
      {
        method: 'POST',
        path: `/api/v1/note/${NOTE_ID}/sign`,
        respond: () => {
          calls.push('sign');
          return jsonResponse({
            data: saved({ signedAt: '2026-11-26T11:00:00.000Z', signedByIdentifier: CLIENT_ID, signedByName: 'Lena' }),
            message: 'Note signed and locked',
          });
        },
      },
    ]);
    const onClose = vi.fn();
    inDialog(<NoteSignModal noteId={NOTE_ID} title="Session 3" onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Sign and lock this note?' })).toBeTruthy();
    expect(screen.getByText('After signing, the note can no longer be edited or deleted.')).toBeTruthy();
    expect(screen.getByText('You can still add dated addenda under it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign and lock' }));
    expect(await screen.findByText('Note signed and locked')).toBeTruthy();
    expect(calls).toEqual(['sign']);
  });

  it("shows the server's refusal (already signed) and stays open", async () => {
    mockFetch([
      {
        method: 'POST',
        path: `/api/v1/note/${NOTE_ID}/sign`,
        respond: () => jsonResponse({ message: 'This note is already signed', code: 'CONFLICT', requestId: 'r1' }, 409),
      },
    ]);
    inDialog(<NoteSignModal noteId={NOTE_ID} title="Session 3" onClose={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign and lock' }));
    expect(await screen.findByText('This note is already signed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign and lock' })).toBeTruthy();
  });
});
