import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { anEntry, failure } from '../test/clients-fixture';
import { ClientRecordPanel } from './client-record-panel';

const id = uuid(500);
const relation = (over: object = {}) => ({
  clientIdentifier: id,
  sources: ['import'],
  status: 'added',
  record: { firstName: 'Mara', lastName: 'Stein', email: 'mara@example.com', phoneNumber: null, invitedAt: null },
  ...over,
});

function render(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch([
    { path: `/api/v1/clients/relation/${id}`, respond: () => jsonResponse({ data: relation() }) },
    ...routes,
  ]);
  return {
    ...renderWithProviders(<ClientRecordPanel clientId={id} />, { route: `/clients/${id}`, path: '/clients/:id' }),
    fetchMock,
  };
}

describe('ClientRecordPanel (a client without an account)', () => {
  it('shows the record and sends the invitation', async () => {
    const { user } = render([
      {
        method: 'POST',
        path: `/api/v1/clients/records/${id}/invitation`,
        respond: () =>
          jsonResponse({ data: anEntry({ identifier: id, status: 'invited' }), message: 'Invitation sent' }),
      },
    ]);
    expect(await screen.findByText('mara@example.com')).toBeTruthy();
    expect(screen.getByText('Not invited yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
  });

  it('edits the details with the manual entry rules: a bad address is refused in the form, nothing sent', async () => {
    const bodies: unknown[] = [];
    const { user } = render([
      {
        method: 'PUT',
        path: `/api/v1/clients/records/${id}`,
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ data: anEntry({ identifier: id }), message: 'Client details saved' });
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const email = screen.getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(email);
    await user.type(email, 'mara.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Client details saved')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ firstName: 'Mara', lastName: 'Stein', email: 'mara.new@example.com' });
  });

  it("asks before deleting and shows the server's refusal when the record has notes", async () => {
    const message = 'This client has appointments, notes or questionnaires, so their record cannot be deleted';
    const { user } = render([
      { method: 'DELETE', path: `/api/v1/clients/records/${id}`, respond: () => failure(409, message, 'CONFLICT') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete client' }));
    expect(screen.getByText('Delete Mara Stein and their record? This cannot be undone.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('after a delete it leaves for the list without reading the deleted record again (which would be a 404)', async () => {
    const { user, fetchMock } = render([
      {
        method: 'DELETE',
        path: `/api/v1/clients/records/${id}`,
        respond: () => jsonResponse({ message: 'Client deleted' }),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete client' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    const calls = () => fetchMock.mock.calls.map(([url]) => String(url));
    await waitFor(() => expect(calls().some((u) => u.includes(`/clients/records/${id}`))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls().filter((u) => u.includes(`/clients/relation/${id}`))).toHaveLength(1);
  });

  it('shows nothing for a client with an account', async () => {
    mockFetch([
      {
        path: `/api/v1/clients/relation/${id}`,
        respond: () => jsonResponse({ data: relation({ status: 'active', record: null }) }),
      },
    ]);
    const { container } = renderWithProviders(<ClientRecordPanel clientId={id} />);
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
