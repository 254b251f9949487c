import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { BookingApproval } from './booking-approval';

describe('BookingApproval', () => {
  it('shows the setting and saves it when switched', async () => {
    const bodies: unknown[] = [];
    mockFetch([
      { path: '/api/v1/appointment/settings', respond: () => jsonResponse({ data: { requiresApproval: false } }) },
      {
        method: 'PUT',
        path: '/api/v1/appointment/settings',
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ data: { requiresApproval: true } });
        },
      },
    ]);
    const { user } = renderWithProviders(<BookingApproval />);
    const toggle = await screen.findByRole('switch', { name: 'Approve each booking before the client pays' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await screen.findByRole('switch', { name: 'Approve each booking before the client pays', checked: true });
    expect(bodies).toEqual([{ requiresApproval: true }]);
  });

  it('shows a load error with a retry', async () => {
    mockFetch([
      {
        path: '/api/v1/appointment/settings',
        respond: () => jsonResponse({ code: 'FORBIDDEN', message: 'Forbidden', requestId: 'r' }, 403),
      },
    ]);
    renderWithProviders(<BookingApproval />);
    expect(await screen.findByText('The booking approval setting could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a failed save and keeps the old value', async () => {
    mockFetch([
      { path: '/api/v1/appointment/settings', respond: () => jsonResponse({ data: { requiresApproval: true } }) },
      {
        method: 'PUT',
        path: '/api/v1/appointment/settings',
        respond: () => jsonResponse({ code: 'VALIDATION_ERROR', message: 'Malformed request', requestId: 'r' }, 400),
      },
    ]);
    const { user } = renderWithProviders(<BookingApproval />);
    await user.click(await screen.findByRole('switch', { name: 'Approve each booking before the client pays' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Malformed request');
    expect(
      screen.getByRole('switch', { name: 'Approve each booking before the client pays' }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});
