import type { Note } from '@therapy/contracts/notes';
import { NOTE_FILE_MAX_BYTES } from '@therapy/contracts/notes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { NoteAddModal } from './note-add-modal';

const BOOKING_ID = '0190a6c4-0000-7000-8000-0000000000b1';
const CLIENT_ID = '0190a6c4-0000-7000-8000-0000000000c1';

const file = (name: string, size = 1000, type = 'application/pdf') => {
  const f = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const saved = (over: Partial<Note> = {}): Note => ({
  identifier: '0190a6c4-0000-7000-8000-0000000000a1',
  type: 'booking',
  reference: BOOKING_ID,
  bookingIdentifier: BOOKING_ID,
  clientIdentifier: CLIENT_ID,
  title: 'First session',
  content: 'Talked about sleep.',
  file: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  template: null,
  sections: null,
  signedAt: null,
  signedByIdentifier: null,
  signedByName: null,
  addenda: [],
  ...over,
});

function renderModal(type: 'booking' | 'client' = 'booking', reference = type === 'booking' ? BOOKING_ID : CLIENT_ID) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <NoteAddModal type={type} reference={reference} onClose={onClose} />
    </Dialog>,
  );
  // The accept list is only the browser's hint; the modal's own check must catch what gets past it.
  return { ...view, onClose, user: userEvent.setup({ applyAccept: false }) };
}

/** GET /note-template (issue 47): the provider's own templates, for the template picker. */
const ownTemplates = (data: unknown[] = []) => ({
  method: 'GET',
  path: '/api/v1/note-template',
  respond: () => jsonResponse({ data }),
});
/** What was sent to the server besides reading the templates. */
const writes = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() !== 'GET');

/** Answers POST /note with a saved note and records the multipart body it was sent. */
function acceptNotes(note: Note = saved()) {
  const sent: FormData[] = [];
  const fetchMock = mockFetch([
    ownTemplates(),
    {
      method: 'POST',
      path: '/api/v1/note',
      respond: (init) => {
        sent.push(init?.body as FormData);
        return jsonResponse({ data: note, message: 'Note Successfully Added' }, 201);
      },
    },
  ]);
  return { sent, fetchMock };
}

describe('NoteAddModal (spec §2 "Session note" / "Client note", §4 "Note modal")', () => {
  it('starts with the choice; Cancel there closes the modal', async () => {
    const fetchMock = mockFetch([ownTemplates()]);
    const { user, onClose } = renderModal();
    expect(screen.getByRole('heading', { name: 'Add Session Note' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Type Session Notes' })).toBeTruthy();
    expect(screen.getByLabelText('Upload File').getAttribute('accept')).toBe(
      '.doc,.pdf,.jpg,.jpeg,.png,.mp3,.wav,.ogg,.csv',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(writes(fetchMock)).toEqual([]);
  });

  it('typing: the form has Note Title, the read-only Booking ID and the text with a counter; Cancel returns to the choice', async () => {
    mockFetch([ownTemplates()]);
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Type Session Notes' }));
    const bookingId = screen.getByLabelText('Booking ID') as HTMLInputElement;
    expect(bookingId.value).toBe(BOOKING_ID);
    expect(bookingId.readOnly).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Note Title'));
    await user.type(screen.getByLabelText('Note', { selector: 'textarea' }), 'Hello');
    expect(screen.getByText('5 of 4000 characters')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Type Session Notes' })).toBeTruthy();
    // Back in the form, what was typed is gone.
    await user.click(screen.getByRole('button', { name: 'Type Session Notes' }));
    expect((screen.getByLabelText('Note', { selector: 'textarea' }) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's messages: title required, 3-32, text required when typing, at most 4000; nothing is sent", async () => {
    const fetchMock = mockFetch([ownTemplates()]);
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Type Session Notes' }));
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note Title is required')).toBeTruthy();
    expect(screen.getByText('Please type your note')).toBeTruthy();

    await user.type(screen.getByLabelText('Note Title'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note Title must be at least 3 characters')).toBeTruthy();

    await user.clear(screen.getByLabelText('Note Title'));
    await user.type(screen.getByLabelText('Note Title'), 'x'.repeat(33));
    const text = screen.getByLabelText('Note', { selector: 'textarea' });
    await user.click(text);
    await user.paste('y'.repeat(4001));
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note Title must be at most 32 characters')).toBeTruthy();
    expect(screen.getByText('A note must be at most 4000 characters')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('adds a typed session note as multipart, then says "Note Successfully Added"', async () => {
    const { sent } = acceptNotes();
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Type Session Notes' }));
    await user.type(screen.getByLabelText('Note Title'), 'First session');
    await user.type(screen.getByLabelText('Note', { selector: 'textarea' }), 'Talked about sleep.');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByRole('heading', { name: 'Note added' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Note Successfully Added');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('type')).toBe('booking');
    expect(sent[0]!.get('reference')).toBe(BOOKING_ID);
    expect(sent[0]!.get('title')).toBe('First session');
    expect(sent[0]!.get('content')).toBe('Talked about sleep.');
    expect(sent[0]!.has('file')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('"Upload File" goes to the form in file mode: name, size in MB with 2 decimals, no text; sends empty content', async () => {
    const { sent } = acceptNotes(
      saved({ content: '', file: { filename: 'scan.pdf', size: 1_572_864, contentType: 'application/pdf' } }),
    );
    const { user } = renderModal();
    await user.upload(screen.getByLabelText('Upload File'), file('scan.pdf', 1_572_864));
    expect(screen.getByText('scan.pdf')).toBeTruthy();
    expect(screen.getByText('1.50 MB')).toBeTruthy();
    expect(screen.queryByLabelText('Note', { selector: 'textarea' })).toBeNull();
    await user.type(screen.getByLabelText('Note Title'), 'Intake form');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note Successfully Added')).toBeTruthy();
    expect(sent[0]!.get('content')).toBe('');
    expect((sent[0]!.get('file') as File).name).toBe('scan.pdf');
  });

  it('choosing a file in the typing form switches to file mode; removing it goes back to typing', async () => {
    mockFetch([ownTemplates()]);
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Type Session Notes' }));
    await user.type(screen.getByLabelText('Note Title'), 'Audio');
    await user.upload(screen.getByLabelText('Choose a file instead'), file('voice.mp3', 2048, 'audio/mpeg'));
    expect(screen.getByText('voice.mp3')).toBeTruthy();
    expect(screen.getByText('0.00 MB')).toBeTruthy();
    expect(screen.queryByLabelText('Note', { selector: 'textarea' })).toBeNull();
    expect((screen.getByLabelText('Note Title') as HTMLInputElement).value).toBe('Audio');
    await user.click(screen.getByRole('button', { name: 'Remove file and type instead' }));
    expect(screen.getByLabelText('Note', { selector: 'textarea' })).toBeTruthy();
  });

  it('checks the file at once: a session note refuses mp4, any note refuses more than 10 MB; nothing is sent', async () => {
    const fetchMock = mockFetch([ownTemplates()]);
    const { user } = renderModal();
    await user.upload(screen.getByLabelText('Upload File'), file('clip.mp4', 1000, 'video/mp4'));
    expect(screen.getByText('Files must be doc, pdf, jpg, jpeg, png, mp3, wav, ogg or csv')).toBeTruthy();
    await user.type(screen.getByLabelText('Note Title'), 'Clip');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await user.upload(screen.getByLabelText('Choose another file'), file('big.pdf', NOTE_FILE_MAX_BYTES + 1));
    expect(screen.getByText('File too large (at most 10 MB)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(writes(fetchMock)).toEqual([]);
  });

  it('a client note: labelled for clients, no Booking ID, mp4 allowed, the client id as reference', async () => {
    const { sent } = acceptNotes(saved({ type: 'client', reference: CLIENT_ID, bookingIdentifier: null }));
    const { user } = renderModal('client');
    expect(screen.getByRole('heading', { name: 'Add Client Note' })).toBeTruthy();
    await user.upload(screen.getByLabelText('Upload File'), file('session.mp4', 4096, 'video/mp4'));
    expect(screen.queryByLabelText('Booking ID')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Note Title'), 'Video diary');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note Successfully Added')).toBeTruthy();
    expect(sent[0]!.get('type')).toBe('client');
    expect(sent[0]!.get('reference')).toBe(CLIENT_ID);
  });

  it('a client note without a client id says "Client ID is missing"', async () => {
    const fetchMock = mockFetch([ownTemplates()]);
    const { user } = renderModal('client', '');
    await user.click(screen.getByRole('button', { name: 'Type Client Notes' }));
    await user.type(screen.getByLabelText('Note Title'), 'About Ada');
    await user.type(screen.getByLabelText('Note', { selector: 'textarea' }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Client ID is missing')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('shows a refusal of the server inline, next to the file, and stays on the form', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/note',
        respond: () =>
          jsonResponse(
            { message: "The file's content does not match its type", code: 'VALIDATION_ERROR', requestId: 'r1' },
            400,
          ),
      },
    ]);
    const { user, onClose } = renderModal();
    await user.upload(screen.getByLabelText('Upload File'), file('renamed.pdf'));
    await user.type(screen.getByLabelText('Note Title'), 'Scan');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe("The file's content does not match its type"),
    );
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
