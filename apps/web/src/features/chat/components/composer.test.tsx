import { CHAT_FILE_MAX_BYTES, type ChatMessage } from '@therapy/contracts/chat';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { Composer } from './composer';

const CONVERSATION = '0190a6c4-0000-7000-8000-0000000000c1';

const file = (name: string, size = 1000, type = 'application/pdf') => {
  const f = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const stored = (content: string): ChatMessage => ({
  identifier: '0190a6c4-0000-7000-8000-0000000000e1',
  conversationIdentifier: CONVERSATION,
  senderIdentifier: '0190a6c4-0000-7000-8000-0000000000f1',
  content,
  isDeleted: false,
  editedAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  attachments: [],
  seen: false,
});

function renderComposer() {
  const onSent = vi.fn();
  const view = renderWithProviders(<Composer conversationId={CONVERSATION} onSent={onSent} />);
  // The accept list is only the browser's hint; the composer's own check must catch what gets past it.
  return { ...view, onSent, user: userEvent.setup({ applyAccept: false }) };
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });

describe('Composer (POST /messages/store)', () => {
  it("refuses an empty message, 10,001 characters, a program, 11 MB and six files with the server's messages; nothing is sent", async () => {
    const fetchMock = mockFetch([]);
    const { user } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please write a message or attach a file')).toBeTruthy();
    expect(textbox().getAttribute('aria-invalid')).toBe('true');

    await user.type(textbox(), '   ');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Please write a message or attach a file')).toBeTruthy();

    await user.click(textbox());
    await user.paste('y'.repeat(10_001));
    expect(screen.getByText('10004 of 10000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A message must be at most 10000 characters')).toBeTruthy();
    await user.clear(textbox());

    await user.upload(screen.getByLabelText('Attach files'), file('setup.exe', 2000, 'application/octet-stream'));
    expect(await screen.findByText('Attachments must be images (jpg, jpeg, png) or pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove setup.exe' }));

    await user.upload(screen.getByLabelText('Attach files'), file('scan.pdf', CHAT_FILE_MAX_BYTES + 1024 * 1024));
    expect(await screen.findByText('An attachment may be at most 10 MB')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));

    await user.upload(
      screen.getByLabelText('Attach files'),
      ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => file(`${n}.pdf`)),
    );
    expect(await screen.findByText('Please attach at most 5 files to one message')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please attach at most 5 files to one message')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends text and files as multipart with Enter, then empties itself; Shift+Enter is a new line', async () => {
    const sent: FormData[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/messages/store',
        respond: (init) => (sent.push(init?.body as FormData), jsonResponse({ data: stored('Hello\nthere') }, 201)),
      },
    ]);
    const { user, onSent } = renderComposer();
    await user.type(textbox(), 'Hello{Shift>}{Enter}{/Shift}there');
    await user.upload(screen.getByLabelText('Attach files'), file('diary.pdf'));
    expect(screen.getByText('diary.pdf')).toBeTruthy();
    await user.click(textbox());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('conversationIdentifier')).toBe(CONVERSATION);
    expect(sent[0]!.get('content')).toBe('Hello\nthere');
    expect((sent[0]!.get('files') as File).name).toBe('diary.pdf');
    expect((textbox() as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('diary.pdf')).toBeNull();
  });

  it("keeps the text and shows the server's answer when sending fails (the send limit)", async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/messages/store',
        respond: () =>
          jsonResponse(
            {
              message: 'You are sending messages too fast; please wait a moment',
              code: 'TOO_MANY_REQUESTS',
              requestId: 'r1',
            },
            429,
          ),
      },
    ]);
    const { user, onSent } = renderComposer();
    await user.type(textbox(), 'One more');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You are sending messages too fast; please wait a moment')).toBeTruthy();
    expect((textbox() as HTMLTextAreaElement).value).toBe('One more');
    expect(onSent).not.toHaveBeenCalled();
  });
});
