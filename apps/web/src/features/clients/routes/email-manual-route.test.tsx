import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalStore } from '@/lib/modal-store';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { anEntry, failure } from '../test/clients-fixture';
import { EmailManualRoute } from './email-manual-route';

afterEach(() => useModalStore.getState().reset());

const render = (route = '/clients/imported/email-manual') =>
  renderWithProviders(<EmailManualRoute />, { route, path: '/clients/imported/email-manual' });

describe('EmailManualRoute: invite by email', () => {
  it("checks the address with the contract's message, sends it with the names left out, and opens 'Mail Sent Successfully'", async () => {
    const bodies: unknown[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/import/email',
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ data: anEntry({ status: 'invited' }), message: 'Mail Sent Successfully' }, 201);
        },
      },
    ]);
    const { user } = render();
    expect(screen.getByRole('button', { name: 'Invite by email' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'Lena@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(useModalStore.getState().modals[0]).toMatchObject({
        id: 'client-import-success',
        props: { kind: 'email' },
      }),
    );
    expect(bodies).toEqual([{ email: 'lena@example.com' }]);
    // The form starts over for the next invitation.
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('shows "already in your list" under the address', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/import/email',
        respond: () => failure(400, 'This client is already in your list'),
      },
    ]);
    const { user } = render();
    await user.type(screen.getByLabelText('Email address'), 'lena@example.com');
    await user.type(screen.getByLabelText(/First name/), 'Lena');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const error = await screen.findByText('This client is already in your list');
    expect(screen.getByLabelText('Email address').getAttribute('aria-describedby')).toContain(error.id);
    expect(useModalStore.getState().modals).toEqual([]);
  });
});

describe('EmailManualRoute: enter details', () => {
  it('requires names and address, checks the phone, and opens "Details Saved Successfully"', async () => {
    const bodies: unknown[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/import/manual',
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ data: anEntry(), message: 'Details Saved Successfully' }, 201);
        },
      },
    ]);
    const { user, router } = render();
    await user.click(screen.getByRole('button', { name: 'Enter details' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=manual'));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findAllByText('Name is required')).toHaveLength(2);
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Lena');
    await user.type(screen.getByLabelText('Last name'), 'Berg');
    await user.type(screen.getByLabelText('Email address'), 'lena@example.com');
    await user.type(screen.getByLabelText(/Phone number/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Number may contain only digits, spaces, a leading + and ( ) - . /')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(screen.getByLabelText(/Phone number/));
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), "O'Connor-Müller");
    await user.type(screen.getByLabelText(/Phone number/), '+1 (212) 555-0142');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(useModalStore.getState().modals[0]).toMatchObject({
        id: 'client-import-success',
        props: { kind: 'manual' },
      }),
    );
    expect(bodies).toEqual([
      { firstName: 'Lena', lastName: "O'Connor-Müller", email: 'lena@example.com', phoneNumber: '+12125550142' },
    ]);
  });

  it('shows a failure it cannot place on a field above the button', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/import/manual',
        respond: () => failure(403, 'Access denied', 'FORBIDDEN'),
      },
    ]);
    const { user } = render('/clients/imported/email-manual?mode=manual');
    await user.type(screen.getByLabelText('First name'), 'Lena');
    await user.type(screen.getByLabelText('Last name'), 'Berg');
    await user.type(screen.getByLabelText('Email address'), 'lena@example.com');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Access denied');
  });
});
