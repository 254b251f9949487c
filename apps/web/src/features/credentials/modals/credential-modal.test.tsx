import { CREDENTIAL_FILE_MAX_BYTES, type Qualification } from '@therapy/contracts/credentials';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { CredentialForm } from './credential-modal';

const file = (name: string, size = 1000, type = 'application/pdf') => {
  const f = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function renderForm(existing?: Qualification) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <Dialog open onOpenChange={() => undefined}>
      <CredentialForm existing={existing} onClose={onClose} />
    </Dialog>,
  );
  // The accept list is the browser's hint; the form's own check must catch what gets past it, so the test ignores it.
  return { ...view, onClose, user: userEvent.setup({ applyAccept: false }) };
}

const created: Qualification = {
  identifier: '0190a6c4-0000-7000-8000-000000000001',
  type: 'license',
  details: { body: 'NY Board', credentialNumber: 'NY-1/2', title: null, stateIdentifier: null, expiresOn: null },
  files: [
    {
      identifier: '0190a6c4-0000-7000-8000-000000000002',
      filename: 'a.pdf',
      size: 2048,
      contentType: 'application/pdf',
      url: '/api/v1/files/x',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  review: 'approved',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The state picker's list (a licence names its state, issue 45). */
const states = {
  path: '/api/v1/region/country/code/US/states',
  respond: () =>
    jsonResponse({ data: [{ identifier: '0190a6c4-0000-7000-8000-0000000000aa', code: 'NY', name: 'New York' }] }),
};
/** Calls that would change something (the state list is only read). */
const writes = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') !== 'GET');

describe('CredentialForm (spec §5 "Credential")', () => {
  it('a licence needs a body, a credential number and at least one file; nothing is sent', async () => {
    const fetchMock = mockFetch([states]);
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Licensing body is required')).toBeTruthy();
    expect(screen.getByText('Credential number is required')).toBeTruthy();
    expect(screen.getByText('Please add at least one file')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('takes a licence number with spaces, slashes and dots ("LMHC 012345", "PP-12/345")', async () => {
    for (const number of ['LMHC 012345', 'PP-12/345']) {
      mockFetch([states]);
      const { user, unmount } = renderForm();
      await user.type(screen.getByLabelText('Licensing body'), 'NY Board');
      await user.type(screen.getByLabelText('Credential number'), number);
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByText('Please add at least one file')).toBeTruthy();
      expect(screen.queryByText(/Credential number may contain/)).toBeNull();
      unmount();
    }
  });

  it("refuses a credential number with other signs, with the server's message", async () => {
    mockFetch([states]);
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Licensing body'), 'NY Board');
    await user.type(screen.getByLabelText('Credential number'), 'NY#123');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('Credential number may contain only letters, digits, spaces, dashes, slashes and dots'),
    ).toBeTruthy();
  });

  it('another kind needs a title', async () => {
    mockFetch([states]);
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Other qualification' }));
    await user.selectOptions(screen.getByLabelText('Kind of qualification'), 'certification');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.queryByLabelText('Licensing body')).toBeNull();
  });

  it('checks each chosen file before upload: a wrong type and 10 MB + 1 byte are marked, exactly 10 MB is fine; nothing is sent', async () => {
    const fetchMock = mockFetch([states]);
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Licensing body'), 'NY Board');
    await user.type(screen.getByLabelText('Credential number'), 'NY-123');
    const input = screen.getByLabelText('Choose files');
    expect(input.getAttribute('accept')).toBe('.doc,.docx,.pdf,.jpg,.jpeg,.png');
    expect(input.hasAttribute('multiple')).toBe(true);
    await user.upload(input, [
      file('setup.exe'),
      file('scan.pdf', CREDENTIAL_FILE_MAX_BYTES + 1),
      file('exact.pdf', CREDENTIAL_FILE_MAX_BYTES),
    ]);
    const chosen = within(screen.getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem');
    expect(chosen).toHaveLength(3);
    expect(within(chosen[0]!).getByText('Files must be doc, docx, pdf, jpg, jpeg or png')).toBeTruthy();
    expect(within(chosen[1]!).getByText('File too large')).toBeTruthy();
    expect(within(chosen[2]!).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(writes(fetchMock)).toEqual([]);

    // Removing the bad ones lets the rest go.
    await user.click(screen.getByRole('button', { name: 'Remove setup.exe' }));
    await user.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(within(screen.getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends a valid licence with two files as multipart (type, body, credentialNumber, files) and closes', async () => {
    let sent: FormData | undefined;
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/provider/qualification',
        respond: (init) => {
          sent = init?.body as FormData;
          return jsonResponse({ data: created, message: 'File Upload Successful' }, 201);
        },
      },
      { path: '/api/v1/provider/qualification', respond: () => jsonResponse({ data: [created] }) },
    ]);
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText('Licensing body'), 'NY Board');
    await user.type(screen.getByLabelText('Credential number'), 'NY-1/2');
    await user.upload(screen.getByLabelText('Choose files'), [file('front.pdf'), file('back.png', 5000, 'image/png')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent?.get('type')).toBe('license');
    expect(sent?.get('body')).toBe('NY Board');
    expect(sent?.get('credentialNumber')).toBe('NY-1/2');
    expect(sent?.has('title')).toBe(false);
    expect((sent?.getAll('files') as File[]).map((f) => f.name)).toEqual(['front.pdf', 'back.png']);
  });

  it('sends the state a licence is issued for and its expiry date (issue 45)', async () => {
    let sent: FormData | undefined;
    mockFetch([
      states,
      {
        method: 'POST',
        path: '/api/v1/provider/qualification',
        respond: (init) => {
          sent = init?.body as FormData;
          return jsonResponse({ data: created, message: 'File Upload Successful' }, 201);
        },
      },
      { path: '/api/v1/provider/qualification', respond: () => jsonResponse({ data: [created] }) },
    ]);
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText('Licensing body'), 'NY Board');
    await user.type(screen.getByLabelText('Credential number'), 'NY-1/2');
    await user.selectOptions(
      screen.getByLabelText('State the licence is issued for'),
      await screen.findByRole('option', { name: 'New York' }),
    );
    await user.type(screen.getByLabelText('Valid until'), '2031-06-30');
    await user.upload(screen.getByLabelText('Choose files'), [file('front.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent?.get('stateIdentifier')).toBe('0190a6c4-0000-7000-8000-0000000000aa');
    expect(sent?.get('expiresOn')).toBe('2031-06-30');
  });

  it("shows the server's message when it refuses (e.g. a renamed executable) and stays open", async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/provider/qualification',
        respond: () =>
          jsonResponse(
            {
              message: "The file's content does not match its type (doc, docx, pdf, jpg, jpeg or png)",
              code: 'VALIDATION_ERROR',
              errors: ['x'],
              requestId: 'r',
            },
            400,
          ),
      },
    ]);
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText('Licensing body'), 'NY Board');
    await user.type(screen.getByLabelText('Credential number'), 'NY1');
    await user.upload(screen.getByLabelText('Choose files'), [file('evil.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText("The file's content does not match its type (doc, docx, pdf, jpg, jpeg or png)"),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('in edit mode, files are optional, stored files can be replaced, and the only file cannot be deleted', async () => {
    mockFetch([states]);
    renderForm(created);
    expect(screen.getByRole('heading', { name: 'Edit credential' })).toBeTruthy();
    expect((screen.getByLabelText('Licensing body') as HTMLInputElement).value).toBe('NY Board');
    expect((screen.getByRole('button', { name: 'Replace a.pdf' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Delete a.pdf' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('A credential keeps at least one file: add another before deleting this one.'),
    ).toBeTruthy();
  });
});
